import type { AdherenceDay } from '@dosedot/domain';
import { chartDayMinutes, dotStatusOf } from '@dosedot/domain/adherence';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DotMark } from '../../../components/dot-mark';
import { formatPercent, formatShortDate, formatTime, formatWeekday } from '../../../lib/format';
import { useViewer } from '../../../lib/viewer';

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The first column stays in view while the days scroll sideways on a phone; a rule on its right
 * shows where the days pass under it (a shadow inside the cell: a collapsed table's border would
 * stay behind when the cell sticks).
 */
const STICKY = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: (theme: Theme) => `inset -1px 0 0 ${theme.palette.divider}`,
} as const;

/**
 * Seven chart days side by side: a row per time of day, a dot per dose, the day's adherence below.
 * Where the days do not fit (a phone shows two or three), the grid opens on the last ones, today's
 * among them, and the earlier days are a swipe to the left.
 */
export function WeekGrid({ days, label }: { days: AdherenceDay[]; label: string }) {
  const { lang, zone } = useViewer();
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const lastDay = days.at(-1)?.date;
  // Before the first paint, so the grid never shows the first days and then jumps. Until the person
  // scrolls it, it stays on its last days when its width changes after that paint (on a first visit
  // the webfont swaps in once the first screen is shown: lib/webfont.ts).
  useLayoutEffect(() => {
    const el = container.current;
    if (!el || !lastDay) return;
    const toEnd = () => {
      el.scrollLeft = el.scrollWidth - el.clientWidth;
    };
    toEnd();
    let atEnd = true;
    const scrolled = () => {
      atEnd = el.scrollLeft >= el.scrollWidth - el.clientWidth - 2;
    };
    el.addEventListener('scroll', scrolled, { passive: true });
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(() => atEnd && toEnd()) : null;
    resized?.observe(el);
    if (el.firstElementChild) resized?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', scrolled);
      resized?.disconnect();
    };
  }, [lastDay]);
  const slots = new Map<string, number>();
  for (const day of days)
    for (const i of day.intakes)
      slots.set(formatTime(i.scheduledAt, lang, zone), chartDayMinutes(Date.parse(i.scheduledAt), zone));
  const rows = [...slots].sort((a, b) => a[1] - b[1]).map(([time]) => time);
  return (
    // On a phone the seven days scroll sideways inside the card, never the page: the container is
    // positioned, so the visually hidden texts (absolute) stay inside it instead of widening the
    // document; it can take the focus, so the keyboard scrolls it too.
    <TableContainer
      ref={container}
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{ position: 'relative' }}
    >
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell sx={STICKY}>{t('dashboard.weekly.time')}</TableCell>
            {days.map((d) => (
              <TableCell key={d.date} align="center" sx={{ whiteSpace: 'nowrap' }}>
                {formatWeekday(d.date, lang)}
                <br />
                {formatShortDate(d.date, lang)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((time) => (
            <TableRow key={time}>
              <TableCell component="th" scope="row" sx={{ ...STICKY, fontWeight: 600, whiteSpace: 'nowrap' }}>
                {time}
              </TableCell>
              {days.map((d) => {
                const intake = d.intakes.find((i) => formatTime(i.scheduledAt, lang, zone) === time);
                const kind = intake ? dotStatusOf(intake) : null;
                return (
                  <TableCell key={d.date} align="center">
                    {kind ? (
                      <>
                        <DotMark kind={kind} size={16} />
                        <Box component="span" sx={visuallyHidden}>
                          {t(`dashboard.dot.${kind}`)}
                        </Box>
                      </>
                    ) : null}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
          <TableRow>
            <TableCell component="th" scope="row" sx={{ ...STICKY, fontWeight: 600 }}>
              {t('dashboard.weekly.adherence')}
            </TableCell>
            {days.map((d) => (
              <TableCell key={d.date} align="center" sx={{ fontWeight: 600 }}>
                {formatPercent(d.adherence, lang) ?? '–'}
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}
