import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { PublicProfileUpdateSchema } from '../../../contracts/profile';
import { getAccount, updateAccount } from '../../accounts/repo';
import { accountView } from '../../accounts/views';
import { gated, SIGNED_IN } from '../../auth/rules';
import { authOf } from '../../auth/session';
import type { AccountRow, AccountUpdate } from '../../db/schema';
import { ok, parse } from '../../envelope';
import { rateLimit } from '../../plugins/security';
import { receiveAvatar, removeAvatarVersion, storeAvatar } from '../../profile/avatar';
import { publicProfileView } from '../../profile/views';

/**
 * The public profile of /account/profile (issue 16; SPEC §6: for premium and up, not inside a
 * manager's association session — every route spreads `gated('profile')`):
 *   GET  {api}/account/profile/get            description, website, social links, avatar URLs
 *   POST {api}/account/profile/update         any of description, website, social (PATCH too)
 *   POST {api}/account/profile/avatar         multipart: `file` + the square `x`, `y`, `size`
 *   POST {api}/account/profile/avatar/delete  back to the initials
 * Each change answers the public profile with `account` (the current user's account, whose
 * `image.small` the header shows) and bumps the account timestamp (ats), so other tabs refresh too.
 */
const profileAccountRoutes: FastifyPluginAsync = async (app) => {
  const guarded = { preHandler: app.requireSession, config: { ...SIGNED_IN, ...gated('profile') } };

  const answer = (reply: FastifyReply, account: AccountRow) =>
    ok(
      reply.header('cache-control', 'private, no-store'),
      { ...publicProfileView(account, app.config), account: accountView(account, app.config) },
      { ats: account.ats },
    );

  app.get('/account/profile/get', guarded, async (request, reply) => {
    const { account } = authOf(request);
    const current = (await getAccount(app.db, account.id)) ?? account;
    return answer(reply, current);
  });

  const update = async (request: FastifyRequest, reply: FastifyReply) => {
    const { account } = authOf(request);
    const body = parse(PublicProfileUpdateSchema, request.body);
    const patch: AccountUpdate = {};
    if (body.description !== undefined) patch.description = body.description;
    if (body.website !== undefined) patch.website = body.website;
    if (body.social !== undefined) patch.social = JSON.stringify(body.social);
    const updated = await updateAccount(app.db, account.id, patch, app.clock());
    return answer(reply, updated);
  };
  app.post('/account/profile/update', guarded, update);
  app.patch('/account/profile/update', guarded, update);

  app.post(
    '/account/profile/avatar/delete',
    { ...guarded, config: { ...guarded.config, ...rateLimit(30, '10 minutes') } },
    async (request, reply) => {
      const { account } = authOf(request);
      const previous = (await getAccount(app.db, account.id))?.avatar ?? null;
      const updated = await updateAccount(app.db, account.id, { avatar: null, image_small: null }, app.clock());
      if (previous) await removeAvatarVersion(app, account.id, previous);
      return answer(reply, updated);
    },
  );

  // Multipart bodies are read in this scope only (like the document upload's).
  await app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: false });
    scope.post(
      '/account/profile/avatar',
      { ...guarded, config: { ...guarded.config, ...rateLimit(20, '10 minutes') } },
      async (request, reply) => {
        const { account } = authOf(request);
        let received: Awaited<ReturnType<typeof receiveAvatar>>;
        try {
          received = await receiveAvatar(app, request);
        } catch (error) {
          // The rest of the body is not read: close the connection after the answer instead of draining it.
          if (!request.raw.readableEnded) reply.header('connection', 'close');
          throw error;
        }
        const version = await storeAvatar(app, account.id, received);
        const previous = (await getAccount(app.db, account.id))?.avatar ?? null;
        const updated = await updateAccount(app.db, account.id, { avatar: version }, app.clock());
        if (previous && previous !== version) await removeAvatarVersion(app, account.id, previous);
        return answer(reply, updated);
      },
    );
  });
};

export default profileAccountRoutes;
