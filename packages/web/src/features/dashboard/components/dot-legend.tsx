import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DotMark } from '../../../components/dot-mark';
import { DOT_KINDS } from '../../../lib/dots';

/** What each dot means. */
export function DotLegend() {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('dashboard.legend')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0, mt: 2 }}
    >
      {DOT_KINDS.map((kind) => (
        <Box component="li" key={kind} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <DotMark kind={kind} size={14} />
          <Typography variant="body2">{t(`dashboard.dot.${kind}`)}</Typography>
        </Box>
      ))}
    </Box>
  );
}
