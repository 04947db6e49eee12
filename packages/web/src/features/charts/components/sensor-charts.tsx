import type { SensorChartResponse } from '@dosedot/domain';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { alpha, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartOption, EChart } from '../../../components/echart';
import { useViewer } from '../../../lib/viewer';
import { SENSOR_SERIES, type SensorSeriesKey, seriesPoints, seriesSummary } from '../utils/sensor-series';

const UNITS: Record<SensorSeriesKey, string> = { temperature: '°C', humidity: '%', battery: '%', motion: '' };
const DIGITS: Record<SensorSeriesKey, number> = { temperature: 1, humidity: 0, battery: 0, motion: 0 };

/** The box's four series, each in its own chart on one time axis; stretches out of a storage range shaded. */
export function SensorCharts({
  data,
  shaded,
}: {
  data: SensorChartResponse['data'];
  /** Stretches out of a medicine's storage range, [start, end] in ms, per series. */
  shaded: Partial<Record<SensorSeriesKey, [number, number][]>>;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {SENSOR_SERIES.map((key) => (
        <SeriesChart key={key} series={key} data={data} shaded={shaded[key] ?? []} />
      ))}
    </Box>
  );
}

function SeriesChart({
  series,
  data,
  shaded,
}: {
  series: SensorSeriesKey;
  data: SensorChartResponse['data'];
  shaded: [number, number][];
}) {
  const { lang, zone } = useViewer();
  const { t } = useTranslation();
  const theme = useTheme();
  const points = useMemo(() => seriesPoints(data, series), [data, series]);
  const summary = seriesSummary(points);
  const number = useMemo(
    () => new Intl.NumberFormat(lang, { maximumFractionDigits: DIGITS[series] }),
    [lang, series],
  );
  const value = useCallback(
    (v: number) => `${number.format(v)}${UNITS[series] ? `\u00a0${UNITS[series]}` : ''}`,
    [number, series],
  );
  const title = t(`charts.sensor.series.${series}`);
  const option = useMemo<ChartOption>(() => {
    const muted = theme.palette.text.secondary;
    const status = theme.palette.status;
    const color =
      series === 'temperature'
        ? status.over_2h
        : series === 'humidity'
          ? theme.palette.primary.main
          : series === 'battery'
            ? status.on_time
            : status.about_1h;
    const day = new Intl.DateTimeFormat(lang, { month: 'short', day: 'numeric', timeZone: zone });
    const time = new Intl.DateTimeFormat(lang, { hour: 'numeric', minute: '2-digit', timeZone: zone });
    const lll = new Intl.DateTimeFormat(lang, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: zone,
    });
    const span = data.sensorTime.length > 1 ? Date.parse(data.to) - Date.parse(data.from) : 0;
    return {
      animation: false,
      textStyle: { fontFamily: theme.typography.fontFamily },
      grid: { left: 48, right: 16, top: 16, bottom: 32 },
      tooltip: {
        trigger: 'axis',
        backgroundColor: theme.palette.background.paper,
        borderColor: theme.palette.divider,
        textStyle: { color: theme.palette.text.primary },
        valueFormatter: (v) => (typeof v === 'number' ? value(v) : '–'),
        axisPointer: { label: { formatter: (p) => lll.format(new Date(Number(p.value))) } },
      },
      xAxis: {
        type: 'time',
        axisLabel: {
          color: muted,
          hideOverlap: true,
          formatter: (v: number) => (span > 2 * 86_400_000 ? day.format(v) : time.format(v)),
        },
        axisLine: { lineStyle: { color: theme.palette.divider } },
      },
      yAxis: {
        type: 'value',
        scale: series === 'temperature' || series === 'humidity',
        ...(series === 'battery' ? { min: 0, max: 100 } : {}),
        ...(series === 'motion' ? { minInterval: 1 } : {}),
        axisLabel: { color: muted },
        splitLine: { lineStyle: { color: theme.palette.divider } },
      },
      series: [
        {
          type: 'line',
          name: title,
          data: points,
          showSymbol: points.length < 60,
          step: series === 'motion' ? 'end' : undefined,
          color,
          lineStyle: { width: 2 },
          markArea:
            shaded.length > 0
              ? {
                  silent: true,
                  itemStyle: {
                    color: alpha(status.over_2h, theme.palette.mode === 'dark' ? 0.32 : 0.16),
                  },
                  data: shaded.map(([a, b]) => [{ xAxis: a }, { xAxis: b }]),
                }
              : undefined,
        },
      ],
    };
  }, [data, points, series, shaded, lang, zone, theme, title, value]);

  const describe = summary
    ? t('charts.sensor.summary', {
        min: value(summary.min),
        max: value(summary.max),
        last: value(summary.last),
      })
    : t('charts.sensor.noValues');
  return (
    <Paper variant="outlined" component="figure" sx={{ m: 0, p: 2, minWidth: 0 }}>
      <Typography variant="subtitle1" component="figcaption" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {describe}
        {shaded.length > 0 ? ` ${t('charts.sensor.shaded', { count: shaded.length })}` : ''}
      </Typography>
      <EChart option={option} label={`${title}. ${describe}`} height={220} />
    </Paper>
  );
}
