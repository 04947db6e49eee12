import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** A loading state that tells screen readers what is happening. */
export function Loading({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: fullPage ? '100vh' : 160,
        width: '100%',
      }}
    >
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  );
}
