import { SESSION_EXPIRED_CODES, serverMessageId, TRANSPORT_MESSAGE_IDS } from '../../src/contracts/error-ids';

const TRANSPORT_IDS: Readonly<Record<string, string>> = TRANSPORT_MESSAGE_IDS;

/**
 * The message id to show inline for a failed call (an `ApiCallError` from src/api, read by shape so
 * machines stay free of the HTTP client): `errors.{type}.{code}` for server errors, the transport ids
 * otherwise, `commons.requestError` for anything unknown.
 */
export function errorMessageId(error: unknown): string {
  if (typeof error !== 'object' || error === null) return 'commons.requestError';
  const e = error as { kind?: unknown; type?: unknown; code?: unknown };
  if (typeof e.type === 'string' && (typeof e.code === 'number' || typeof e.code === 'string')) return serverMessageId(e.type, e.code);
  if (typeof e.kind === 'string' && TRANSPORT_IDS[e.kind]) return TRANSPORT_IDS[e.kind] as string;
  return 'commons.requestError';
}

/** SPEC §8: codes 301, 302 and 149 mean the session expired. */
export function isSessionExpiredError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = Number((error as { code?: unknown }).code);
  return SESSION_EXPIRED_CODES.includes(code);
}
