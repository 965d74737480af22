/**
 * Formatting of the statistics dashboard (issue 17), in the UI language through Intl: numbers, the change
 * against the previous period, reading times, days and ranges (UTC days), country and language names.
 */

/** 1,234 / 1.234 / 1 234 in the UI language. */
export const formatNumber = (n: number, locale: string): string => new Intl.NumberFormat(locale || 'en').format(n);

/** A share of a whole as a percentage (`42 %`, `42%`). */
export const formatShare = (part: number, whole: number, locale: string): string =>
  new Intl.NumberFormat(locale || 'en', { style: 'percent', maximumFractionDigits: 0 }).format(whole > 0 ? part / whole : 0);

export interface Change {
  /** up / down / same; `new`: nothing in the previous period to compare with. */
  direction: 'up' | 'down' | 'same' | 'new';
  /** The change in percent, rounded (absolute value), null for `new`. */
  percent: number | null;
}

/** The change from `previous` to `current`. */
export function changeOf(current: number, previous: number): Change {
  if (previous === 0) return current === 0 ? { direction: 'same', percent: 0 } : { direction: 'new', percent: null };
  const ratio = (current - previous) / previous;
  const percent = Math.round(Math.abs(ratio) * 100);
  if (percent === 0) return { direction: 'same', percent: 0 };
  return { direction: ratio > 0 ? 'up' : 'down', percent };
}

/** `+12 %` / `−8 %` (a real minus sign) in the UI language. */
export function formatChange(change: Change, locale: string): string {
  if (change.percent === null) return '';
  const value = (change.direction === 'down' ? -change.percent : change.percent) / 100;
  return new Intl.NumberFormat(locale || 'en', { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' })
    .format(value)
    .replace('-', '−');
}

/** A reading time: `1 min 5 s`, `42 s`, `1 h 3 min` in the UI language's short units. */
export function formatDuration(ms: number, locale: string): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const unit = (n: number, u: 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(locale || 'en', { style: 'unit', unit: u, unitDisplay: 'short' }).format(n);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h) return m ? `${unit(h, 'hour')} ${unit(m, 'minute')}` : unit(h, 'hour');
  if (m) return s ? `${unit(m, 'minute')} ${unit(s, 'second')}` : unit(m, 'minute');
  return unit(s, 'second');
}

/** Average of a time over a count (0 when nothing was counted). */
export const average = (totalMs: number, count: number): number => (count > 0 ? totalMs / count : 0);

const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/** A day `YYYY-MM-DD` as `28 Nov` (axis, table rows). */
export const formatDay = (day: string, locale: string, long = false): string =>
  new Intl.DateTimeFormat(
    locale || 'en',
    long ? { dateStyle: 'medium', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' },
  ).format(utc(day));

/** `1 – 30 Nov 2026` in the UI language. */
export const formatRange = (from: string, to: string, locale: string): string =>
  new Intl.DateTimeFormat(locale || 'en', { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(utc(from), utc(to));

function displayName(type: 'region' | 'language', code: string, locale: string): string | null {
  try {
    return new Intl.DisplayNames([locale || 'en'], { type, fallback: 'none' }).of(code) ?? null;
  } catch {
    return null;
  }
}

/** A country's name in the UI language; `unknown` for 'ZZ' (or a code Intl does not know). */
export function countryName(code: string, locale: string, unknown: string): string {
  if (!code || code === 'ZZ') return unknown;
  return displayName('region', code, locale) ?? code;
}

/** A language's name in the UI language; `unknown` for ''. */
export function languageName(code: string, locale: string, unknown: string): string {
  if (!code) return unknown;
  return displayName('language', code, locale) ?? code;
}

/** Largest value of a column (at least 1, for bar widths). */
export const maxOf = <T>(rows: readonly T[], value: (row: T) => number): number => Math.max(1, ...rows.map(value));
