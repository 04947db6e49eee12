import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * The DoseDot mark and name: the mark in the primary accent, the name in the text colour. With
 * `color` (e.g. 'inherit' on the brand panel) both take that colour.
 */
export function Logo({ size = 32, color }: { size?: number; color?: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: color ?? 'text.primary' }}>
      <Box
        component="svg"
        viewBox="0 0 64 64"
        aria-hidden="true"
        sx={{ width: size, height: size, flex: 'none', color: color ?? 'primary.accent' }}
      >
        <circle cx="32" cy="32" r="30" fill="currentColor" opacity="0.2" />
        {/* A ring, not a white dot on a disc: the centre shows the surface in every mode. */}
        <circle cx="32" cy="32" r="12.5" fill="none" stroke="currentColor" strokeWidth="11" />
      </Box>
      <Typography component="span" sx={{ fontWeight: 700, fontSize: size * 0.6, letterSpacing: '-0.01em' }}>
        {t('app.name')}
      </Typography>
    </Box>
  );
}
