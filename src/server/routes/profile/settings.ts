import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ProfileUpdateRequestSchema, SubscriptionUpdateRequestSchema, TourSeenRequestSchema } from '../../../contracts/account-requests';
import { TERMS_VERSION } from '../../../contracts/accounts';
import { getProfile, updateProfile } from '../../accounts/repo';
import { preferencesOf, profileView, termsOf, tourOf } from '../../accounts/views';
import { SIGNED_IN } from '../../auth/rules';
import { authOf } from '../../auth/session';
import { ok, parse } from '../../envelope';

/**
 * The caller's own profile: patch (`{api}/profile/update`), accept terms (`{api}/profile/tos/accept`),
 * notification preferences (`{api}/profile/subscription/get` · `…/update`, values as a JSON string),
 * a guided tour seen or skipped (`{api}/profile/tour`, the user record's tour flags: SPEC §2, §3, §7).
 */
const settingsRoutes: FastifyPluginAsync = async (app) => {
  const guarded = { preHandler: app.requireSession, config: SIGNED_IN };

  const update = async (request: FastifyRequest, reply: FastifyReply) => {
    const { profile } = authOf(request);
    const body = parse(ProfileUpdateRequestSchema, request.body);
    const patch = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    const now = app.clock();
    const updated = await app.db.transaction().execute((trx) => updateProfile(trx, profile, patch, now));
    return ok(reply, profileView(updated.profile), { ats: updated.account.ats });
  };
  app.post('/profile/update', guarded, update);
  app.patch('/profile/update', guarded, update);

  app.post('/profile/tos/accept', guarded, async (request, reply) => {
    const { profile } = authOf(request);
    const now = app.clock();
    const updated = await app.db
      .transaction()
      .execute((trx) =>
        updateProfile(trx, profile, { tos_version: TERMS_VERSION, subscriptions_modification: Math.floor(now / 1000) }, now),
      );
    return ok(
      reply,
      { tos: termsOf(updated.profile), subscriptions: { modification: updated.profile.subscriptions_modification } },
      { ats: updated.account.ats },
    );
  });

  app.get('/profile/subscription/get', guarded, async (request, reply) => {
    const { profile, account } = authOf(request);
    return ok(reply, { values: JSON.stringify(preferencesOf(profile)) }, { ats: account.ats });
  });

  const saveSubscriptions = async (request: FastifyRequest, reply: FastifyReply) => {
    const { profile } = authOf(request);
    const body = parse(SubscriptionUpdateRequestSchema, request.body);
    const now = app.clock();
    const updated = await app.db.transaction().execute(async (trx) => {
      const current = (await getProfile(trx, profile.id)) ?? profile;
      const consents = { ...preferencesOf(current), ...body.values };
      return updateProfile(trx, current, { consents: JSON.stringify(consents), subscriptions_modification: Math.floor(now / 1000) }, now);
    });
    return ok(
      reply,
      {
        values: JSON.stringify(preferencesOf(updated.profile)),
        subscriptions: { modification: updated.profile.subscriptions_modification },
      },
      { ats: updated.account.ats },
    );
  };
  app.post('/profile/subscription/update', guarded, saveSubscriptions);

  app.post('/profile/tour', guarded, async (request, reply) => {
    const { profile } = authOf(request);
    const { name } = parse(TourSeenRequestSchema, request.body);
    const now = app.clock();
    const updated = await app.db.transaction().execute(async (trx) => {
      const current = (await getProfile(trx, profile.id)) ?? profile;
      return updateProfile(trx, current, { tour: JSON.stringify({ ...tourOf(current), [name]: true }) }, now);
    });
    return ok(reply, { tour: tourOf(updated.profile) }, { ats: updated.account.ats });
  });
  app.patch('/profile/subscription/update', guarded, saveSubscriptions);
};

export default settingsRoutes;
