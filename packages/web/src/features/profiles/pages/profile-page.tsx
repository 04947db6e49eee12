import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { UserAvatar } from '../../../components/user-avatar';
import { useProfile, useUser } from '../../../lib/current-user';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
        gap: 1,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The signed-in user's profile as the server keeps it; editing comes with the profile issue. */
export function ProfilePage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const { data: user } = useUser();
  return (
    <>
      <PageHeader title={t('pages.profile.title')} />
      <QueryState query={profile}>
        {(p) => {
          const name = `${p.givenname} ${p.familyname}`.trim();
          return (
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 760 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
                <UserAvatar image={user?.profile_img} alt={t('userMenu.avatar', { name })} size={64} />
                <Box>
                  <Typography variant="h6" component="h2" sx={{ textTransform: 'uppercase' }}>
                    {name}
                  </Typography>
                  <Typography color="text.secondary">{user?.email}</Typography>
                </Box>
              </Box>
              <Box component="dl" sx={{ m: 0 }}>
                <Row label={t('pages.profile.language')}>{t(`language.${p.language}`)}</Row>
                <Row label={t('pages.profile.darkMode')}>
                  {p.is_dark ? t('pages.profile.on') : t('pages.profile.off')}
                </Row>
                <Row label={t('pages.profile.status')}>
                  <Chip
                    size="small"
                    color={p.is_active ? 'success' : 'default'}
                    label={p.is_active ? t('pages.profile.active') : t('pages.profile.inactive')}
                  />
                </Row>
                <Row label={t('pages.profile.role')}>
                  {t(`pages.profile.roles.${p.profile_role.profiletype}`)}
                </Row>
                <Row label={t('pages.profile.sensor')}>
                  {p.sensor
                    ? `${p.sensor.deveui}${p.sensor.serial_number ? ` (${p.sensor.serial_number})` : ''}`
                    : t('pages.profile.noSensor')}
                </Row>
              </Box>
            </Paper>
          );
        }}
      </QueryState>
    </>
  );
}
