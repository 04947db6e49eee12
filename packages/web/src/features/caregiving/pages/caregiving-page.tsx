import ChevronRight from '@mui/icons-material/ChevronRight';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ContentCard } from '../../../components/content-card';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { useLocalizedPath } from '../../../hooks/use-locale';
import { ApiError, failureKey } from '../../../lib/api-client';
import { fieldErrorKey } from '../../../lib/field-errors';
import { useSession } from '../../../lib/session-store';
import { formatInZone } from '../../../lib/time-zone';
import { useViewer } from '../../../lib/viewer';
import { useAcceptInvitation, useCaredFor } from '../api/caregiving';

/**
 * The people I care for (issue 26 item 5), and the page of the e-mailed invitation link
 * (/caregiving?token=…): takes the invitation once, says so or why it cannot be used, and lists them.
 * Choosing one opens their dashboard, read-only, through the same door as an administrator's
 * impersonation (lib/impersonation.ts); the caregiving banner says whose data it is.
 */
export function CaregivingPage() {
  const { t } = useTranslation();
  const { lang, zone } = useViewer();
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  const accept = useAcceptInvitation();
  // With a link's token, the list waits until the invitation is taken (or refused).
  const caredFor = useCaredFor(!token || accept.isSuccess || accept.isError);
  const asked = useRef(false);
  const navigate = useNavigate();
  const href = useLocalizedPath();
  const open = (userid: number, name: string) => {
    useSession.getState().setCaring({ userid, name });
    void navigate(href(paths.dashboard));
  };

  // The link's token is taken once, then dropped from the address (a reload does not try again).
  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    accept.mutate(token, { onSettled: () => setParams({}, { replace: true }) });
  }, [token, accept, setParams]);

  const refused =
    accept.error instanceof ApiError && accept.error.status === 400 ? accept.error.fieldErrors[0] : undefined;
  return (
    <>
      <PageHeader title={t('caregiving.title')} />
      {accept.isSuccess ? (
        <Alert severity="success" role="status" sx={{ mb: 3 }}>
          {t('caregiving.accepted')}
        </Alert>
      ) : null}
      {accept.isError ? (
        <Alert severity="error" role="alert" sx={{ mb: 3 }}>
          {refused
            ? t(fieldErrorKey(refused))
            : `${t('caregiving.acceptFailed')} ${t(failureKey(accept.error))}`}
        </Alert>
      ) : null}
      <ContentCard title={t('caregiving.listTitle')} description={t('caregiving.description')}>
        {accept.isPending ? (
          <LoadingSkeleton rows={2} />
        ) : (
          <QueryState
            query={caredFor}
            loading={<LoadingSkeleton rows={2} />}
            failed={t('caregiving.loadFailed')}
          >
            {(patients) =>
              patients.length === 0 ? (
                <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', color: 'text.secondary' }}>
                  <GroupOutlined aria-hidden="true" />
                  <Typography>{t('caregiving.empty')}</Typography>
                </Box>
              ) : (
                <List aria-label={t('caregiving.listTitle')} disablePadding>
                  {patients.map((p) => {
                    const name = `${p.givenname} ${p.familyname}`.trim();
                    return (
                      <ListItem key={p.userId} divider disablePadding>
                        <ListItemButton
                          onClick={() => open(p.userId, name)}
                          aria-label={t('caregiving.open', { name })}
                          sx={{ minHeight: 56, px: 1 }}
                        >
                          <ListItemText
                            primary={name}
                            secondary={t('caregiving.since', { when: formatInZone(p.since, zone, lang) })}
                          />
                          <ChevronRight aria-hidden="true" />
                        </ListItemButton>
                      </ListItem>
                    );
                  })}
                </List>
              )
            }
          </QueryState>
        )}
      </ContentCard>
    </>
  );
}
