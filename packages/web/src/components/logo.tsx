import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The DoseDot mark and name. */
export function Logo({ size = 32, color }: { size?: number; color?: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: color ?? 'text.primary' }}>
      <Box
        component="svg"
        viewBox="0 0 64 64"
        aria-hidden="true"
        sx={{ width: size, height: size, flex: 'none' }}
      >
        <circle cx="32" cy="32" r="30" fill="currentColor" opacity="0.18" />
        <circle cx="32" cy="32" r="18" fill="currentColor" />
        <circle cx="32" cy="32" r="7" fill="#fff" />
      </Box>
      <Typography component="span" sx={{ fontWeight: 700, fontSize: size * 0.6, letterSpacing: 0.2 }}>
        {t('app.name')}
      </Typography>
    </Box>
  );
}
