import type { AdherenceDay } from '@dosedot/domain';
import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartOption, EChart } from '../../../components/echart';
import { formatShortDate } from '../../../lib/format';
import { useViewer } from '../../../lib/viewer';
import { cumulative } from '../utils/cumulative';

/**
 * Doses due, taken (by the box or by hand), confirmed by hand and taken on time, added up day by day:
 * the gap between due and taken is what was missed.
 */
export function CumulativeChart({ days, label }: { days: AdherenceDay[]; label: string }) {
  const { lang } = useViewer();
  const { t } = useTranslation();
  const theme = useTheme();
  const option = useMemo<ChartOption>(() => {
    const points = cumulative(days);
    const status = theme.palette.status;
    const muted = theme.palette.text.secondary;
    const line = (name: string, color: string, values: number[], dashed = false) => ({
      type: 'line' as const,
      name,
      data: values,
      showSymbol: false,
      color,
      lineStyle: { width: 2.5, type: dashed ? ('dashed' as const) : ('solid' as const) },
    });
    return {
      animation: false,
      textStyle: { fontFamily: theme.typography.fontFamily },
      grid: { left: 48, right: 16, top: 40, bottom: 36 },
      legend: { top: 0, textStyle: { color: theme.palette.text.primary } },
      tooltip: {
        trigger: 'axis',
        backgroundColor: theme.palette.background.paper,
        borderColor: theme.palette.divider,
        textStyle: { color: theme.palette.text.primary },
      },
      xAxis: {
        type: 'category',
        data: points.map((p) => formatShortDate(p.date, lang)),
        axisLabel: { color: muted },
        axisLine: { lineStyle: { color: theme.palette.divider } },
      },
      yAxis: {
        type: 'value',
        minInterval: 1,
        axisLabel: { color: muted },
        splitLine: { lineStyle: { color: theme.palette.divider } },
      },
      series: [
        line(
          t('charts.cumulative.due'),
          muted,
          points.map((p) => p.due),
          true,
        ),
        line(
          t('charts.cumulative.taken'),
          // Never the primary colour (issue 23 item 7): the user's colour choice must not recolour a tally.
          theme.palette.text.primary,
          points.map((p) => p.taken),
        ),
        line(
          t('charts.cumulative.onTime'),
          status.on_time,
          points.map((p) => p.onTime),
        ),
        // Counted apart from the box's presses (issue 23): a line of its own, only when there are any.
        ...(points.some((p) => p.byHand > 0)
          ? [
              line(
                t('charts.cumulative.byHand'),
                status.by_hand,
                points.map((p) => p.byHand),
              ),
            ]
          : []),
      ],
    };
  }, [days, lang, t, theme]);
  return <EChart option={option} label={label} height={360} />;
}
