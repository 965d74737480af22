import { TITLE_TRUNCATE } from '../../../contracts/books';

export { formatBytes } from '../../../contracts/bytes';

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
