import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DotMark } from '../../../components/dot-mark';
import { DOT_KINDS, type DotKind } from '../../../lib/dots';

/** What each dot means, with how many of each the chart shows. */
export function DotLegend({ counts }: { counts: Record<DotKind, number> }) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('medicines.chart.legend')}
      data-tour="dot-legend"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0, mt: 1 }}
    >
      {DOT_KINDS.map((kind) => (
        <Box component="li" key={kind} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <DotMark kind={kind} size={14} />
          <Typography variant="body2">
            {t(`medicines.dot.${kind}`)}{' '}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              ({counts[kind]})
            </Box>
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
