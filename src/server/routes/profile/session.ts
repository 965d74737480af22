import type { FastifyPluginAsync } from 'fastify';
import { ConfirmLoginRequestSchema, LoginRequestSchema } from '../../../contracts/account-requests';
import { countryOf } from '../../accounts/client-info';
import { setTokenCookie, signSession } from '../../accounts/helpers';
import { confirmLogin, startLogin } from '../../accounts/login';
import { extendSession, revokeSession } from '../../accounts/repo';
import { loginContent } from '../../accounts/views';
import { PUBLIC, SIGNED_IN } from '../../auth/rules';
import { authOf } from '../../auth/session';
import { ok, parse } from '../../envelope';

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/**
 * `{api}/profile/session` (DESIGN §8): POST `{login, password}` → `{hash}` or error 155 with the hash;
 * POST `{hash, code?, recovery_code?, trust_device?}` → LoginContent; GET refreshes (and marks the session
 * seen, at most once a minute); DELETE signs out.
 */
const sessionRoutes: FastifyPluginAsync = async (app) => {
  app.post('/profile/session', { config: PUBLIC }, async (request, reply) => {
    const body = request.body;
    if (isObject(body) && body.hash !== undefined && body.login === undefined) {
      const { content, ats } = await confirmLogin(app, request, reply, parse(ConfirmLoginRequestSchema, body));
      return ok(reply, content, { ats });
    }
    return ok(reply, await startLogin(app, request, parse(LoginRequestSchema, body)));
  });

  app.get('/profile/session', { preHandler: app.requireSession, config: SIGNED_IN }, async (request, reply) => {
    const { profile, account, session } = authOf(request);
    const now = app.clock();
    const signed = await signSession(app, { sessionId: session.id, profileId: profile.id }, now);
    await extendSession(app.db, session.id, signed.expiresAt, { now, lastSeenAt: session.last_seen_at, country: countryOf(request.ip) });
    setTokenCookie(app, request, reply, signed.session.access_token, signed.session.expires_in);
    return ok(reply, loginContent(signed.session, profile, account, app.config), { ats: account.ats });
  });

  app.delete('/profile/session', { preHandler: app.requireSession, config: SIGNED_IN }, async (request, reply) => {
    const { session, account } = authOf(request);
    await revokeSession(app.db, session.id, app.clock());
    setTokenCookie(app, request, reply, '', 0);
    return ok(reply, {}, { ats: account.ats });
  });
};

export default sessionRoutes;
