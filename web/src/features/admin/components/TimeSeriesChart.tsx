import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import styles from './TimeSeriesChart.module.css';

/** The chart's height in pixels: its box keeps it before the chart draws, so nothing moves. */
export const CHART_HEIGHT = 200;

interface Props {
  /** UTC days, YYYY-MM-DD, oldest first. */
  dates: readonly string[];
  values: readonly number[];
  /** The measure's name: the series' label. */
  label: string;
  /** The id of the heading that names the chart, and of the sentence that describes it. */
  labelledBy: string;
  describedBy: string;
}

/** The y axis's steps: 1, 2, 5, 10, 20, 50, … */
const WHOLE_STEPS = [1, 2, 5]
  .flatMap((n) => [1, 10, 100, 1000, 10_000, 100_000].map((p) => n * p))
  .sort((a, b) => a - b);

const utc = (seconds: number) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC');

/** The colour of a CSS custom property on the element, for the canvas, which reads no CSS. */
const cssColor = (el: Element, name: string, fallback: string) =>
  getComputedStyle(el).getPropertyValue(name).trim() || fallback;

function options(el: HTMLElement, label: string, width: number): uPlot.Options {
  const line = cssColor(el, '--brand', '#841617');
  const ink = cssColor(el, '--text-2', '#5b616b');
  const grid = cssColor(el, '--border', '#e3e5e8');
  const axis = { stroke: ink, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  return {
    width,
    height: CHART_HEIGHT,
    tzDate: utc,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
    // Counts are whole: the y axis steps by whole numbers only.
    axes: [axis, { ...axis, size: 44, incrs: WHOLE_STEPS }],
    series: [{}, { label, stroke: line, width: 2, fill: `${line}1f`, points: { show: false } }],
  };
}

/**
 * One measure's days as a line, drawn with uPlot (ADR 055) and redrawn to its
 * container's width whenever that changes. The picture is one image to
 * assistive technology: the heading names it, a sentence describes it, and
 * a table beside it holds the same figures.
 */
export function TimeSeriesChart({ dates, values, label, labelledBy, describedBy }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = dates.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const plot = new uPlot(
      options(el, label, Math.max(1, Math.floor(el.clientWidth))),
      [xs, [...values]],
      el,
    );
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.floor(entry?.contentRect.width ?? 0);
      if (width > 0 && width !== plot.width) plot.setSize({ width, height: CHART_HEIGHT });
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [dates, values, label]);
  return (
    <div
      ref={box}
      className={styles.chart}
      style={{ height: CHART_HEIGHT }}
      role="img"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
    />
  );
}
