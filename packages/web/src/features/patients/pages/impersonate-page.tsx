import type { ImpersonationSession } from '@dosedot/domain';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ContentCard } from '../../../components/content-card';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { useLocalizedPath } from '../../../hooks/use-locale';
import { useImpersonation, usePatientProfile } from '../../../lib/impersonation';
import { PatientList } from '../components/patient-list';
import { ReasonDialog } from '../components/reason-dialog';
import { UsersTabs } from '../components/users-tabs';
import { useBeginImpersonation } from '../hooks/use-begin-impersonation';
import { formatCreated } from '../utils/format';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, mt: 0.5, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The open session: whom, why, until when; the patient's profile; where to go (Stop is in the banner). */
function CurrentSession({ session }: { session: ImpersonationSession }) {
  const { t, i18n } = useTranslation();
  const href = useLocalizedPath();
  const profile = usePatientProfile();
  const name = `${session.givenname} ${session.familyname}`.trim();
  return (
    <Stack spacing={3}>
      <ContentCard title={t('patients.session.title', { name })} description={t('patients.session.text')}>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
            gap: 3,
          }}
        >
          <Fact label={t('patients.session.reason')}>{session.reason}</Fact>
          <Fact label={t('patients.session.started')}>{formatCreated(session.startedAt, i18n.language)}</Fact>
          <Fact label={t('patients.session.ends')}>{formatCreated(session.expiresAt, i18n.language)}</Fact>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 3 }}>
          <Button variant="contained" component={RouterLink} to={href(paths.dashboard)}>
            {t('patients.session.openDashboard')}
          </Button>
          <Button variant="outlined" component={RouterLink} to={href(paths.myMedicine)}>
            {t('patients.session.openMedicine')}
          </Button>
        </Box>
      </ContentCard>
      <QueryState query={profile} loading={<LoadingSkeleton rows={3} />}>
        {(p) => (
          <ContentCard title={t('patients.session.profile')}>
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
                gap: 3,
              }}
            >
              <Fact label={t('patients.columns.profileuid')}>{p.profileuid}</Fact>
              <Fact label={t('patients.columns.language')}>{t(`language.${p.language}`)}</Fact>
              <Fact label={t('patients.columns.sensor')}>{p.sensor?.deveui ?? t('patients.noSensor')}</Fact>
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
              {t('patients.session.medicines')}
            </Typography>
            {p.medicines.length === 0 ? (
              <Typography sx={{ mt: 0.5 }}>{t('patients.session.noMedicines')}</Typography>
            ) : (
              <List dense aria-label={t('patients.session.medicines')}>
                {p.medicines.map((m) => (
                  <ListItem key={m.id} disableGutters divider>
                    <ListItemText primary={m.name} secondary={m.strength ?? undefined} />
                  </ListItem>
                ))}
              </List>
            )}
          </ContentCard>
        )}
      </QueryState>
    </Stack>
  );
}

/** /patient-list/impersonate: choose a patient and name the reason, or see and stop the open session. */
export function ImpersonatePage() {
  const { t } = useTranslation();
  const session = useImpersonation();
  const impersonation = useBeginImpersonation();
  return (
    <>
      <PageHeader title={t('pages.users.impersonate')} description={t('patients.impersonate.intro')} />
      <UsersTabs />
      {session ? (
        <CurrentSession session={session} />
      ) : (
        <PatientList
          compact
          actions={(entry) =>
            entry.attributes.profiletype === 'admin' ? null : (
              <Button
                size="small"
                variant="outlined"
                startIcon={<SupervisorAccountOutlined />}
                onClick={() => impersonation.choose(entry)}
                aria-label={t('patients.impersonate.buttonFor', {
                  name: `${entry.attributes.givenname} ${entry.attributes.familyname}`.trim(),
                })}
              >
                {t('patients.impersonate.button')}
              </Button>
            )
          }
        />
      )}
      <ReasonDialog
        entry={impersonation.choosing}
        onClose={impersonation.cancel}
        onStarted={impersonation.started}
      />
    </>
  );
}
