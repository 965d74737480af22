import * as v from 'valibot';
import { count, epochMs, intIn } from './limits';

/**
 * /account/privacy (issue 16): download all my data, delete my account. Calls (all signed in, on the
 * caller's own account, `{api}` = /api, `v=2`):
 *   GET  {api}/account/privacy/                    → PrivacyStatus
 *   POST {api}/account/privacy/export/create       → PrivacyStatus (an export is queued; one at a time)
 *   GET  {api}/account/privacy/export/download?token=…  → the ZIP (its link expires with the export)
 *   POST {api}/account/privacy/deletion/code       → DeletionCodeSent (accounts without a password)
 *   POST {api}/account/privacy/deletion/create     → DeletionScheduled (body DeletionRequest)
 */

/** What an export is doing: waiting for a worker, being written, ready to download, failed, or gone. */
export const EXPORT_STATES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

export const ExportViewSchema = v.object({
  state: v.picklist(EXPORT_STATES),
  /** Steps written so far and in all (one per publication, plus the account's own files). */
  done: count(),
  total: count(),
  created_at: epochMs(),
  /** When the download link stops working and the file is removed (ready exports). */
  expires_at: v.nullable(epochMs()),
  /** Size of the ZIP in bytes (ready exports). */
  size: v.nullable(count()),
  /** The owner's download URL below {api} (`account/privacy/export/download?token=…`), while ready. */
  download: v.nullable(v.string()),
});
export type ExportView = v.InferOutput<typeof ExportViewSchema>;

export const PrivacyStatusSchema = v.object({
  /** The latest export of the account, or null. */
  export: v.nullable(ExportViewSchema),
  /** How the deletion is confirmed: the password, or a code mailed to the account's address (no password). */
  reauth: v.picklist(['password', 'code']),
  /** Days between the request and the deletion (QUIRE_ACCOUNT_DELETION_GRACE_DAYS; 0 = at once). */
  grace_days: intIn(0, 365),
  /** Days a finished export stays downloadable (QUIRE_EXPORT_TTL_DAYS). */
  export_days: intIn(1, 365),
});
export type PrivacyStatus = v.InferOutput<typeof PrivacyStatusSchema>;

/** Field limits (characters). */
export const DELETION_LIMITS = { password: 200, code: 6, token: 64 } as const;

/** The deletion request: the password, or the mailed code (with the `hash` DeletionCodeSent answered). */
export const DeletionRequestSchema = v.object({
  password: v.optional(v.pipe(v.string(), v.maxLength(DELETION_LIMITS.password, 'validation.max'))),
  code: v.optional(v.pipe(v.string(), v.regex(/^\d{6}$/, 'validation.digits'))),
});
export type DeletionRequest = v.InferOutput<typeof DeletionRequestSchema>;

export const DeletionCodeSentSchema = v.object({ email: v.string(), minutes: intIn(1, 60) });
export type DeletionCodeSent = v.InferOutput<typeof DeletionCodeSentSchema>;

export const DeletionScheduledSchema = v.object({
  /** When every row and file of the account goes (the request itself with a grace period of 0). */
  purge_at: epochMs(),
});
export type DeletionScheduled = v.InferOutput<typeof DeletionScheduledSchema>;

/** The download's query: the token of the account's current export. */
export const ExportDownloadQuerySchema = v.object({
  token: v.pipe(v.string(), v.regex(/^[0-9a-f]{1,64}$/, 'validation.invalid')),
});

/** How often the section asks how far an export is (ms). */
export const EXPORT_POLL_MS = 2000;
