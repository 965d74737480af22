import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Session } from '../../contracts/accounts';
import { setCookie, TOKEN_COOKIE } from '../auth/cookies';
import { signAccessToken } from '../auth/jwt';
import { LIMITS, overLimit } from '../auth/limiter';
import { ApiError } from '../envelope';
import { secureCookies } from '../public-url';

/** Captcha of register, forgot and resend (SPEC §5; skipped in dev mode): AUTH 130 when it fails. */
export async function requireCaptcha(app: FastifyInstance, request: FastifyRequest, response: string | undefined): Promise<void> {
  if (!(await app.captcha.verify(response, request.ip))) throw new ApiError('captchaFailed', { fields: ['g-recaptcha-response'] });
}

/** Whether another mail may go to this address now (forgot, resend, already registered: 5 per 10 min). */
export async function mailAllowed(app: FastifyInstance, email: string, now: number): Promise<boolean> {
  return !(await overLimit(app.db, [`mail:${email}`], LIMITS.mailPerAddress, now));
}

/** A unique constraint failed (SQLite or PostgreSQL): e.g. two registrations of one address at once. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; errcode?: unknown; message?: unknown } | undefined;
  return (
    e?.code === '23505' ||
    e?.errcode === 'SQLITE_CONSTRAINT_UNIQUE' ||
    (typeof e?.message === 'string' && /UNIQUE constraint failed/i.test(e.message))
  );
}

/** Signs a fresh access token for a session (sub = profile id, sid = session id, exp = now + QUIRE_TOKEN_TTL). */
export async function signSession(
  app: FastifyInstance,
  ids: { sessionId: string; profileId: string },
  now: number,
): Promise<{ session: Session; expiresAt: number }> {
  const ttl = app.config.tokenTtl;
  const expiresAt = now + ttl * 1000;
  const token = await signAccessToken(app.keys.jwt, { sub: ids.profileId, sid: ids.sessionId }, expiresAt, now);
  return { session: { id: ids.sessionId, access_token: token, expires_in: ttl }, expiresAt };
}

/** The `quire_token` cookie: the fallback of the bearer header (SPEC §6); empty with maxAge 0 deletes it. */
export function setTokenCookie(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
): void {
  setCookie(reply, TOKEN_COOKIE, token, { maxAgeSeconds, secure: secureCookies(app, request) });
}
