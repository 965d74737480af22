/**
 * The one error catalogue (SPEC §8) shared by server and client. The client shows the translated
 * message `errors.{type}.{code}` (bulk: `errors.BULK.{code}`) with the request id.
 * Later issues add their codes here; every entry needs a message in src/web/i18n/error-messages.ts.
 */
export const ERRORS = {
  unknownCall: { type: 'API', code: 404, http: 404 },
  methodNotAllowed: { type: 'API', code: 405, http: 405 },
  badRequest: { type: 'API', code: 400, http: 400 },
  payloadTooLarge: { type: 'API', code: 413, http: 413 },
  rateLimited: { type: 'API', code: 429, http: 429 },
  unsupportedVersion: { type: 'API', code: 426, http: 400 },
  validation: { type: 'VALIDATION', code: 1, http: 400 },
  internal: { type: 'SERVER', code: 500, http: 500 },
  unavailable: { type: 'SERVER', code: 503, http: 503 },
  // Session codes (SPEC §8: 301, 302, 149 → session expired, sign-in flow).
  sessionMissing: { type: 'SESSION', code: 301, http: 401 },
  sessionExpired: { type: 'SESSION', code: 302, http: 401 },
  sessionRevoked: { type: 'SESSION', code: 149, http: 401 },
} as const satisfies Record<string, { type: string; code: number; http: number }>;

export type ErrorName = keyof typeof ERRORS;
export const SESSION_EXPIRED_CODES: readonly number[] = [301, 302, 149];
