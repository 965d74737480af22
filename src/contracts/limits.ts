import * as v from 'valibot';

/**
 * Ranges every number of a contract gets (issue 12: no input may reach the database as a value its
 * column cannot hold, or as a date nobody can mean). Integers are safe integers that fit their
 * columns: `integer` columns are 32-bit on PostgreSQL, `bigint` ones (times in ms, sizes) hold any
 * safe integer. Dates lie in a window: 1970-01-01 up to the end of 2100.
 * Messages are message ids (src/web/i18n/validation-messages.ts).
 */

/** Largest value of an `integer` column (PostgreSQL int4; SQLite stores more, the contract does not ask it to). */
export const INT_COLUMN_MAX = 2_147_483_647;
/** 2101-01-01T00:00:00Z: dates end with the year 2100. */
export const DATE_WINDOW_END_MS = Date.UTC(2101, 0, 1);
/** Last second of the window (unix seconds), and the first (the epoch). */
export const UNIX_SECONDS_MAX = DATE_WINDOW_END_MS / 1000 - 1;
export const UNIX_SECONDS_MIN = 0;
/** First and last calendar year a `YYYY-MM-DD` date may name. */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2100;

/** A safe integer in [min, max]. */
export const intIn = (min: number, max: number) =>
  v.pipe(v.number(), v.safeInteger('validation.number'), v.minValue(min, 'validation.range'), v.maxValue(max, 'validation.range'));

/** A count, size or offset: a safe integer from 0. */
export const count = () => intIn(0, Number.MAX_SAFE_INTEGER);

/** A point in time in epoch milliseconds, within the date window. */
export const epochMs = () => intIn(0, DATE_WINDOW_END_MS - 1);

/** A point in time in unix seconds, within the date window. */
export const unixSeconds = () => intIn(UNIX_SECONDS_MIN, UNIX_SECONDS_MAX);

/** Any finite number (JSON's 1e400 reads as Infinity). */
export const finiteNumber = () => v.pipe(v.number(), v.finite('validation.number'));

/** Whether `YYYY-MM-DD` names a real day of the calendar, in DATE_YEAR_MIN..DATE_YEAR_MAX. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < DATE_YEAR_MIN || year > DATE_YEAR_MAX) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A list's `start` or `step` in a query (a number or its digits), 0..max; `fallback` when absent. */
export const pageNumber = (fallback: number, max: number) =>
  v.optional(
    v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))]), v.integer(), v.minValue(0), v.maxValue(max)),
    fallback,
  );

/** Digits of a form or query value read as a number (`"42"` → 42); the number's own range follows. */
export const digitsAsNumber = () => v.pipe(v.string(), v.regex(/^\d{1,16}$/, 'validation.digits'), v.transform(Number));
