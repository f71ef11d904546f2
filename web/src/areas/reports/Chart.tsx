import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: Array<number | null>;
  /** Bars for one figure per label, lines (each with its own dash, not told apart by colour alone) for several. */
  kind: 'bar' | 'line';
  color: string;
  dash?: number[];
}

/**
 * A chart drawn by uPlot (loaded with the reports pages only). The canvas is a picture for sighted readers; the
 * table beside it is the same figures for everyone, so the figure names it and the canvas is hidden from screen readers.
 */
export function Chart({ labels, series, summary, yMax, format = String, height = 240 }: {
  labels: string[];
  series: ChartSeries[];
  summary: string;
  yMax?: number;
  format?: (value: number) => string;
  height?: number;
}) {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const bars = uPlot.paths.bars!({ size: [0.6, 48] });
    const width = () => Math.max(280, element.clientWidth);
    const plot = new uPlot({
      width: width(),
      height,
      legend: { show: series.length > 1, live: false },
      cursor: { show: false },
      scales: { x: { time: false, range: [-0.5, labels.length - 0.5] }, y: { range: (_u, _min, max) => [0, yMax ?? Math.max(1, Math.ceil(max * 1.1))] } },
      axes: [
        { values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? labels[i] ?? '' : '')), incrs: [1], size: 40, gap: 4 },
        { values: (_u, splits) => splits.map((v) => format(v)), size: 48, incrs: yMax === 1 ? [0.1, 0.2, 0.25, 0.5] : [1, 2, 5, 10, 20, 50, 100, 200, 500] },
      ],
      series: [
        {},
        ...series.map((s) => s.kind === 'bar'
          ? { label: s.label, stroke: s.color, fill: s.color, width: 0, paths: bars, points: { show: false } }
          : { label: s.label, stroke: s.color, width: 2, dash: s.dash, points: { show: true, size: 6, fill: s.color } }),
      ],
    }, [labels.map((_, i) => i), ...series.map((s) => s.values)] as uPlot.AlignedData, element);
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height }));
    resize.observe(element);
    return () => { resize.disconnect(); plot.destroy(); };
  }, [labels, series, yMax, format, height]);
  return (
    <figure className="report-chart">
      <div ref={frame} aria-hidden="true" data-chart="" />
      <figcaption className="muted">{summary}</figcaption>
    </figure>
  );
}
