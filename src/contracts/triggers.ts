import * as v from 'valibot';

/**
 * Triggers (SPEC §3 Book trigger, Trigger config; §4 Trigger repeating_mode; §5 trigger type rules;
 * §7 Triggers; §9 mandatory support flag 65536, types and modes 1–3; DESIGN §8
 * `{api}/account/book/trigger/…?book={id}` and `{api}/account/integration/trigger/…`).
 *
 * An *integration trigger* (Trigger config) is something the account set up once: the built-in lead
 * form or a webhook. A *book trigger* attaches one of them to a book for an event the reader fires
 * (open, download, print). Shared by the server, the app and the reader (pure, no DOM).
 */

/** When the reader fires a trigger: 1 on open, 2 on download, 3 on print (SPEC §3). */
export const TRIGGER_TYPES = [1, 2, 3] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];
export const TRIGGER_OPEN = 1;
export const TRIGGER_DOWNLOAD = 2;
export const TRIGGER_PRINT = 3;

/** repeating_mode: 1 once, 2 until done, 3 always (SPEC §3). */
export const REPEATING_MODES = [1, 2, 3] as const;
export type RepeatingMode = (typeof REPEATING_MODES)[number];
export const REPEAT_ONCE = 1;
export const REPEAT_UNTIL_DONE = 2;
export const REPEAT_ALWAYS = 3;

/**
 * `integration.supports` is a bit mask; this bit says the integration can tell when the reader is done
 * (SPEC §9: mandatory support flag 65536), which "until done" needs (SPEC §4).
 */
export const SUPPORT_MANDATORY = 65536;

/** The integrations Quire has: the built-in lead form and a signed webhook. */
export const INTEGRATION_KINDS = ['leadform', 'webhook'] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

/**
 * What each kind supports. The lead form knows a reader is done (the form was stored); a webhook's
 * delivery is asynchronous and may fail long after the reader left, so it cannot promise "done".
 */
export const INTEGRATION_SUPPORTS: Record<IntegrationKind, number> = { leadform: SUPPORT_MANDATORY, webhook: 0 };

export const supportsUntilDone = (supports: number): boolean => (supports & SUPPORT_MANDATORY) === SUPPORT_MANDATORY;

/**
 * SPEC §4: once is not allowed when mandatory (→ 2, until done); until done needs the integration's
 * support (→ 3, always). The server, the trigger machine and the reader all apply this one rule.
 */
export function effectiveRepeatingMode(isMandatory: boolean, mode: RepeatingMode, supports: number): RepeatingMode {
  let out = mode;
  if (isMandatory && out === REPEAT_ONCE) out = REPEAT_UNTIL_DONE;
  if (out === REPEAT_UNTIL_DONE && !supportsUntilDone(supports)) out = REPEAT_ALWAYS;
  return out;
}

/** A new trigger starts not mandatory with mode 3 (SPEC §4). */
export const NEW_TRIGGER_DEFAULTS = { is_mandatory: false, repeating_mode: REPEAT_ALWAYS } as const;

/** SPEC §5: types 2 and 3 need download_mode / print_mode enabled (2 checked, 1 account default, 0 off). */
export function typeAllowed(type: TriggerType, modes: { download_mode: number; print_mode: number }): boolean {
  if (type === TRIGGER_DOWNLOAD) return modes.download_mode !== 0;
  if (type === TRIGGER_PRINT) return modes.print_mode !== 0;
  return true;
}

/** What a browser remembers of a trigger it met (reader, localStorage per book and trigger). */
export const REMEMBER_DONE = 'done';
export const REMEMBER_SHOWN = 'shown';

/** Whether the reader asks now: once → never again after shown; until done → until sent; always. */
export function shouldAsk(t: Pick<ReaderTrigger, 'repeating_mode'>, remembered: string | null): boolean {
  if (t.repeating_mode === REPEAT_ONCE) return remembered === null;
  if (t.repeating_mode === REPEAT_UNTIL_DONE) return remembered !== REMEMBER_DONE;
  return true;
}

// ── Limits ───────────────────────────────────────────────────────────────────────────────────────
export const INTEGRATION_NAME_MAX = 80;
export const WEBHOOK_URL_MAX = 2000;
export const MAX_INTEGRATIONS = 20;
export const LEAD_NAME_MAX = 120;
export const LEAD_EMAIL_MAX = 254;
export const LEADS_PAGE_MAX = 200;

// ── Models ───────────────────────────────────────────────────────────────────────────────────────
/** Trigger config (SPEC §3): the account's integration as book triggers refer to it. */
export interface TriggerConfig {
  id: string;
  name: string;
  is_enabled: boolean;
  kind: IntegrationKind;
  integration: { icon: string; supports: number };
  /** Webhook only: where leads are POSTed. */
  url: string | null;
  /** Webhook only, owner only: the HMAC-SHA256 key of X-Quire-Signature. */
  secret: string | null;
  creation: number;
  modification: number;
}

/** Book trigger (SPEC §3). `config` is the id of the TriggerConfig. Times are unix seconds. */
export interface BookTrigger {
  id: string;
  book: { id: string };
  type: TriggerType;
  config: string;
  is_mandatory: boolean;
  repeating_mode: RepeatingMode;
  creation: number;
  modification: number;
}

/** What the reader gets: enabled triggers of the book it reads, with the rule already applied. */
export interface ReaderTrigger {
  id: string;
  type: TriggerType;
  is_mandatory: boolean;
  repeating_mode: RepeatingMode;
}

/** A lead collected by a lead form (the owner's list and CSV). */
export interface Lead {
  id: string;
  name: string;
  email: string;
  book: { id: string | null; name: string };
  type: TriggerType;
  integration: string;
  created: number;
}

// ── Requests ─────────────────────────────────────────────────────────────────────────────────────
const Id = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/));
/** Form bodies arrive as strings: accept "1"/"true" as well as JSON numbers and booleans. */
const Flag = v.pipe(
  v.union([v.boolean(), v.picklist([0, 1]), v.picklist(['0', '1', 'true', 'false'])]),
  v.transform((x) => x === true || x === 1 || x === '1' || x === 'true'),
);
const intOf = <const T extends readonly number[]>(values: T) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,2}$/), v.transform(Number))]),
    v.picklist(values as unknown as T[number][]),
  );
const Name = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(INTEGRATION_NAME_MAX));
/** Absolute http(s) URL, nothing else (no javascript:, file:, ftp:…). */
export const WebhookUrlSchema = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(WEBHOOK_URL_MAX),
  v.url(),
  v.check((u) => /^https?:\/\/[^/?#\s]+/i.test(u), 'must be an http or https URL'),
);

export const BookTriggerListQuerySchema = v.object({ book: Id });
export const BookTriggerCreateSchema = v.object({
  book: Id,
  type: intOf(TRIGGER_TYPES),
  config: Id,
  is_mandatory: v.optional(Flag, false),
  repeating_mode: v.optional(intOf(REPEATING_MODES), REPEAT_ALWAYS),
});
export const BookTriggerUpdateSchema = v.object({
  id: Id,
  config: v.optional(Id),
  is_mandatory: v.optional(Flag),
  repeating_mode: v.optional(intOf(REPEATING_MODES)),
});
export const IdRequestSchema = v.object({ id: Id });

export const IntegrationCreateSchema = v.variant('kind', [
  v.object({ kind: v.literal('leadform'), name: Name, is_enabled: v.optional(Flag, true) }),
  v.object({ kind: v.literal('webhook'), name: Name, url: WebhookUrlSchema, is_enabled: v.optional(Flag, true) }),
]);
export const IntegrationUpdateSchema = v.object({
  id: Id,
  name: v.optional(Name),
  url: v.optional(WebhookUrlSchema),
  is_enabled: v.optional(Flag),
  /** A new webhook secret (the old one stops verifying at once). */
  rotate_secret: v.optional(Flag),
});

export const LeadFieldsSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(LEAD_NAME_MAX)),
  email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(LEAD_EMAIL_MAX), v.email()),
});
/** The reader's lead: the book (with its private link token when any) and the trigger it answers. */
export const PublicLeadSchema = v.object({
  ...LeadFieldsSchema.entries,
  book: Id,
  trigger: Id,
  token: v.optional(v.pipe(v.string(), v.maxLength(128))),
});
export const PublicTriggersQuerySchema = v.object({ id: Id, token: v.optional(v.pipe(v.string(), v.maxLength(128))) });

export const LeadListQuerySchema = v.object({
  start: v.optional(v.pipe(v.string(), v.regex(/^\d{1,7}$/), v.transform(Number)), '0'),
  step: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(LEADS_PAGE_MAX)), '50'),
  book: v.optional(Id),
});

export type BookTriggerCreate = v.InferOutput<typeof BookTriggerCreateSchema>;
export type BookTriggerUpdate = v.InferOutput<typeof BookTriggerUpdateSchema>;
export type IntegrationCreate = v.InferOutput<typeof IntegrationCreateSchema>;
export type IntegrationUpdate = v.InferOutput<typeof IntegrationUpdateSchema>;
export type LeadFields = v.InferOutput<typeof LeadFieldsSchema>;

/** The webhook's JSON body (signed: `X-Quire-Signature: sha256=<hex HMAC-SHA256 of the raw body>`). */
export interface WebhookPayload {
  book: { id: string; name: string };
  trigger: { id: string; type: TriggerType };
  lead: { id: string; name: string; email: string };
  /** ISO 8601. */
  created: string;
}
export const SIGNATURE_HEADER = 'X-Quire-Signature';

// ── CSV (owner export) ───────────────────────────────────────────────────────────────────────────
/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. A
 * field that a spreadsheet would read as a formula (starting with = + - @, tab or CR) gets a leading
 * apostrophe first, so a reader's "name" cannot run code in the owner's spreadsheet.
 */
export function csvField(value: string | number): string {
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}
export const csvLine = (fields: (string | number)[]): string => `${fields.map(csvField).join(',')}\r\n`;
