import { AUTH_CODES } from '../../src/contracts/accounts';
import { serverMessageId, TRANSPORT_MESSAGE_IDS } from '../../src/contracts/errors';

/**
 * What the sign-up machines read of a failed call: the client's `ApiCallError` (src/api/errors.ts) or
 * a plain object of the same shape (path tests, stories). Never `instanceof`: invoke errors cross
 * actor boundaries and tests send plain objects.
 */
export interface CallErrorLike {
  kind?: string;
  type?: string;
  code?: number | string;
  content?: Record<string, unknown>;
}

const asCallError = (error: unknown): CallErrorLike => (typeof error === 'object' && error !== null ? (error as CallErrorLike) : {});

/** The numeric server code of a failed call (SPEC §8), or undefined for transport errors. */
export function errorCode(error: unknown): number | undefined {
  const { kind, code } = asCallError(error);
  if (kind !== 'server' || code === undefined || code === '') return undefined;
  const n = Number(code);
  return Number.isFinite(n) ? n : undefined;
}

/** Error 155 carries the hash to confirm with the second factor (DESIGN §8). */
export function secondFactorHash(error: unknown): string | undefined {
  if (errorCode(error) !== AUTH_CODES.mfaRequired) return undefined;
  const hash = asCallError(error).content?.hash;
  return typeof hash === 'string' && hash !== '' ? hash : undefined;
}

/**
 * The message id shown inline for a failed call: `errors.{type}.{code}` for server errors, the
 * transport ids (commons.requestTooLong, commons.parseError, commons.requestError) otherwise, none
 * for an abort (SPEC §8). The API client alerts as well; the machines keep the id for the form.
 */
export function errorMessageId(error: unknown): string | null {
  const e = asCallError(error);
  switch (e.kind) {
    case 'server':
      return e.type ? serverMessageId(e.type, e.code) : TRANSPORT_MESSAGE_IDS.network;
    case 'timeout':
    case 'parse':
    case 'network':
      return TRANSPORT_MESSAGE_IDS[e.kind];
    case 'abort':
      return null;
    default:
      return TRANSPORT_MESSAGE_IDS.network;
  }
}

/** A promise that never settles: the harmless default of every call actor until the app provides it. */
export const pending = <T>(): Promise<T> => new Promise<T>(() => undefined);
