import type { ReaderStatsSummary } from '../../../contracts/reader';

/** Totals the owner reads first: page views and the average reading time per reader. */
export function statsTotals(s: ReaderStatsSummary): { pageViews: number; avgMs: number } {
  const pageViews = s.pages.reduce((a, p) => a + p.views, 0);
  const totalMs = s.pages.reduce((a, p) => a + p.views * p.avg_ms, 0);
  return { pageViews, avgMs: s.readers ? Math.round(totalMs / s.readers) : 0 };
}

/** "1 min 05 s", "12 s". */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m ? `${m} min ${String(s).padStart(2, '0')} s` : `${s} s`;
}
