import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access, menuItem, viewerOf } from '../../contracts/gating';
import { profileView } from '../accounts/views';
import type { AccountRow, ProfileRow, SessionRow } from '../db/schema';
import { ApiError } from '../envelope';
import { readCookie, TOKEN_COOKIE } from './cookies';
import { type AccessClaims, verifyAccessToken } from './jwt';

/** Who is calling: set on the request by `app.requireSession` (a preHandler). */
export interface AuthContext {
  profile: ProfileRow;
  account: AccountRow;
  session: SessionRow;
  claims: AccessClaims;
}

/** The bearer token of the `Authorization: Bearer …` header, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return (header && /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1]) || undefined;
}

/**
 * The bearer token, else the `quire_token` cookie (SPEC §6) unless the CSRF guard set the cookie aside
 * (a foreign origin on a route any origin may call: src/server/plugins/csrf.ts).
 */
export function requestToken(request: FastifyRequest): string | undefined {
  return bearerToken(request) || (request.sessionCookieIgnored ? undefined : readCookie(request, TOKEN_COOKIE)) || undefined;
}

/**
 * Checks the access token (signature, expiry) AND the sessions table (revocation by logout or
 * password reset): 301 without a token, 302 expired, 149 revoked or unknown.
 */
export async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<AuthContext> {
  const token = requestToken(request);
  if (!token) throw new ApiError('sessionMissing');
  const now = app.clock();
  const result = await verifyAccessToken(app.keys.jwt, token, now);
  if (!result.ok) throw new ApiError(result.reason === 'expired' ? 'sessionExpired' : 'sessionRevoked');
  const { claims } = result;
  const session = await app.db.selectFrom('sessions').selectAll().where('id', '=', claims.sid).executeTakeFirst();
  if (!session || session.profile_id !== claims.sub || session.revoked_at !== null) throw new ApiError('sessionRevoked');
  const profile = await app.db.selectFrom('profiles').selectAll().where('id', '=', session.profile_id).executeTakeFirst();
  const account = profile && (await app.db.selectFrom('accounts').selectAll().where('id', '=', profile.account_id).executeTakeFirst());
  if (!profile || !account || profile.is_active !== 1) throw new ApiError('sessionRevoked');
  return { profile, account, session, claims };
}

/** The caller's session when the request carries a valid one; anonymous (undefined) otherwise (public routes). */
export async function optionalAuth(app: FastifyInstance, request: FastifyRequest): Promise<AuthContext | undefined> {
  if (!requestToken(request)) return undefined;
  try {
    return await authenticate(app, request);
  } catch {
    return undefined;
  }
}

/** The caller of a route guarded by `{ preHandler: app.requireSession }`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new ApiError('sessionMissing');
  return request.auth;
}

/**
 * Refuses a caller whose account may not use a gated account page (SPEC §6; rules.ts `gated`): the
 * same reading of the gating table as the account menu and navigation (`access` = enabled).
 */
export function assertGate(auth: AuthContext, key: string): void {
  const item = menuItem(key);
  if (!item) throw new ApiError('internal');
  if (access(item, viewerOf(auth.account, profileView(auth.profile))) !== 'enabled') throw new ApiError('featureLocked');
}

/**
 * Decorates the app with the `requireSession` preHandler and requests with `auth`; a route that names
 * a gate (`config.gate`) also needs the caller to pass it.
 */
export function registerSessionGuard(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.decorate('requireSession', async (request: FastifyRequest) => {
    request.auth = await authenticate(app, request);
    const gate = request.routeOptions.config.gate;
    if (gate !== undefined) assertGate(request.auth, gate);
  });
}
