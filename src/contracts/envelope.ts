import * as v from 'valibot';
import { epochMs, INT_COLUMN_MAX, intIn } from './limits';

/** Error content; extra keys (e.g. the second-factor `hash` of error 155) are kept. */
export const ErrorContentSchema = v.looseObject({
  type: v.string(),
  code: v.union([intIn(0, INT_COLUMN_MAX), v.string()]),
  message: v.optional(v.string()),
  /** Names of the fields that failed validation (VALIDATION errors). */
  fields: v.optional(v.array(v.string())),
  /** Bulk edits answer one result per item (SPEC §7 Edit book). */
  items: v.optional(v.array(v.unknown())),
});
export type ErrorContent = v.InferOutput<typeof ErrorContentSchema>;

/** Every API answer (SPEC §7): status, content, request id, account timestamp. */
export const EnvelopeSchema = v.variant('status', [
  v.object({ status: v.literal('ok'), content: v.unknown(), id: v.string(), ats: v.optional(epochMs()) }),
  v.object({ status: v.literal('error'), content: ErrorContentSchema, id: v.string(), ats: v.optional(epochMs()) }),
]);
export type Envelope = v.InferOutput<typeof EnvelopeSchema>;

/** The API version every data call carries (SPEC §7). */
export const API_VERSION = 2;
