import { TITLE_TRUNCATE } from '../../../contracts/books';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size in bytes as people read it (binary steps, as the server's limits): 104857600 → "100 MB". */
export function formatBytes(bytes: number, locale = 'en'): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${UNITS[unit]}`;
}

/** SPEC §9: titles are truncated at 40 characters (by code point, so no emoji is cut in half). */
export function truncateTitle(title: string, max: number = TITLE_TRUNCATE): string {
  const chars = Array.from(title);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : title;
}

/** Whole percent of a part, clamped to 0–100 (0 when the total is unknown). */
export function percent(part: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((part / total) * 100)));
}
