import type { AdherenceDay } from '@dosedot/domain';
import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartOption, EChart } from '../../../components/echart';
import { DOT_KINDS, DOT_SYMBOLS, dotColor, isHollow } from '../../../lib/dots';
import { formatDateTime, formatMinutes, formatShortDate, formatTime } from '../../../lib/format';
import { useViewer } from '../../../lib/viewer';
import { type Dot, dosageTimeMinutes } from '../utils/dot-chart-data';

interface DotChartProps {
  days: AdherenceDay[];
  dots: Dot[];
  /** The patient's dosage times, drawn as dashed lines. */
  dosageTimes: string[];
  medicineNames: Map<number, string>;
  label: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The dot chart: one column per chart day (03:00 to 03:00), time of day downwards; a dot per dose
 * where it was taken, coloured and shaped by closeness, missed doses as rings at their time.
 */
export function DotChart({ days, dots, dosageTimes, medicineNames, label }: DotChartProps) {
  const { lang, zone } = useViewer();
  const { t } = useTranslation();
  const theme = useTheme();

  const option = useMemo<ChartOption>(() => {
    const muted = theme.palette.text.secondary;
    const tooltipOf = (dot: Dot) => {
      const names = dot.medicineIds.map((id) => medicineNames.get(id) ?? `#${id}`).join(', ');
      const lines = [
        `<b>${escapeHtml(t(`medicines.dot.${dot.kind}`))}</b>`,
        names && dot.scheduledAt
          ? escapeHtml(
              t('medicines.chart.tooltipDose', { names, time: formatTime(dot.scheduledAt, lang, zone) }),
            )
          : '',
        dot.press
          ? escapeHtml(t('medicines.chart.tooltipPress', { time: formatDateTime(dot.press, lang, zone) }))
          : '',
        dot.deltaMinutes !== null
          ? escapeHtml(t('medicines.chart.tooltipDelta', { minutes: dot.deltaMinutes }))
          : '',
      ];
      return lines.filter(Boolean).join('<br/>');
    };
    const times = [...new Set(dosageTimes.map(dosageTimeMinutes))];
    const dotsOfKind = DOT_KINDS.map((kind) => dots.filter((d) => d.kind === kind));
    return {
      animation: false,
      grid: { left: 64, right: 16, top: 12, bottom: 36 },
      textStyle: { fontFamily: theme.typography.fontFamily },
      tooltip: {
        trigger: 'item',
        backgroundColor: theme.palette.background.paper,
        borderColor: theme.palette.divider,
        textStyle: { color: theme.palette.text.primary },
      },
      xAxis: {
        type: 'category',
        data: days.map((d) => formatShortDate(d.date, lang)),
        axisLabel: { color: muted },
        axisLine: { lineStyle: { color: theme.palette.divider } },
      },
      yAxis: {
        type: 'value',
        inverse: true,
        min: 180,
        max: 1620,
        interval: 180,
        axisLabel: { color: muted, formatter: (v: number) => formatMinutes(v, lang) },
        splitLine: { lineStyle: { color: theme.palette.divider } },
      },
      series: DOT_KINDS.map((kind, i) => {
        const color = dotColor(theme, kind);
        return {
          type: 'scatter' as const,
          name: t(`medicines.dot.${kind}`),
          symbol: DOT_SYMBOLS[kind],
          symbolSize: kind === 'unmatched' ? 8 : 11,
          // Missed and pending doses are rings (pending dashed), as the legend draws them.
          itemStyle: {
            color: isHollow(kind) ? theme.palette.background.paper : color,
            borderColor: color,
            borderWidth: isHollow(kind) ? 2 : 1,
            borderType: kind === 'pending' ? ('dashed' as const) : ('solid' as const),
          },
          tooltip: {
            formatter: (p: { dataIndex: number }) => tooltipOf(dotsOfKind[i]?.[p.dataIndex] as Dot),
          },
          data: (dotsOfKind[i] ?? []).map((d) => [d.day, d.minutes]),
          markLine:
            i === 0 && times.length > 0
              ? {
                  silent: true,
                  symbol: 'none',
                  label: { show: false },
                  lineStyle: { type: 'dashed' as const, color: muted, opacity: 0.5 },
                  data: times.map((m) => ({ yAxis: m })),
                }
              : undefined,
        };
      }),
    };
  }, [days, dots, dosageTimes, medicineNames, lang, zone, t, theme]);

  return <EChart option={option} label={label} height={380} />;
}
