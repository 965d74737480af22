import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/**
 * The dashboard's time series on uPlot (~20 KB gzip), loaded on demand by SeriesChart (its own chunk,
 * after the section's first paint). Days are UTC midnights; the axes use the design system's small type
 * and colours and the UI language's day and number formats.
 */

export interface SeriesChartData {
  /** Days `YYYY-MM-DD`, oldest first, and their legend's label. */
  days: string[];
  dayLabel: string;
  lines: { label: string; values: number[]; color: string; fill: string }[];
}

export interface SeriesChartOptions {
  width: number;
  height: number;
  /** Axis labels: a day, a count. */
  formatDay: (day: string) => string;
  formatNumber: (n: number) => string;
  /** Type and colours read from the design system's custom properties. */
  font: string;
  ink: string;
  grid: string;
}

const DAY_S = 86_400;

export function createSeriesChart(
  target: HTMLElement,
  data: SeriesChartData,
  o: SeriesChartOptions,
): { resize: (width: number) => void; destroy: () => void } {
  const xs = data.days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
  const dayOfTs = (ts: number) => new Date(ts * 1000).toISOString().slice(0, 10);
  const axis = { font: o.font, stroke: o.ink, grid: { stroke: o.grid, width: 1 }, ticks: { stroke: o.grid, width: 1, size: 4 } };
  const plot = new uPlot(
    {
      width: o.width,
      height: o.height,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      cursor: { drag: { x: false, y: false }, points: { size: 6 } },
      legend: { show: true, live: true },
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
      series: [
        { label: data.dayLabel, value: (_u, v) => (v == null ? '' : o.formatDay(dayOfTs(v))) },
        ...data.lines.map((l) => ({
          label: l.label,
          stroke: l.color,
          fill: l.fill,
          width: 2,
          points: { show: xs.length <= 31, size: 4 },
          value: (_u: uPlot, v: number | null) => (v == null ? '' : o.formatNumber(v)),
        })),
      ],
      axes: [
        {
          ...axis,
          space: 64,
          incrs: [DAY_S, 2 * DAY_S, 7 * DAY_S, 14 * DAY_S, 30 * DAY_S, 61 * DAY_S, 91 * DAY_S, 182 * DAY_S, 365 * DAY_S],
          values: (_u, splits) => splits.map((s) => o.formatDay(dayOfTs(s))),
        },
        {
          ...axis,
          size: 48,
          space: 32,
          incrs: [
            1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 250_000, 500_000, 1_000_000,
          ],
          values: (_u, splits) => splits.map((s) => o.formatNumber(s)),
        },
      ],
    },
    [xs, ...data.lines.map((l) => l.values)],
    target,
  );
  return {
    resize: (width) => plot.setSize({ width, height: o.height }),
    destroy: () => plot.destroy(),
  };
}
