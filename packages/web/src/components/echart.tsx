import Box from '@mui/material/Box';
import { LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  MarkAreaComponent,
  type MarkAreaComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only what the cumulative and sensor charts draw (lines, and the shaded stretches out of a storage
// range): this chunk loads with its page, never on sign-in.
use([LineChart, GridComponent, TooltipComponent, LegendComponent, MarkAreaComponent, SVGRenderer]);

export type LineChartOption = ComposeOption<
  | LineSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | MarkAreaComponentOption
>;

/** An Apache ECharts chart that follows its option and the width of its box. */
export function EChart({
  option,
  label,
  height,
}: {
  option: LineChartOption;
  label: string;
  height: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);

  useEffect(() => {
    if (!box.current) return;
    const instance = init(box.current, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(box.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <Box ref={box} role="img" aria-label={label} sx={{ width: '100%', height }} />;
}
