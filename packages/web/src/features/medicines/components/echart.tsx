import Box from '@mui/material/Box';
import { ScatterChart, type ScatterSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  type GridComponentOption,
  MarkLineComponent,
  type MarkLineComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only what the dot chart draws: this chunk loads with the My Medicine page, never on sign-in.
use([ScatterChart, GridComponent, TooltipComponent, MarkLineComponent, SVGRenderer]);

export type DotChartOption = ComposeOption<
  ScatterSeriesOption | GridComponentOption | TooltipComponentOption | MarkLineComponentOption
>;

interface EChartProps {
  option: DotChartOption;
  /** What the chart shows, for screen readers (the page also lists the same data as tables). */
  label: string;
  height: number;
}

/** An Apache ECharts chart that follows its option and the width of its box. */
export function EChart({ option, label, height }: EChartProps) {
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
