import ArrowBack from '@mui/icons-material/ArrowBack';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useLocalizedPath } from '../../hooks/use-locale';
import { onCaringEnded, stopCaring } from '../../lib/impersonation';
import { useSession } from '../../lib/session-store';
import { notify } from '../../lib/toast';

/** Every cached answer read for a cared-for patient (their keys hold 'care-<userId>'). */
const isCaredForData = (key: readonly unknown[]) =>
  key.some((part) => typeof part === 'string' && part.startsWith('care-'));

/**
 * The banner on every private page while a caregiver reads a patient's data (issue 26 item 5):
 * whose data the pages show, that it is read-only, and the way back to one's own. When the patient
 * removes the caregiver, the next read is refused and the view ends with a notice.
 */
export function CaregivingBanner() {
  const { t } = useTranslation();
  const caring = useSession((s) => s.caring);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const href = useLocalizedPath();

  useEffect(() => onCaringEnded((name) => notify.info(t('caregiving.ended', { name }))), [t]);

  // Whenever no patient is read for, nothing read for one stays in the cache.
  useEffect(() => {
    if (!caring) queryClient.removeQueries({ predicate: (q) => isCaredForData(q.queryKey) });
  }, [caring, queryClient]);

  if (!caring) return null;
  const back = () => {
    stopCaring();
    void navigate(href(paths.caregiving));
  };
  return (
    <Box
      role="region"
      aria-label={t('caregiving.bannerLabel')}
      // Sticky from a tablet's width; on a phone it scrolls away with the page rather than cover it.
      sx={{
        position: { xs: 'static', md: 'sticky' },
        top: 72,
        zIndex: (theme) => theme.zIndex.appBar - 1,
        mb: 3,
      }}
    >
      <Alert
        severity="info"
        icon={<VisibilityOutlined />}
        sx={{
          border: 1,
          borderColor: 'info.main',
          '& .MuiAlert-message': { minWidth: 0, flex: 1 },
        }}
      >
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {t('caregiving.viewing', { name: caring.name })}
        </Typography>
        <Typography variant="body2">{t('caregiving.readOnly')}</Typography>
        {/* Below the texts, not beside them: on a phone the texts keep the width. */}
        <Button
          variant="contained"
          color="info"
          size="small"
          startIcon={<ArrowBack />}
          onClick={back}
          sx={{ mt: 1, minHeight: 44 }}
        >
          {t('caregiving.back')}
        </Button>
      </Alert>
    </Box>
  );
}
