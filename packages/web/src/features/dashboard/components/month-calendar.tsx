import type { AdherenceDay } from '@dosedot/domain';
import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { weekdayOf } from '../../../lib/dates';
import { dotColor } from '../../../lib/dots';
import { formatDate, formatPercent, formatWeekday } from '../../../lib/format';
import { useViewer } from '../../../lib/viewer';

/** The day's colour: on time from 90 %, about 1 hour from 60 %, more than 2 hours below. */
const kindOf = (rate: number) => (rate >= 0.9 ? 'on_time' : rate >= 0.6 ? 'about_1h' : 'over_2h');

/** A month as a calendar, Monday first: each day's adherence and doses taken of those due. */
export function MonthCalendar({ days, label }: { days: AdherenceDay[]; label: string }) {
  const { today, lang } = useViewer();
  const { t } = useTranslation();
  const theme = useTheme();
  const week = days.slice(0, 7).sort((a, b) => weekdayOf(a.date) - weekdayOf(b.date));
  return (
    <Box
      role="list"
      aria-label={label}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 0.75 }}
    >
      {week.map((d) => (
        <Typography
          key={d.date}
          aria-hidden="true"
          variant="caption"
          color="text.secondary"
          sx={{ textAlign: 'center', fontWeight: 600 }}
        >
          {formatWeekday(d.date, lang)}
        </Typography>
      ))}
      {days.map((d, i) => {
        const rate = formatPercent(d.adherence, lang);
        const color = d.adherence === null ? null : dotColor(theme, kindOf(d.adherence));
        const text =
          d.due > 0
            ? t('dashboard.monthly.day', {
                date: formatDate(d.date, lang),
                rate,
                taken: d.taken + d.byHand,
                due: d.due,
              })
            : t('dashboard.monthly.nothingDue', { date: formatDate(d.date, lang) });
        return (
          <Box
            key={d.date}
            role="listitem"
            aria-label={text}
            sx={{
              gridColumnStart: i === 0 ? weekdayOf(d.date) + 1 : undefined,
              minHeight: 72,
              p: 0.75,
              borderRadius: 1,
              border: 2,
              borderColor: d.date === today ? 'primary.main' : 'divider',
              bgcolor: color ? alpha(color, theme.palette.mode === 'dark' ? 0.22 : 0.14) : 'transparent',
            }}
          >
            <Typography variant="caption" sx={{ fontWeight: d.date === today ? 800 : 500 }}>
              {Number(d.date.slice(8))}
            </Typography>
            {d.due > 0 ? (
              <>
                <Typography sx={{ fontWeight: 700, lineHeight: 1.2 }}>{rate}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {d.taken}/{d.due}
                </Typography>
              </>
            ) : null}
          </Box>
        );
      })}
    </Box>
  );
}
