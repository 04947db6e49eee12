import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/text-input';
import type { DateRange } from '../api/keys';
import { MAX_RANGE_DAYS, type RangeProblem } from '../hooks/use-search-state';

interface RangeToolbarProps {
  range: DateRange;
  error: RangeProblem;
  onChange: (range: Partial<DateRange>) => void;
  onReport: () => void;
  reportBusy: boolean;
}

/** The period the history, the dot chart, the presses and the exports cover; the doctor's report. */
export function RangeToolbar({ range, error, onChange, onReport, reportBusy }: RangeToolbarProps) {
  const { t } = useTranslation();
  const message =
    error === 'startAfterEnd'
      ? t('medicines.form.startAfterEnd')
      : error === 'tooLong'
        ? t('medicines.range.tooLong', { max: MAX_RANGE_DAYS })
        : undefined;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mb: 3 }}>
      <Box
        role="group"
        aria-label={t('medicines.range.label')}
        data-tour="range"
        sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}
      >
        <TextInput
          type="date"
          size="small"
          shrinkLabel
          label={t('medicines.range.from')}
          value={range.from}
          onChange={(e) => e.target.value && onChange({ from: e.target.value })}
        />
        <TextInput
          type="date"
          size="small"
          shrinkLabel
          label={t('medicines.range.to')}
          value={range.to}
          error={!!message}
          helperText={message}
          onChange={(e) => e.target.value && onChange({ to: e.target.value })}
        />
      </Box>
      <Box sx={{ flex: 1 }} />
      <Box data-tour="export">
        <Button
          variant="outlined"
          startIcon={<PictureAsPdfOutlined />}
          onClick={onReport}
          disabled={reportBusy || !!error}
        >
          {t('medicines.export.pdf')}
        </Button>
      </Box>
    </Box>
  );
}
