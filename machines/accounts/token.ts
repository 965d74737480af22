import { REFRESH_LIFETIME_FRACTION, TOKEN_FRESH_SLACK_MS } from '../constants';
import type { HandedOverToken, SessionSource, SessionUser, StoredToken } from './types';

/**
 * The `sub` claim of a JWT access token, or null when the token is not a readable JWT (three parts, a
 * base64url JSON object as payload). No verification: a few lines instead of a JWT library in the
 * app's first load.
 */
export function tokenSubject(token: string): string | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const binary = atob(parts[1].replace(/-/g, '+').replace(/_/g, '/'));
    const payload: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
    const { sub } = payload as { sub?: unknown };
    return typeof sub === 'string' || typeof sub === 'number' ? String(sub) : null;
  } catch {
    return null;
  }
}

/** The essentials the session machine keeps from a login answer or the stored user. */
export function toSessionUser(source: SessionSource): SessionUser {
  return {
    profileId: source.profile.id,
    tokenSubject: tokenSubject(source.session.access_token),
    expiresIn: source.session.expires_in,
  };
}

/** SPEC §4: the token subject differs from the profile id (a missing subject counts as different). */
export const subjectMismatch = (user: SessionUser | null): boolean => user !== null && user.tokenSubject !== user.profileId;

/**
 * A token is fresh while it is in the first half of its lifetime (minus TOKEN_FRESH_SLACK_MS of clock
 * slack): another tab refreshed it, so the tab holding the refresh lock adopts it instead of calling
 * the server again. Times in epoch ms as this browser saw them; `issued_at` 0 means unknown.
 */
export function isFresh(session: { issued_at: number; expires_at: number }, now: number): boolean {
  const fresh = (session.expires_at - session.issued_at) * REFRESH_LIFETIME_FRACTION;
  return session.issued_at > 0 && now - session.issued_at < fresh - TOKEN_FRESH_SLACK_MS;
}

/** The token a tab adopts under the lock: the stored one, or the one handed over (merged into what is stored). */
export type AdoptedToken =
  | { from: 'stored'; stored: StoredToken }
  | { from: 'handoff'; handoff: HandedOverToken; stored: StoredToken | null };

/** The session answer a token stands for, `now` being the read time (expires_in counts from then). */
export function sourceOf(token: AdoptedToken, now: number): SessionSource {
  if (token.from === 'stored') {
    const { session, profile } = token.stored;
    return { session: { access_token: session.access_token, expires_in: secondsLeft(session.expires_at, now) }, profile };
  }
  const { content, receivedAt } = token.handoff;
  return {
    session: { access_token: content.session.access_token, expires_in: secondsLeft(receivedAt + content.session.expires_in * 1000, now) },
    profile: content.profile,
  };
}

const secondsLeft = (expiresAt: number, now: number) => Math.max(0, Math.round((expiresAt - now) / 1000));
