import type { AccountMode } from '../../contracts/accounts';
import type { BookSettings } from '../../contracts/books';
import { passesModeGates, SCHEDULING_GATES } from '../../contracts/gating';
import type { BookRow, BookUpdate } from '../db/schema';
import { ApiError } from '../envelope';
import { newTokenSecret } from '../reader/access';
import { defaultJsonSettings, JSON_SETTINGS, type JsonSettings, jsonSettingsOf } from './views';

/**
 * Book settings (SPEC §3) → book row columns. Only the fields present are written; the JSON ones
 * are merged into what the row (or, for a new book, the SPEC §3 defaults) already has.
 */

/** Form bodies carry every value as text: the numeric fields the contract types as numbers. */
export function coerceFormNumbers(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const key of ['publish_date', 'is_published', 'start_time']) {
    const value = out[key];
    if (typeof value !== 'string') continue;
    if (value === '' || value === 'null') out[key] = key === 'publish_date' ? null : undefined;
    else if (/^-?\d+$/.test(value)) out[key] = Number(value);
  }
  return out;
}

/** Scheduled publishing is premium-gated (SPEC §6, the gating table's SCHEDULING_GATES): a free account may not set a future date. */
export function assertScheduling(mode: AccountMode, fields: BookSettings, now: number): void {
  const at = fields.publish_date;
  if (at !== undefined && at !== null && at * 1000 > now && !passesModeGates(SCHEDULING_GATES, mode)) {
    throw new ApiError('validation', { message: 'book.schedule.premium', fields: ['publish_date'] });
  }
}

/** Seconds → epoch ms; a date that is not ahead means "now" (null). */
const publishAt = (seconds: number | null, now: number): number | null =>
  seconds !== null && seconds * 1000 > now ? seconds * 1000 : null;

/** The columns a settings object changes (JSON merged over `base`). */
export function settingsColumns(fields: BookSettings, base: JsonSettings, now: number): BookUpdate {
  const patch: BookUpdate = {};
  if (fields.name !== undefined) patch.name = fields.name;
  if (fields.description !== undefined) patch.description = fields.description;
  if (fields.is_adult !== undefined) patch.is_adult = fields.is_adult;
  if (fields.publishing_mode !== undefined) patch.publishing_mode = fields.publishing_mode;
  if (fields.is_published !== undefined) patch.is_published = fields.is_published;
  if (fields.publish_date !== undefined) patch.publish_at = publishAt(fields.publish_date, now);
  const json: Record<string, unknown> = { ...base };
  let changed = false;
  for (const key of JSON_SETTINGS) {
    const value = fields[key];
    if (value === undefined) continue;
    json[key] = value;
    changed = true;
  }
  if (changed) patch.settings = JSON.stringify(json);
  return patch;
}

/** Columns of a new book: SPEC §3 defaults for the account's mode, then the posted settings, and its own token secret. */
export function newBookColumns(
  mode: AccountMode,
  fields: BookSettings,
  now: number,
): BookUpdate & { settings: string; token_secret: string } {
  const base = defaultJsonSettings(mode, now);
  const patch = settingsColumns(fields, base, now);
  return { ...patch, settings: patch.settings ?? JSON.stringify(base), token_secret: newTokenSecret() };
}

/**
 * Whether an update takes the private link away: the link switched off, or the book leaving private
 * publishing. Its tokens are then revoked (a new secret), so a link or page address handed out before
 * stays dead even when the link or private publishing is switched on again.
 */
export function revokesTokens(row: BookRow, fields: BookSettings): boolean {
  const linkOff = fields.private_url === 0 && jsonSettingsOf(row).private_url !== 0;
  const leavesPrivate = row.publishing_mode === 2 && fields.publishing_mode !== undefined && fields.publishing_mode !== 2;
  return linkOff || leavesPrivate;
}

/** Columns of an update of an existing book (a new token secret when the update revokes the tokens). */
export function updateColumns(row: BookRow, fields: BookSettings, now: number): BookUpdate {
  const patch = settingsColumns(fields, jsonSettingsOf(row), now);
  return revokesTokens(row, fields) ? { ...patch, token_secret: newTokenSecret() } : patch;
}

/** Only the settings fields of a parsed request (drops id, ids, start_time, delay, upload_mode…). */
export function pickSettings<T extends BookSettings>(body: T): BookSettings {
  const { name, description, is_adult, publishing_mode, is_published, publish_date } = body;
  const out: BookSettings = { name, description, is_adult, publishing_mode, is_published, publish_date };
  for (const key of JSON_SETTINGS) (out as Record<string, unknown>)[key] = body[key];
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as BookSettings;
}
