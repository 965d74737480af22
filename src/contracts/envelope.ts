import * as v from 'valibot';

/** Every API answer (SPEC §7): status, content, request id, account timestamp. */
export const ErrorContentSchema = v.object({
  type: v.string(),
  code: v.union([v.number(), v.string()]),
  message: v.optional(v.string()),
  /** Bulk edits answer one result per item (SPEC §7 Edit book). */
  items: v.optional(v.array(v.unknown())),
});
export type ErrorContent = v.InferOutput<typeof ErrorContentSchema>;

export const EnvelopeSchema = v.variant('status', [
  v.object({ status: v.literal('ok'), content: v.unknown(), id: v.string(), ats: v.optional(v.number()) }),
  v.object({ status: v.literal('error'), content: ErrorContentSchema, id: v.string(), ats: v.optional(v.number()) }),
]);
export type Envelope = v.InferOutput<typeof EnvelopeSchema>;

/** The API version every data call carries (SPEC §7). */
export const API_VERSION = 2;
