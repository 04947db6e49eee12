import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useLocalizedPath } from '../../hooks/use-locale';
import {
  getCurrentImpersonation,
  impersonationEnded,
  onImpersonationEnded,
  stopImpersonation,
  useImpersonation,
  usePatientProfile,
} from '../../lib/impersonation';
import { browserZone, formatInZone } from '../../lib/time-zone';
import { notify } from '../../lib/toast';

/** Every cached answer read for an impersonated patient (their keys hold 'imp-<userId>'). */
const isImpersonatedData = (key: readonly unknown[]) =>
  key.some((part) => typeof part === 'string' && part.startsWith('imp-'));

/**
 * The 'Impersonating User' banner on every private page while an administrator acts for a patient:
 * whom, until when, and Stop. The session ends by itself after 30 minutes (the server decides; the
 * banner checks it every minute and at its end time), and what was read for the patient is dropped.
 */
export function ImpersonationBanner() {
  const { t, i18n } = useTranslation();
  const session = useImpersonation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const href = useLocalizedPath();
  const [stopping, setStopping] = useState(false);
  // The session's end in the patient's zone (their profile's, read once for the patient's pages too).
  const patientZone = usePatientProfile().data?.timezone;

  const current = useQuery({
    queryKey: ['impersonation', 'current', session?.id ?? null],
    queryFn: getCurrentImpersonation,
    enabled: session !== null,
    refetchInterval: 60_000,
  });

  // The server no longer holds this session open (expired, stopped in another tab): it ended.
  useEffect(() => {
    if (session && current.data !== undefined && current.data?.id !== session.id) impersonationEnded();
  }, [session, current.data]);

  // At the end time the server refuses the session; ask it then rather than a minute later.
  useEffect(() => {
    if (!session) return;
    const wait = Date.parse(session.expiresAt) - Date.now();
    const timer = setTimeout(() => void current.refetch(), Math.max(0, wait) + 1000);
    return () => clearTimeout(timer);
  }, [session, current.refetch]);

  useEffect(
    () =>
      onImpersonationEnded(() => {
        notify.info(t('impersonation.ended'));
      }),
    [t],
  );

  // Whenever no session is open, nothing read for a patient stays in the cache.
  useEffect(() => {
    if (!session) queryClient.removeQueries({ predicate: (q) => isImpersonatedData(q.queryKey) });
  }, [session, queryClient]);

  if (!session) return null;
  const name = `${session.givenname} ${session.familyname}`.trim();
  const until = formatInZone(session.expiresAt, patientZone ?? browserZone(), i18n.language, {
    timeStyle: 'short',
  });

  const stop = async () => {
    setStopping(true);
    try {
      await stopImpersonation();
      notify.success(t('impersonation.stopped', { name }));
      await navigate(href(paths.patientListImpersonate));
    } finally {
      setStopping(false);
    }
  };

  return (
    <Box
      role="region"
      aria-label={t('pages.users.impersonate')}
      sx={{ position: 'sticky', top: { xs: 64, sm: 72 }, zIndex: (theme) => theme.zIndex.appBar - 1, mb: 3 }}
    >
      <Alert
        severity="warning"
        icon={<SupervisorAccount />}
        sx={{
          alignItems: 'center',
          border: 1,
          borderColor: 'warning.main',
          '& .MuiAlert-message': { minWidth: 0 },
        }}
        action={
          <Button
            variant="contained"
            color="warning"
            startIcon={<StopCircleOutlined />}
            disabled={stopping}
            onClick={() => void stop()}
          >
            {t('impersonation.stop')}
          </Button>
        }
      >
        <Typography sx={{ fontWeight: 700 }}>
          {t('impersonation.title', { label: t('pages.users.impersonate'), name })}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {t('impersonation.details', { reason: session.reason, time: until })}
        </Typography>
      </Alert>
    </Box>
  );
}
