import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCOUNT_DETAIL_FIELDS,
  type AccountDetails,
  accountUpdateSchemaOf,
  RegisterRequestSchema,
} from '../../../contracts/account-requests';
import { TERMS_VERSION } from '../../../contracts/accounts';
import { isUniqueViolation, mailAllowed, requireCaptcha } from '../../accounts/helpers';
import { splitName } from '../../accounts/names';
import { findProfileByEmail, getAccount, insertAccount, insertProfile, updateAccount, updateProfile } from '../../accounts/repo';
import { createOneTimeToken } from '../../accounts/tokens';
import { accountView, jsonObject } from '../../accounts/views';
import { newId } from '../../auth/crypto';
import { PUBLIC, SIGNED_IN } from '../../auth/rules';
import { assertGate, authOf } from '../../auth/session';
import type { AccountUpdate } from '../../db/schema';
import { ok, parse } from '../../envelope';
import { rateLimit } from '../../plugins/security';
import { publicBase } from '../../public-url';

/**
 * Register (`POST {api}/account/`) and patch account (`{api}/account/update`: the usage context, and
 * the account details of /account/info_account — name, city, country, website — behind that page's gate).
 * Register answers `{email}` for new and known addresses alike (no account enumeration); a known
 * address gets a "you already have an account" mail instead of an activation link.
 */
const accountRoutes: FastifyPluginAsync = async (app) => {
  app.post('/account', { config: { ...PUBLIC, ...rateLimit(5, '10 minutes') } }, async (request, reply) => {
    const body = parse(RegisterRequestSchema, request.body);
    await requireCaptcha(app, request, body['g-recaptcha-response']);
    const now = app.clock();
    // Hashed before the lookup, so a known address takes as long as a new one.
    const passwordHash = await app.passwords.hash(body.password);
    const base = publicBase(app, request);

    const existing = await findProfileByEmail(app.db, body.email);
    if (existing) {
      await mailKnownAddress(existing.email, existing.language);
      return ok(reply, { email: body.email });
    }
    const attributes: Record<string, string> = {};
    if (body.origin_source) attributes.origin_source = body.origin_source;
    if (body.origin_campaign) attributes.origin_campaign = body.origin_campaign;
    let token: string;
    try {
      token = await app.db.transaction().execute(async (trx) => {
        const account = await insertAccount(trx, {
          id: newId(),
          name: body.name,
          attributes: JSON.stringify(attributes),
          ats: now,
          created_at: now,
        });
        const profile = await insertProfile(trx, {
          id: newId(),
          account_id: account.id,
          type: 1,
          email: body.email,
          password_hash: passwordHash,
          // The personal details start from the name given here (the account keeps it whole).
          ...splitName(body.name),
          language: body.language,
          is_active: 0,
          tos_version: TERMS_VERSION,
          subscriptions_modification: Math.floor(now / 1000),
          created_at: now,
        });
        return createOneTimeToken(trx, profile.id, 'activation', now);
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Registered at the same moment by another request: treat it as a known address.
      await mailKnownAddress(body.email, body.language);
      return ok(reply, { email: body.email });
    }
    await app.mailer.send(body.email, body.language, { kind: 'activation', name: '', url: `${base}/activate#hash-${token}` });
    return ok(reply, { email: body.email });

    async function mailKnownAddress(email: string, language: string): Promise<void> {
      if (!(await mailAllowed(app, email, now))) return;
      await app.mailer.send(email, language, {
        kind: 'registered',
        name: '',
        email,
        loginUrl: `${base}/login`,
        resetUrl: `${base}/forgot`,
      });
    }
  });

  const update = async (request: FastifyRequest, reply: FastifyReply) => {
    const auth = authOf(request);
    const { profile, account } = auth;
    const body = parse(accountUpdateSchemaOf(request.body), request.body);
    // The account details belong to /account/info_account, whose gate they pass (the usage context
    // alone is the post-login modal's, for everyone).
    const details = Object.fromEntries(ACCOUNT_DETAIL_FIELDS.flatMap((field) => (body[field] === undefined ? [] : [[field, body[field]]])));
    if (Object.keys(details).length > 0) assertGate(auth, 'info_account');
    const { url, ...named } = details as AccountDetails;
    const now = app.clock();
    const updated = await app.db.transaction().execute(async (trx) => {
      const patch: AccountUpdate = { ...named, ...(url !== undefined ? { website: url } : {}) };
      if ('context' in body) {
        const pro = body.context === 'pro' ? body : undefined;
        const current = (await getAccount(trx, account.id)) ?? account;
        const attributes = { ...jsonObject(current.attributes), ...(body.attributes ?? {}), usage_context: body.context };
        if (pro) await updateProfile(trx, profile, { job_title: pro.job_title }, now);
        Object.assign(patch, {
          context: body.context,
          company_activity_sector: pro?.company_activity_sector ?? null,
          company_size: pro?.company_size ?? null,
          attributes: JSON.stringify(attributes),
        });
      }
      return updateAccount(trx, account.id, patch, now);
    });
    return ok(reply, accountView(updated, app.config), { ats: updated.ats });
  };
  app.post('/account/update', { preHandler: app.requireSession, config: SIGNED_IN }, update);
  app.patch('/account/update', { preHandler: app.requireSession, config: SIGNED_IN }, update);
};

export default accountRoutes;
