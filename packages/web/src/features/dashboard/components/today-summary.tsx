import type { AdherenceDay, IntakeEntry, Medicine } from '@dosedot/domain';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatPercent, formatTime } from '../../../lib/format';
import { useViewer } from '../../../lib/viewer';
import { medicineNames } from '../utils/names';

interface TodaySummaryProps {
  today: AdherenceDay | undefined;
  next: IntakeEntry | undefined;
  medicines: Medicine[];
}

function Figure({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={label} sx={{ p: 2.5, minWidth: 0 }}>
      <Typography variant="overline" component="h2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontWeight: 700, my: 0.5 }}>
        {value}
      </Typography>
      {detail ? (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      ) : null}
    </Paper>
  );
}

/** Today's adherence, what is taken so far and the next dose. */
export function TodaySummary({ today, next, medicines }: TodaySummaryProps) {
  const { today: todayDate, lang, zone } = useViewer();
  const { t } = useTranslation();
  const rate = formatPercent(today?.adherence ?? null, lang);
  const nextTime = next
    ? next.date === todayDate
      ? formatTime(next.scheduledAt, lang, zone)
      : formatDateTime(next.scheduledAt, lang, zone)
    : null;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, mb: 3 }}>
      <Figure
        label={t('dashboard.today.adherence')}
        value={rate ?? '–'}
        detail={
          today && today.due > 0
            ? t('dashboard.today.takenOfDue', { taken: today.taken + today.byHand, due: today.due })
            : t('dashboard.today.nothingDue')
        }
      />
      <Figure
        label={t('dashboard.today.doses')}
        value={t('dashboard.today.takenOf', {
          taken: (today?.taken ?? 0) + (today?.byHand ?? 0),
          count: (today?.scheduled ?? 0) - (today?.notTracked ?? 0),
        })}
        detail={[
          t('dashboard.today.onTime', { count: today?.onTime ?? 0 }),
          // Confirmed by hand counts apart from what the box took; not tracked is neither due nor missed.
          today?.byHand ? t('dashboard.today.byHand', { count: today.byHand }) : null,
          today?.notTracked ? t('dashboard.today.notTracked', { count: today.notTracked }) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      />
      <Figure
        label={t('dashboard.today.next')}
        value={nextTime ?? '–'}
        detail={next ? medicineNames(next.medicineIds, medicines) : t('dashboard.today.noNext')}
      />
    </Box>
  );
}
