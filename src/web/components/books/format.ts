/** Presentation helpers of the book list (pure; unit-tested). */

/** SPEC §4: the scheduled flag shows the publication date, formatted for the UI language. */
export function formatPublication(unixSeconds: number, locale: string, timeZone?: string): string {
  if (!Number.isFinite(unixSeconds)) return '';
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) };
  try {
    return new Intl.DateTimeFormat(locale, options).format(new Date(unixSeconds * 1000));
  } catch {
    return new Intl.DateTimeFormat('en', options).format(new Date(unixSeconds * 1000));
  }
}

/** The machine-readable form for `<time dateTime>`. */
export const isoOf = (unixSeconds: number): string => (Number.isFinite(unixSeconds) ? new Date(unixSeconds * 1000).toISOString() : '');

/** Pages around the current one: first, last, and two on each side, with gaps (null) between. */
export function pageWindow(current: number, count: number, around = 2): (number | null)[] {
  const pages = new Set<number>([1, count]);
  for (let p = current - around; p <= current + around; p++) if (p >= 1 && p <= count) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev > 1) out.push(null);
    out.push(p);
  });
  return out;
}

// ── Grid or list layout: pure presentation, remembered in the browser ──
export type Layout = 'grid' | 'list';
export const LAYOUT_KEY = 'quire.bookList.layout';

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

function storage(): StorageLike | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage disabled (privacy settings)
  }
}

export function readLayout(store: StorageLike | undefined = storage()): Layout {
  try {
    return store?.getItem(LAYOUT_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
}

export function writeLayout(layout: Layout, store: StorageLike | undefined = storage()): void {
  try {
    store?.setItem(LAYOUT_KEY, layout);
  } catch {
    // full or disabled: the choice lasts for this page only
  }
}
