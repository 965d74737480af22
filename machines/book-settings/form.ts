import * as v from 'valibot';
import type { AccountMode } from '../../src/contracts/accounts';
import { type Book, BookSettingsSchema, bookDefaults, DEFAULT_SKIN, PRESET_FIELDS, type PublishingMode } from '../../src/contracts/books';
import { passesModeGates, SCHEDULING_GATES } from '../../src/contracts/gating';
import { isHttpUrl, type PresetListName, type PresetLists } from '../../src/contracts/presets';
import { SCHEDULE_STEP_MS, SCHEDULE_YEARS_AHEAD } from '../constants';

/**
 * Pure rules of the book settings modal (SPEC §2 Book settings modal, §3 Book and Book defaults, §4 Publish
 * date, §5 book name, URLs, resources, publish date and picker, §6 scheduling premium-gated, platinum hides
 * the custom-URL help). Shared by the machine, the views and the tests. Values are validated with the
 * contract's own schemas (src/contracts/books.ts), so the client refuses what the server would.
 */

/** The editable fields, as the form holds them ('' for an empty selector, null for "no folder" and "now"). */
export interface SettingsForm {
  name: string;
  description: string;
  'document.view': string;
  read_mode: number;
  license_mode: string;
  is_adult: number;
  'subscription.id': string | null;
  publishing_mode: PublishingMode;
  private_url: number;
  /** Scheduled publication in unix seconds; null = now. */
  publish_date: number | null;
  download_mode: number;
  print_mode: number;
  share_mode: number;
  comment_mode: number;
  subscribe_mode: number;
  'skin.url': string;
  'bg.url': string;
  'logo.url': string;
  'logo.link': string;
  'music.url': string;
  'music.mode': number;
  'sfx.url': string;
  'sfx.mode': number;
}
export type FieldName = keyof SettingsForm;
export type FieldValue = SettingsForm[FieldName];

export const SETTINGS_TABS = ['general', 'sharing', 'branding', 'design', 'sound', 'trigger'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The tab that shows each field (a failed save switches to the first invalid one's). */
export const FIELD_TAB: Record<FieldName, SettingsTab> = {
  name: 'general',
  description: 'general',
  'document.view': 'general',
  read_mode: 'general',
  license_mode: 'general',
  is_adult: 'general',
  'subscription.id': 'general',
  publishing_mode: 'general',
  private_url: 'general',
  publish_date: 'general',
  download_mode: 'sharing',
  print_mode: 'sharing',
  share_mode: 'sharing',
  comment_mode: 'sharing',
  subscribe_mode: 'sharing',
  'logo.url': 'branding',
  'logo.link': 'branding',
  'skin.url': 'design',
  'bg.url': 'design',
  'music.url': 'sound',
  'music.mode': 'sound',
  'sfx.url': 'sound',
  'sfx.mode': 'sound',
};
export const FIELD_NAMES = Object.keys(FIELD_TAB) as FieldName[];
export const isFieldName = (name: string): name is FieldName => Object.hasOwn(FIELD_TAB, name);

/** The six selectors: a preset list each, switchable to a custom URL (SPEC §2). */
export const SELECTORS = {
  'skin.url': 'skins',
  'bg.url': 'backgrounds',
  'logo.url': 'logos',
  'logo.link': 'logolinks',
  'music.url': 'musics',
  'sfx.url': 'sfx',
} as const satisfies Partial<Record<FieldName, PresetListName>>;
export type Selector = keyof typeof SELECTORS;
export const SELECTOR_NAMES = Object.keys(SELECTORS) as Selector[];
export const isSelector = (name: string): name is Selector => Object.hasOwn(SELECTORS, name);
export type CustomFlags = Record<Selector, boolean>;

/** Fields one book has of its own: not offered in a bulk edit. */
const OWN_FIELDS: readonly FieldName[] = ['name', 'description'];
export const isBulkField = (field: FieldName) => !OWN_FIELDS.includes(field);

/** What the account may do here, checked once the presets are in (SPEC §2, §6). */
export interface Rights {
  /** Scheduled publication: premium or higher; free accounts see it disabled with a link to /upgrade. */
  schedule: boolean;
  /** The help under custom-URL inputs: hidden for platinum accounts. */
  customHelp: boolean;
}
export const rightsOf = (mode: AccountMode): Rights => ({
  schedule: passesModeGates(SCHEDULING_GATES, mode),
  customHelp: mode !== 'PLATINUM',
});

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

/** The form of one book, from its get answer. */
export function formOfBook(book: Book): SettingsForm {
  return {
    name: book.name,
    description: text(book.description),
    'document.view': book['document.view'],
    read_mode: num(book.read_mode, 0),
    license_mode: text(book.license_mode),
    is_adult: num(book.is_adult, 0),
    'subscription.id': book['subscription.id'] ?? null,
    publishing_mode: book.publishing_mode,
    private_url: num(book.private_url, 0),
    publish_date: book.is_scheduled ? book.publish_date : null,
    download_mode: num(book.download_mode, 0),
    print_mode: num(book.print_mode, 0),
    share_mode: num(book.share_mode, 1),
    comment_mode: num(book.comment_mode, 4),
    subscribe_mode: num(book.subscribe_mode, 0),
    'skin.url': text(book['skin.url']) || DEFAULT_SKIN,
    'bg.url': text(book['bg.url']),
    'logo.url': text(book['logo.url']),
    'logo.link': text(book['logo.link']),
    'music.url': text(book['music.url']),
    'music.mode': num(book['music.mode'], 0),
    'sfx.url': text(book['sfx.url']),
    'sfx.mode': num(book['sfx.mode'], 0),
  };
}

/** The form of a bulk edit: the account's book defaults (SPEC §3); only the fields the user touches are sent. */
export function bulkForm(mode: AccountMode): SettingsForm {
  const d = bookDefaults(mode, '');
  return {
    name: '',
    description: '',
    'document.view': d['document.view'],
    read_mode: d.read_mode,
    license_mode: '',
    is_adult: 0,
    'subscription.id': null,
    publishing_mode: d.publishing_mode,
    private_url: 0,
    publish_date: null,
    download_mode: d.download_mode,
    print_mode: d.print_mode,
    share_mode: d.share_mode,
    comment_mode: d.comment_mode,
    subscribe_mode: 0,
    'skin.url': DEFAULT_SKIN,
    'bg.url': '',
    'logo.url': '',
    'logo.link': '',
    'music.url': '',
    'music.mode': 0,
    'sfx.url': '',
    'sfx.mode': 0,
  };
}

/** The preset locations of a selector's list (enabled ones). */
export function presetLocations(presets: PresetLists | null, selector: Selector): string[] {
  return (presets?.[SELECTORS[selector]] ?? []).filter((p) => p.enabled).map((p) => p.location);
}

/** A selector shows its URL input when its value is set and is none of the presets. */
export function customFlags(form: SettingsForm, presets: PresetLists | null): CustomFlags {
  const flags = {} as CustomFlags;
  for (const s of SELECTOR_NAMES) flags[s] = form[s] !== '' && !presetLocations(presets, s).includes(form[s]);
  return flags;
}

/** Leaving the URL input: a preset value stays, anything else falls back to the default skin or to none. */
export function presetFallback(selector: Selector, value: string, presets: PresetLists | null): string {
  const locations = presetLocations(presets, selector);
  if (locations.includes(value)) return value;
  if (selector === 'skin.url') return locations.includes(DEFAULT_SKIN) ? DEFAULT_SKIN : (locations[0] ?? DEFAULT_SKIN);
  return '';
}

// ── Scheduling (SPEC §4 Publish date, §5 picker, 5-minute step rounded up) ────────────────────────
/** Rounds a time (ms) up to the next 5-minute step (an exact step stays). */
export const roundUpToStep = (ms: number): number => Math.ceil(ms / SCHEDULE_STEP_MS) * SCHEDULE_STEP_MS;
/** The picker's range: from now (rounded up) to the end of the year current + 10 (the date dropdown's last year). */
export function scheduleBounds(now: number): { start: number; end: number } {
  const lastYear = new Date(now).getFullYear() + SCHEDULE_YEARS_AHEAD;
  return { start: roundUpToStep(now), end: new Date(lastYear, 11, 31, 23, 55).getTime() };
}
/** Apply is offered when the chosen time (rounded up) is neither before now nor past the range. */
export function canApplyDate(draft: number | null, now: number): boolean {
  if (draft === null || !Number.isFinite(draft)) return false;
  const { start, end } = scheduleBounds(now);
  const at = roundUpToStep(draft);
  return at >= start && at <= end;
}

// ── Validation (SPEC §5) ──────────────────────────────────────────────────────────────────────────
type Entries = typeof BookSettingsSchema.entries;
const entryOf = (field: FieldName) => (BookSettingsSchema.entries as Entries)[field as keyof Entries];

/** The message id of a field's problem, or null. A selector in custom mode needs an http(s) URL. */
export function fieldError(field: FieldName, form: SettingsForm, custom: CustomFlags, now: number): string | null {
  const value = form[field];
  if (field === 'publish_date') return value !== null && (value as number) * 1000 < now ? 'book.settings.schedule.past' : null;
  if (isSelector(field) && custom[field] && value !== '' && !isHttpUrl(String(value))) return 'validation.url';
  const result = v.safeParse(entryOf(field), value === '' && isSelector(field) ? null : value);
  if (result.success) return null;
  const message = result.issues[0]?.message;
  return message?.startsWith('validation.') ? message : 'validation.invalid';
}

/** Problems of the fields a save would send (a bulk edit does not check the fields it leaves alone). */
export function formErrors(fields: readonly FieldName[], form: SettingsForm, custom: CustomFlags, now: number) {
  const errors: Partial<Record<FieldName, string>> = {};
  for (const field of fields) {
    const error = fieldError(field, form, custom, now);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The first invalid field in tab order. */
export function firstInvalid(errors: Partial<Record<FieldName, string>>): FieldName | undefined {
  return FIELD_NAMES.find((f) => errors[f] !== undefined);
}

/** What a save sends: in a bulk edit the touched fields, for one book those that differ from the saved ones. */
export function changedFields(form: SettingsForm, saved: SettingsForm, touched: readonly FieldName[], bulk: boolean): FieldName[] {
  const fields = bulk ? touched.filter(isBulkField) : FIELD_NAMES.filter((f) => form[f] !== saved[f]);
  return [...new Set(fields)];
}

/** The update's body fields (SPEC §7 Edit book): an empty selector is sent as null (cleared). */
export function payloadOf(form: SettingsForm, fields: readonly FieldName[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const value = form[f];
    out[f] = isSelector(f) && value === '' ? null : typeof value === 'string' && f !== 'description' ? value.trim() : value;
  }
  return out;
}

/** The presentation choices kept by "save as presets". */
export function presetsOf(form: SettingsForm): Record<string, unknown> {
  return payloadOf(form, PRESET_FIELDS);
}

/**
 * The private link the modal shows (and offers to renew): the book's url.private while the book is
 * private with its link on, as saved and as in the form.
 */
export function shownPrivateLink(values: SettingsForm, saved: SettingsForm, book: Book | null): string | undefined {
  const on = values.publishing_mode === 2 && values.private_url === 1 && saved.private_url === 1;
  return on ? book?.url.private : undefined;
}

/** Server field names of a VALIDATION refusal (`content.fields`) that the form knows. */
export function refusedFields(error: unknown): FieldName[] {
  const content = (error as { content?: { fields?: unknown } } | null)?.content;
  const fields = Array.isArray(content?.fields) ? content.fields : [];
  return fields.filter((f): f is FieldName => typeof f === 'string' && isFieldName(f));
}
