import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { StatsSummary } from '../../../contracts/stats';
import { formatDay, formatNumber } from './format';

/** Views and readers per day, drawn by uPlot (loaded on demand) at the width of its card. */
export function SeriesChart({ series }: { series: StatsSummary['series'] }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const box = useRef<HTMLDivElement>(null);
  const viewsLabel = t({ id: 'stats.views', message: 'Views' });
  const readersLabel = t({ id: 'stats.readers', message: 'Readers' });
  const dayLabel = t({ id: 'stats.col.day', message: 'Day' });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let chart: { resize: (w: number) => void; destroy: () => void } | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    void import('./uplot-chart').then(({ createSeriesChart }) => {
      if (cancelled) return;
      const css = getComputedStyle(el);
      const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
      const height = el.clientWidth < 480 ? 180 : 240;
      chart = createSeriesChart(
        el,
        {
          days: series.map((d) => d.day),
          dayLabel,
          lines: [
            { label: viewsLabel, values: series.map((d) => d.views), color: v('--c-brand', '#3d3ad6'), fill: 'rgb(61 58 214 / 8%)' },
            { label: readersLabel, values: series.map((d) => d.readers), color: v('--c-accent', '#f08a3e'), fill: 'transparent' },
          ],
        },
        {
          width: Math.max(200, el.clientWidth),
          height,
          formatDay: (day) => formatDay(day, locale),
          formatNumber: (n) => formatNumber(n, locale),
          // The design system's small type (--t-xs: 12 px) in its sans font.
          font: `12px ${v('--font-sans', 'system-ui, sans-serif')}`,
          ink: v('--c-ink-2', '#4a4a63'),
          grid: v('--c-line', '#e3e3ee'),
        },
      );
      observer = new ResizeObserver(([entry]) => {
        const width = Math.floor(entry?.contentRect.width ?? 0);
        if (width > 0) chart?.resize(Math.max(200, width));
      });
      observer.observe(el);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [series, locale, viewsLabel, readersLabel, dayLabel]);

  return (
    <figure className="stats-series">
      <div ref={box} className="stats-chart" aria-hidden="true" data-testid="stats-chart" />
      <figcaption className="visually-hidden">
        <Trans id="stats.series.caption">Views and readers per day; “Show as table” lists the same numbers.</Trans>
      </figcaption>
      <details className="stats-series__table">
        <summary>
          <Trans id="stats.series.showTable">Show as table</Trans>
        </summary>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than its card (a phone) scrolls from the keyboard. */}
        <section className="stats-scroll" aria-labelledby="stats-series-title" tabIndex={0}>
          <table className="stats-table">
            <caption className="visually-hidden">
              <Trans id="stats.series.tableCaption">Views and readers per day</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">{dayLabel}</th>
                <th scope="col" className="num">
                  {viewsLabel}
                </th>
                <th scope="col" className="num">
                  {readersLabel}
                </th>
              </tr>
            </thead>
            <tbody>
              {series.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{formatDay(d.day, locale, true)}</th>
                  <td className="num">{formatNumber(d.views, locale)}</td>
                  <td className="num">{formatNumber(d.readers, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </details>
    </figure>
  );
}
