import type { IntakeEntry, Medicine } from '@dosedot/domain';
import { dotStatusOf } from '@dosedot/domain/adherence';
import { eachDate } from '@dosedot/domain/time';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DotMark } from '../../../components/dot-mark';
import { QueryState } from '../../../components/query-state';
import { firstOfMonth, lastOfMonth, weekdayOf } from '../../../lib/dates';
import { formatDate, formatWeekday } from '../../../lib/format';
import { useViewer } from '../../../lib/viewer';
import { useMedicineSchedule } from '../api/get-medicine-schedule';
import { MonthPicker } from './month-picker';

interface MonthlyPlanProps {
  medicine: Medicine;
  month: string;
  onMonthChange: (month: string) => void;
}

/** Monthly plan: a calendar of the chosen medicine's doses in one month, a dot per dose. */
export function MonthlyPlan({ medicine, month, onMonthChange }: MonthlyPlanProps) {
  const { today, lang } = useViewer();
  const { t } = useTranslation();
  const range = { from: firstOfMonth(month), to: lastOfMonth(month) };
  const schedule = useMedicineSchedule(medicine.type === 1 ? medicine.id : undefined, range);
  const days = eachDate(range.from, range.to);
  // Monday of the first week: the weekday names come from that week.
  const week = eachDate(days[0] ?? range.from, days[6] ?? range.to).sort(
    (a, b) => weekdayOf(a) - weekdayOf(b),
  );

  if (medicine.type === 2 || medicine.schedules.length === 0)
    return <Alert severity="info">{t('medicines.chart.hintSchedule')}</Alert>;
  return (
    <>
      <Typography variant="subtitle2" component="h3">
        {medicine.name}
      </Typography>
      <MonthPicker month={month} onChange={onMonthChange} />
      <QueryState query={schedule}>
        {(data) => {
          const byDay = new Map<string, IntakeEntry[]>();
          for (const intake of [...data.history].reverse())
            byDay.set(intake.date, [...(byDay.get(intake.date) ?? []), intake]);
          return (
            <Box
              role="list"
              aria-label={t('medicines.monthly.label', { name: medicine.name })}
              sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 0.5, mt: 1 }}
            >
              {week.map((d) => (
                <Typography
                  key={d}
                  aria-hidden="true"
                  variant="caption"
                  color="text.secondary"
                  sx={{ textAlign: 'center' }}
                >
                  {formatWeekday(d, lang)}
                </Typography>
              ))}
              {days.map((d, i) => {
                const intakes = byDay.get(d) ?? [];
                const taken = intakes.filter((x) => x.status === 'taken').length;
                return (
                  <Box
                    key={d}
                    role="listitem"
                    aria-label={t('medicines.monthly.day', {
                      date: formatDate(d, lang),
                      taken,
                      count: intakes.length,
                    })}
                    sx={{
                      gridColumnStart: i === 0 ? weekdayOf(d) + 1 : undefined,
                      border: 1,
                      borderColor: d === today ? 'primary.main' : 'divider',
                      borderRadius: 1,
                      minHeight: 56,
                      p: 0.5,
                    }}
                  >
                    <Typography variant="caption" sx={{ fontWeight: d === today ? 700 : 400 }}>
                      {Number(d.slice(8))}
                    </Typography>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25 }}>
                      {intakes.map((x) => (
                        <DotMark key={x.scheduledAt} kind={dotStatusOf(x)} size={10} />
                      ))}
                    </Box>
                  </Box>
                );
              })}
            </Box>
          );
        }}
      </QueryState>
    </>
  );
}
