import type { FastifyPluginAsync } from 'fastify';
import { EmailCaptchaRequestSchema, passwordIsEmail, ResetRequestSchema } from '../../../contracts/account-requests';
import { mailAllowed, requireCaptcha } from '../../accounts/helpers';
import { findProfileByEmail, getAccount, getProfile, revokeProfileSessions, updateProfile } from '../../accounts/repo';
import { consumeAllTokens, consumeToken, createOneTimeToken, findUsableToken, forgetTrustedDevices, TTL } from '../../accounts/tokens';
import { PUBLIC } from '../../auth/rules';
import { ApiError, ok, parse } from '../../envelope';
import { greetingName } from '../../mail/greeting';
import { rateLimit } from '../../plugins/security';
import { publicBase } from '../../public-url';

/**
 * Forgot (`{api}/profile/password/request`: same answer for every address; a single-use link valid
 * one hour) and reset (`{api}/profile/password/`: 110 invalid link, 112 not activated; signs out
 * every session of the profile).
 */
const passwordRoutes: FastifyPluginAsync = async (app) => {
  app.post('/profile/password/request', { config: { ...PUBLIC, ...rateLimit(5, '10 minutes') } }, async (request, reply) => {
    const body = parse(EmailCaptchaRequestSchema, request.body);
    await requireCaptcha(app, request, body['g-recaptcha-response']);
    const now = app.clock();
    const profile = await findProfileByEmail(app.db, body.email);
    if (profile && (await mailAllowed(app, profile.email, now))) {
      const account = await getAccount(app.db, profile.account_id);
      const token = await createOneTimeToken(app.db, profile.id, 'reset', now);
      await app.mailer.send(profile.email, profile.language, {
        kind: 'reset',
        name: greetingName(profile, account?.name),
        url: `${publicBase(app, request)}/reset#hash-${token}`,
        minutes: TTL.reset / 60_000,
      });
    }
    return ok(reply, { email: body.email });
  });

  app.post('/profile/password', { config: { ...PUBLIC, ...rateLimit(30, '10 minutes') } }, async (request, reply) => {
    const body = parse(ResetRequestSchema, request.body);
    const now = app.clock();
    const token = await findUsableToken(app.db, body.hash, 'reset', now);
    const profile = token && (await getProfile(app.db, token.profile_id));
    if (!token || !profile) throw new ApiError('invalidReset');
    if (profile.is_active !== 1) throw new ApiError('notActivated');
    if (passwordIsEmail(body.password, profile.email)) {
      throw new ApiError('validation', { message: 'account.password.sameAsEmail', fields: ['password'] });
    }
    const passwordHash = await app.passwords.hash(body.password);
    await app.db.transaction().execute(async (trx) => {
      if (!(await consumeToken(trx, token.hash, now))) throw new ApiError('invalidReset');
      await updateProfile(trx, profile, { password_hash: passwordHash }, now);
      await consumeAllTokens(trx, profile.id, 'reset', now);
      await revokeProfileSessions(trx, profile.id, now);
      await forgetTrustedDevices(trx, profile.id);
    });
    return ok(reply, { email: profile.email });
  });
};

export default passwordRoutes;
