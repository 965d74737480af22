import type { FastifyPluginAsync } from 'fastify';
import { ApiKeyCreateSchema, ApiKeyIdSchema } from '../../../contracts/api-keys';
import { createKey, listKeys, revokeKey } from '../../api-keys/store';
import { gated, owner, SIGNED_IN } from '../../auth/rules';
import { authOf } from '../../auth/session';
import { ok, parse } from '../../envelope';
import { rateLimit } from '../../plugins/security';
import { announceRevoke } from '../v1/auth';

/**
 * The API keys of /account/apikey (issue 18; SPEC §6: premium and up, not inside a manager's
 * association session — every route spreads `gated('apikey')`):
 *   GET  {api}/account/apikey/        the account's keys (live first, newest first; then revoked ones)
 *   POST {api}/account/apikey/create  {name, rights, expires_at?} → {key, secret}: the secret this once
 *   POST {api}/account/apikey/delete  {id} → {items}: revokes the key (another account's id: apiKeyNotFound)
 * No mail is sent; the account has no activity log, so each change is an info line in the server's log
 * (the key's id and account, never a secret).
 */
const apiKeyRoutes: FastifyPluginAsync = async (app) => {
  const guarded = { preHandler: app.requireSession, config: { ...SIGNED_IN, ...gated('apikey') } };

  app.get('/account/apikey', guarded, async (request, reply) => {
    const { account } = authOf(request);
    return ok(reply.header('cache-control', 'private, no-store'), { items: await listKeys(app.db, account.id) });
  });

  app.post('/account/apikey/create', { ...guarded, config: { ...guarded.config, ...rateLimit(30, '1 hour') } }, async (request, reply) => {
    const { account, profile } = authOf(request);
    const body = parse(ApiKeyCreateSchema, request.body);
    const created = await createKey(
      app.db,
      app.keys,
      { accountId: account.id, profileId: profile.id, name: body.name, rights: body.rights, expiresAt: body.expires_at ?? null },
      app.clock(),
      app.dialect,
    );
    request.log.info({ apiKey: created.key.id, account: account.id, rights: created.key.rights }, 'api key: created');
    return ok(reply.header('cache-control', 'private, no-store'), created);
  });

  app.post(
    '/account/apikey/delete',
    { preHandler: app.requireSession, config: { ...owner({ 'body.id': 'apiKey' }), ...gated('apikey'), ...rateLimit(60, '10 minutes') } },
    async (request, reply) => {
      const { account } = authOf(request);
      const body = parse(ApiKeyIdSchema, request.body);
      const key = await revokeKey(app.db, account.id, body.id, app.clock());
      // Every process stops accepting it at once (PostgreSQL NOTIFY; SQLite has only this one).
      await announceRevoke(app, key.id);
      request.log.info({ apiKey: key.id, account: account.id }, 'api key: revoked');
      return ok(reply.header('cache-control', 'private, no-store'), { items: await listKeys(app.db, account.id) });
    },
  );
};

export default apiKeyRoutes;
