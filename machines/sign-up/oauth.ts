import { ERRORS } from '../../src/contracts/errors';
import type { CallErrorLike } from './errors';
import type { SocialOutcome } from './types';

/**
 * The social sign-in landing fragment (SPEC §4; server: src/server/routes/oauth2), read by the social
 * machine (machines/sign-up/social.machine.ts). Pure: no window, no storage.
 */

/** A failed sign-in: the user gave up (silent), or a server code (`errors.{type}.{code}`). */
export type SocialFailure = { kind: 'abort' } | { kind: 'server'; type: string; code: number };
/** What the landing fragment says. */
export type OAuthLanding = SocialOutcome | SocialFailure;

const HASH = /^[A-Za-z0-9_-]{16,128}$/;

const safeDecode = (s: string): string | null => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};

/** The catalogue type of a server code (codes are unique across types). */
const typeOfCode = (code: number): string => Object.values(ERRORS).find((e) => e.code === code)?.type ?? 'AUTH';

/**
 * The landing fragment → outcome: `#inactive-<email>`, `#activation-<hash>`, `#hash-<hash>`,
 * `#error-<code>` or `#error-abort` (key and value split at the first '-', the value URI-encoded).
 * Anything else → null.
 */
export function parseOAuthFragment(hash: string): OAuthLanding | null {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const dash = body.indexOf('-');
  if (dash <= 0 || body.includes('/')) return null;
  const key = body.slice(0, dash);
  const value = safeDecode(body.slice(dash + 1));
  if (value === null || value === '') return null;
  switch (key) {
    case 'inactive':
      return /^[^\s@]+@[^\s@]+$/.test(value) ? { kind: 'inactive', email: value } : null;
    case 'activation':
      return HASH.test(value) ? { kind: 'activation', hash: value } : null;
    case 'hash':
      return HASH.test(value) ? { kind: 'hash', hash: value } : null;
    case 'error': {
      if (value === 'abort') return { kind: 'abort' };
      if (!/^\d{1,6}$/.test(value)) return null;
      const code = Number(value);
      return { kind: 'server', type: typeOfCode(code), code };
    }
    default:
      return null;
  }
}

/** A landing that is no outcome, as the failed call the sign-up modal shows (see errorMessageId): abort is silent. */
export function landingError(landing: OAuthLanding | null): CallErrorLike {
  if (landing === null) return { kind: 'parse' };
  if (landing.kind === 'abort') return { kind: 'abort' };
  if (landing.kind === 'server')
    return { kind: 'server', type: landing.type, code: landing.code, content: { type: landing.type, code: landing.code } };
  return { kind: 'network' };
}
