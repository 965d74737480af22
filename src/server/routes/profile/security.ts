import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { passwordIsEmail } from '../../../contracts/account-requests';
import {
  EmailChangeRequestSchema,
  EmailConfirmRequestSchema,
  MfaEmailRequestSchema,
  PasswordChangeRequestSchema,
  SECURITY_FRAGMENT,
  SECURITY_PATH,
  SecurityIdSchema,
  type SecurityOverview,
  SocialLinkRequestSchema,
} from '../../../contracts/security';
import { SOCIAL_PROVIDERS } from '../../../contracts/social';
import { secretGuard } from '../../accounts/failures';
import { isUniqueViolation, mailAllowed } from '../../accounts/helpers';
import { findProfileByEmail, getAccount, getProfile, revokeProfileSessions, revokeSession, updateProfile } from '../../accounts/repo';
import { consumeAllTokens, consumeToken, createOneTimeToken, findUsableToken, TTL } from '../../accounts/tokens';
import { DEVICE_COOKIE, readCookie } from '../../auth/cookies';
import { sha256 } from '../../auth/crypto';
import { checkPassword } from '../../auth/passwords';
import { owner, SIGNED_IN } from '../../auth/rules';
import { authOf } from '../../auth/session';
import { recoveryCodesLeft } from '../../auth/totp-store';
import type { ProfileRow } from '../../db/schema';
import { ApiError, ok, parse } from '../../envelope';
import { greetingName } from '../../mail/greeting';
import { publicBase } from '../../public-url';
import { unlinkIdentity } from '../../social/link';
import { beginSignIn } from '../../social/oauth';

/**
 * /account/security (issue 16), every call for the signed-in caller's own profile:
 *
 * - `GET {api}/profile/security` → SecurityOverview (address, pending change, second factors, sessions,
 *   trusted devices, social sign-ins);
 * - `POST {api}/profile/password/change {password, new_password}`: the current password, then every
 *   other session of the profile ends and the owner gets a notice;
 * - `POST {api}/profile/password/link`: a link to set (or reset) the password, mailed to the caller
 *   (a profile that only signs in with a provider has no password to give);
 * - `POST {api}/profile/email/change {email, password}`: a one-day link to the new address and a notice
 *   to the old one; an address another account has gets a mail saying so instead, and the answer is
 *   the same (nothing about other accounts leaks); `POST {api}/profile/email/confirm {hash}` changes it;
 * - `POST {api}/profile/mfa/email {enabled, password}`: the e-mailed code at sign-in on or off;
 * - `POST {api}/profile/sessions/revoke {id}` (not the current one: sign out instead) and
 *   `POST {api}/profile/devices/revoke {id}`;
 * - `POST {api}/profile/social/link {provider}` → `{url}` to open (the provider's page; its callback
 *   links the identity and lands on /account/security) · `POST {api}/profile/social/unlink {provider}`.
 *
 * Every secret is checked through secretGuard (5 wrong per 10 minutes per account and address).
 */
const securityRoutes: FastifyPluginAsync = async (app) => {
  const guarded = { preHandler: app.requireSession, config: SIGNED_IN };

  app.get('/profile/security', guarded, async (request, reply) => {
    const { account } = authOf(request);
    return ok(reply, await overview(app, request), { ats: account.ats });
  });

  app.post('/profile/password/change', guarded, async (request, reply) => {
    const body = parse(PasswordChangeRequestSchema, request.body);
    const { session } = authOf(request);
    const profile = await freshProfile(app, request);
    await checkCurrentPassword(app, request, profile, body.password);
    if (passwordIsEmail(body.new_password, profile.email)) {
      throw new ApiError('validation', { message: 'account.password.sameAsEmail', fields: ['new_password'] });
    }
    const now = app.clock();
    const passwordHash = await app.passwords.hash(body.new_password);
    const { updated, revoked } = await app.db.transaction().execute(async (trx) => ({
      updated: await updateProfile(trx, profile, { password_hash: passwordHash }, now),
      revoked: await revokeProfileSessions(trx, profile.id, now, session.id),
    }));
    await notify(app, profile, { kind: 'passwordChanged', name: await nameOf(app, profile) });
    return ok(reply, { signed_out: revoked }, { ats: updated.account.ats });
  });

  app.post('/profile/password/link', guarded, async (request, reply) => {
    const profile = await freshProfile(app, request);
    const now = app.clock();
    if (!(await mailAllowed(app, profile.email, now))) throw new ApiError('rateLimited');
    const token = await createOneTimeToken(app.db, profile.id, 'reset', now);
    await app.mailer.send(profile.email, profile.language, {
      kind: 'reset',
      name: await nameOf(app, profile),
      url: `${publicBase(app, request)}/reset#hash-${token}`,
      minutes: TTL.reset / 60_000,
    });
    return ok(reply, { email: profile.email });
  });

  app.post('/profile/email/change', guarded, async (request, reply) => {
    const body = parse(EmailChangeRequestSchema, request.body);
    const profile = await freshProfile(app, request);
    if (body.email === profile.email) throw new ApiError('sameEmail', { fields: ['email'] });
    await checkCurrentPassword(app, request, profile, body.password);
    const now = app.clock();
    // One mail per address as for the sign-up mails (5 per 10 minutes), whichever answer it carries.
    if (!(await mailAllowed(app, body.email, now))) throw new ApiError('rateLimited');
    const name = await nameOf(app, profile);
    if (await findProfileByEmail(app.db, body.email)) {
      await app.mailer.send(body.email, profile.language, { kind: 'emailTaken', name: '', email: body.email });
      return ok(reply, { email: body.email });
    }
    const token = await app.db.transaction().execute(async (trx) => {
      await consumeAllTokens(trx, profile.id, 'email', now);
      return createOneTimeToken(trx, profile.id, 'email', now, body.email);
    });
    await app.mailer.send(body.email, profile.language, {
      kind: 'emailChange',
      name,
      email: body.email,
      url: `${publicBase(app, request)}${SECURITY_PATH}#${SECURITY_FRAGMENT.confirmEmail}-${token}`,
      hours: TTL.email / 3_600_000,
    });
    await notify(app, profile, { kind: 'emailChangeNotice', name, email: body.email });
    return ok(reply, { email: body.email });
  });

  app.post('/profile/email/confirm', guarded, async (request, reply) => {
    const body = parse(EmailConfirmRequestSchema, request.body);
    const profile = await freshProfile(app, request);
    const now = app.clock();
    const token = await findUsableToken(app.db, body.hash, 'email', now);
    // Another profile's link is answered like an unknown one.
    if (!token || token.profile_id !== profile.id || !token.data) throw new ApiError('emailChangeInvalid');
    const email = token.data;
    let updated: Awaited<ReturnType<typeof updateProfile>>;
    try {
      updated = await app.db.transaction().execute(async (trx) => {
        if (!(await consumeToken(trx, token.hash, now))) throw new ApiError('emailChangeInvalid');
        if (await findProfileByEmail(trx, email)) throw new ApiError('emailTaken');
        return updateProfile(trx, profile, { email }, now);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError('emailTaken');
      throw error;
    }
    return ok(reply, { email: updated.profile.email }, { ats: updated.account.ats });
  });

  app.post('/profile/mfa/email', guarded, async (request, reply) => {
    const body = parse(MfaEmailRequestSchema, request.body);
    const profile = await freshProfile(app, request);
    await checkCurrentPassword(app, request, profile, body.password);
    const updated = await app.db
      .transaction()
      .execute((trx) => updateProfile(trx, profile, { mfa_email: body.enabled ? 1 : 0 }, app.clock()));
    return ok(reply, { mfa_email: updated.profile.mfa_email === 1 }, { ats: updated.account.ats });
  });

  app.post(
    '/profile/sessions/revoke',
    { preHandler: app.requireSession, config: owner({ 'body.id': 'session' }) },
    async (request, reply) => {
      const body = parse(SecurityIdSchema, request.body);
      const { profile, session } = authOf(request);
      if (body.id === session.id) throw new ApiError('currentSession');
      const row = await app.db
        .selectFrom('sessions')
        .select(['id'])
        .where('id', '=', body.id)
        .where('profile_id', '=', profile.id)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', app.clock())
        .executeTakeFirst();
      if (!row) throw new ApiError('sessionNotFound');
      await revokeSession(app.db, row.id, app.clock());
      return ok(reply, { sessions: (await overview(app, request)).sessions });
    },
  );

  app.post(
    '/profile/devices/revoke',
    { preHandler: app.requireSession, config: owner({ 'body.id': 'trustedDevice' }) },
    async (request, reply) => {
      const body = parse(SecurityIdSchema, request.body);
      const { profile } = authOf(request);
      const result = await app.db
        .deleteFrom('trusted_devices')
        .where('id', '=', body.id)
        .where('profile_id', '=', profile.id)
        .where('expires_at', '>', app.clock())
        .executeTakeFirst();
      if (Number(result.numDeletedRows) !== 1) throw new ApiError('deviceNotFound');
      return ok(reply, { devices: (await overview(app, request)).devices });
    },
  );

  app.post('/profile/social/link', guarded, async (request, reply) => {
    const body = parse(SocialLinkRequestSchema, request.body);
    const { profile } = authOf(request);
    const cfg = app.config.social[body.provider];
    if (!cfg) throw new ApiError('socialDisabled');
    const url = beginSignIn(app, request, reply, cfg, { provider: body.provider, redirect: SECURITY_PATH, link: profile.id });
    return ok(reply, { url: url.href });
  });

  app.post('/profile/social/unlink', guarded, async (request, reply) => {
    const body = parse(SocialLinkRequestSchema, request.body);
    const profile = await freshProfile(app, request);
    await unlinkIdentity(app.db, profile, body.provider);
    return ok(reply, { social: (await overview(app, request)).social });
  });
};

export default securityRoutes;

async function freshProfile(app: FastifyInstance, request: FastifyRequest): Promise<ProfileRow> {
  const { profile } = authOf(request);
  return (await getProfile(app.db, profile.id)) ?? profile;
}

const nameOf = async (app: FastifyInstance, profile: ProfileRow) =>
  greetingName(profile, (await getAccount(app.db, profile.account_id))?.name);

/** A notice to the profile's address; a failed delivery is logged, never answered (the change is done). */
async function notify(app: FastifyInstance, profile: ProfileRow, data: Parameters<FastifyInstance['mailer']['send']>[2]) {
  try {
    await app.mailer.send(profile.email, profile.language, data);
  } catch (err) {
    app.log.warn({ err, kind: data.kind }, 'could not mail a security notice');
  }
}

/** The caller's current password (SECURITY 902 without one, 901 wrong; counted by secretGuard). */
async function checkCurrentPassword(app: FastifyInstance, request: FastifyRequest, profile: ProfileRow, password: string): Promise<void> {
  if (!profile.password_hash) throw new ApiError('passwordNotSet');
  const guard = secretGuard(app, 'security', profile.email, request.ip);
  await guard.check();
  if (!(await checkPassword(app.passwords, profile.password_hash, password, app.dummyHash))) {
    await guard.failed();
    throw new ApiError('wrongPassword', { fields: ['password'] });
  }
  await guard.succeeded();
}

/** Everything /account/security shows, for the caller. */
async function overview(app: FastifyInstance, request: FastifyRequest): Promise<SecurityOverview> {
  const { session: current } = authOf(request);
  const profile = await freshProfile(app, request);
  const now = app.clock();
  const [sessions, devices, identities, pending, left] = await Promise.all([
    app.db
      .selectFrom('sessions')
      .selectAll()
      .where('profile_id', '=', profile.id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .limit(100)
      .execute(),
    app.db
      .selectFrom('trusted_devices')
      .selectAll()
      .where('profile_id', '=', profile.id)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .limit(100)
      .execute(),
    app.db.selectFrom('social_identities').selectAll().where('profile_id', '=', profile.id).execute(),
    app.db
      .selectFrom('one_time_tokens')
      .select(['data', 'expires_at'])
      .where('profile_id', '=', profile.id)
      .where('kind', '=', 'email')
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .executeTakeFirst(),
    recoveryCodesLeft(app.db, profile.id),
  ]);
  const deviceCookie = readCookie(request, DEVICE_COOKIE);
  const thisDevice = deviceCookie ? sha256(deviceCookie) : null;
  const client = (row: { device: string | null; browser: string | null; os: string | null; country: string | null }) => ({
    device: (['desktop', 'tablet', 'phone', 'tv'] as const).find((d) => d === row.device) ?? ('other' as const),
    browser: row.browser,
    os: row.os,
    country: row.country,
  });
  return {
    email: profile.email,
    pending_email: pending?.data ? { email: pending.data, expires_at: Number(pending.expires_at) } : null,
    has_password: profile.password_hash !== null,
    mfa_email: profile.mfa_email === 1,
    totp: { enabled: profile.totp_secret !== null, recovery_codes_left: profile.totp_secret !== null ? left : 0 },
    sessions: sessions
      .map((s) => ({
        id: s.id,
        ...client(s),
        created_at: Number(s.created_at),
        last_seen_at: Number(s.last_seen_at ?? s.created_at),
        current: s.id === current.id,
      }))
      // The current session first, then the most recently seen.
      .sort((a, b) => Number(b.current) - Number(a.current) || b.last_seen_at - a.last_seen_at),
    devices: devices.map((d) => ({
      id: d.id,
      ...client(d),
      created_at: Number(d.created_at),
      expires_at: Number(d.expires_at),
      last_used_at: d.last_used_at === null ? null : Number(d.last_used_at),
      current: d.token_hash === thisDevice,
    })),
    social: SOCIAL_PROVIDERS.map((provider) => {
      const identity = identities.find((i) => i.provider === provider);
      return {
        provider,
        enabled: app.config.social[provider] !== undefined,
        linked: identity !== undefined,
        email: identity?.email ?? null,
        linked_at: identity ? Number(identity.created_at) : null,
      };
    }),
  };
}
