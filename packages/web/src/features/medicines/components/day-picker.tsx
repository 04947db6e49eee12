import { addDays } from '@dosedot/domain/time';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** A day with buttons for the day before and after. */
export function DayPicker({ day, onChange }: { day: string; onChange: (day: string) => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <IconButton aria-label={t('medicines.daily.previous')} onClick={() => onChange(addDays(day, -1))}>
        <ChevronLeft />
      </IconButton>
      <TextField
        type="date"
        size="small"
        label={t('medicines.daily.day')}
        value={day}
        onChange={(e) => e.target.value && onChange(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <IconButton aria-label={t('medicines.daily.next')} onClick={() => onChange(addDays(day, 1))}>
        <ChevronRight />
      </IconButton>
    </Box>
  );
}
