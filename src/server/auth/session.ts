import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { access, menuItem, viewerOf } from '../../contracts/gating';
import { ACCOUNT_ID_HEADER, AccountHeaderSchema } from '../../contracts/managers';
import { profileView } from '../accounts/views';
import type { AccountRow, ProfileRow, SessionRow } from '../db/schema';
import { API_PREFIX, ApiError } from '../envelope';
import { childOf, insertAudit, isManager } from '../managers/repo';
import { readCookie, TOKEN_COOKIE } from './cookies';
import { type AccessClaims, verifyAccessToken } from './jwt';
import { type AuthRule, needsSession } from './rules';

/** Who is calling: set on the request by `app.requireSession` (a preHandler). */
export interface AuthContext {
  profile: ProfileRow;
  /** The account the call acts on: the caller's own, or the child's a manager acts for (`association`). */
  account: AccountRow;
  session: SessionRow;
  claims: AccessClaims;
  /**
   * Set when a manager acts on behalf of one of its child accounts (the account id header, issue 20):
   * `account` is then the child's and `manager` the caller's own account. A manager in an association
   * session counts as profile type 2 (SPEC §6): `profileType`.
   */
  association?: { manager: AccountRow; profileType: number };
}

/** The signed-in person's own account (the manager's inside an association session). */
export const ownAccount = (auth: AuthContext): AccountRow => auth.association?.manager ?? auth.account;

/** The caller's profile type: a manager in an association session counts as type 2 (SPEC §6). */
export const profileTypeOf = (auth: AuthContext): number => auth.association?.profileType ?? auth.profile.type;

/** The account id header's raw value, when the request carries one (lower-case name, as Node reads it). */
const HEADER = ACCOUNT_ID_HEADER.toLowerCase();
export const accountHeaderOf = (request: FastifyRequest): string | string[] | undefined => request.headers[HEADER];

/**
 * What the account id header does on a route (the one table of it; issue 20):
 *  - `child` (every route not named below): the call acts on the child's account, and a state-changing
 *    one is written to the audit log;
 *  - `self`: the calls about the signed-in person (`{api}/profile/…`: the session check and refresh,
 *    sign-out, security, language): they act on the manager's own profile and account (the header is
 *    still checked, so a stale or foreign association is refused there too);
 *  - `refused`: nothing a manager may do on a child's behalf (its personal data export and the account's
 *    deletion, /account/privacy): refused inside an association session (managerNotOnBehalf).
 */
export function headerScope(url: string): 'child' | 'self' | 'refused' {
  if (url === `${API_PREFIX}/profile` || url.startsWith(`${API_PREFIX}/profile/`)) return 'self';
  if (url === `${API_PREFIX}/account/privacy` || url.startsWith(`${API_PREFIX}/account/privacy/`)) return 'refused';
  return 'child';
}

/**
 * The account id header (SPEC §6): honoured only for a manager (platinum, management type manager)
 * naming one of its own child accounts; any other caller, value or account is refused
 * (managerHeaderRefused), the same way whether the account exists or not.
 */
async function withAssociation(app: FastifyInstance, request: FastifyRequest, own: AuthContext): Promise<AuthContext> {
  const header = accountHeaderOf(request);
  if (header === undefined) return own;
  const parsed = v.safeParse(AccountHeaderSchema, header);
  if (!parsed.success || !isManager(own.account)) throw new ApiError('managerHeaderRefused');
  const child = await childOf(app.db, own.account.id, parsed.output);
  if (!child) throw new ApiError('managerHeaderRefused');
  const scope = headerScope(request.routeOptions.url ?? '');
  if (scope === 'refused') throw new ApiError('managerNotOnBehalf');
  if (scope === 'self') return own;
  return { ...own, account: child, association: { manager: own.account, profileType: Math.max(own.profile.type, 2) } };
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
  return withAssociation(app, request, { profile, account, session, claims });
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
  const viewer = viewerOf(auth.account, profileView(auth.profile), auth.association !== undefined);
  if (access(item, viewer) === 'enabled') return;
  // A manager's page (issue 20): the account the call acts on is no manager's (a child's inside an
  // association session, too) — the managers' own refusal, not a plan's.
  if (item.gates.includes('manager') && !viewer.isManager) throw new ApiError('notAManager');
  throw new ApiError('featureLocked');
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
  registerAccountHeader(app);
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The account id header on every route (issue 20). Routes behind `app.requireSession` check it there
 * (authenticate → withAssociation); here, before any route's own preHandler, the others: a public
 * route with the header needs a session that may send it (an anonymous call, an API key's call, a
 * sign-in are refused: managerHeaderRefused). Then every state-changing call a manager made on behalf
 * of a child is written to the audit log before its answer leaves (onSend), whatever the outcome.
 */
function registerAccountHeader(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (accountHeaderOf(request) === undefined) return;
    const rule = (request.routeOptions.config as { auth?: AuthRule } | undefined)?.auth;
    // The rule and the session guard agree (rules.ts ruleProblem): these run app.requireSession.
    if (rule && needsSession(rule)) return;
    if (rule?.access === 'apiKey' || !requestToken(request)) throw new ApiError('managerHeaderRefused');
    // A session that cannot be read is refused like any caller the header is not for.
    let auth: AuthContext;
    try {
      auth = await authenticate(app, request);
    } catch (err) {
      if (err instanceof ApiError && err.errorName.startsWith('manager')) throw err;
      throw new ApiError('managerHeaderRefused');
    }
    request.auth = auth;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const auth = request.auth;
    if (!auth?.association || READS.has(request.method)) return payload;
    try {
      await insertAudit(
        app.db,
        {
          managerId: auth.association.manager.id,
          managerProfileId: auth.profile.id,
          managerName: auth.association.manager.name,
          childId: auth.account.id,
          method: request.method,
          route: request.routeOptions.url ?? request.url.split('?', 1)[0] ?? '',
          status: reply.statusCode,
        },
        app.clock(),
      );
    } catch (err) {
      request.log.error({ err, child: auth.account.id }, 'manager audit: the entry could not be written');
    }
    return payload;
  });
}
