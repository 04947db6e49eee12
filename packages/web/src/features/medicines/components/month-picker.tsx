import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { addMonths } from '../../../lib/dates';
import { formatMonth } from '../../../lib/format';
import { useViewer } from '../../../lib/viewer';

/** A month 'YYYY-MM' with buttons for the month before and after. */
export function MonthPicker({ month, onChange }: { month: string; onChange: (m: string) => void }) {
  const { lang } = useViewer();
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <IconButton aria-label={t('medicines.monthly.previous')} onClick={() => onChange(addMonths(month, -1))}>
        <ChevronLeft />
      </IconButton>
      <Typography
        component="p"
        variant="subtitle1"
        aria-live="polite"
        sx={{ minWidth: 160, textAlign: 'center' }}
      >
        {formatMonth(month, lang)}
      </Typography>
      <IconButton aria-label={t('medicines.monthly.next')} onClick={() => onChange(addMonths(month, 1))}>
        <ChevronRight />
      </IconButton>
    </Box>
  );
}
