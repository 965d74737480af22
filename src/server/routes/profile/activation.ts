import type { FastifyPluginAsync } from 'fastify';
import { ActivateRequestSchema, EmailCaptchaRequestSchema } from '../../../contracts/account-requests';
import { mailAllowed, requireCaptcha } from '../../accounts/helpers';
import { findProfileByEmail, getAccount, getProfile, updateAccount, updateProfile } from '../../accounts/repo';
import { consumeToken, createChallenge, createOneTimeToken, findUsableToken } from '../../accounts/tokens';
import { jsonObject } from '../../accounts/views';
import { PUBLIC } from '../../auth/rules';
import { ApiError, ok, parse } from '../../envelope';
import { greetingName } from '../../mail/greeting';
import { rateLimit } from '../../plugins/security';
import { publicBase } from '../../public-url';

/**
 * Activate (`{api}/profile/activate`: hash + usage context → a login hash to confirm, no second
 * factor) and resend (`{api}/profile/reactivate`: same answer whether or not the address is known).
 */
const activationRoutes: FastifyPluginAsync = async (app) => {
  app.post('/profile/activate', { config: { ...PUBLIC, ...rateLimit(30, '10 minutes') } }, async (request, reply) => {
    const body = parse(ActivateRequestSchema, request.body);
    const now = app.clock();
    const hash = await app.db.transaction().execute(async (trx) => {
      const token = await findUsableToken(trx, body.hash, 'activation', now);
      const profile = token && (await getProfile(trx, token.profile_id));
      const account = profile && (await getAccount(trx, profile.account_id));
      if (!token || !profile || !account || !(await consumeToken(trx, token.hash, now))) throw new ApiError('invalidActivation');
      const pro = body.context === 'pro' ? body : undefined;
      await updateAccount(
        trx,
        account.id,
        {
          context: body.context,
          company_activity_sector: pro?.company_activity_sector ?? null,
          company_size: pro?.company_size ?? null,
          attributes: JSON.stringify({ ...jsonObject(account.attributes), usage_context: body.context }),
        },
        now,
      );
      await updateProfile(trx, profile, { is_active: 1, job_title: pro ? pro.job_title : profile.job_title }, now);
      return createChallenge(trx, { profileId: profile.id, stage: 'ready', now });
    });
    return ok(reply, { hash });
  });

  app.post('/profile/reactivate', { config: { ...PUBLIC, ...rateLimit(5, '10 minutes') } }, async (request, reply) => {
    const body = parse(EmailCaptchaRequestSchema, request.body);
    await requireCaptcha(app, request, body['g-recaptcha-response']);
    const now = app.clock();
    const profile = await findProfileByEmail(app.db, body.email);
    if (profile && profile.is_active !== 1 && (await mailAllowed(app, profile.email, now))) {
      const account = await getAccount(app.db, profile.account_id);
      const token = await createOneTimeToken(app.db, profile.id, 'activation', now);
      await app.mailer.send(profile.email, profile.language, {
        kind: 'activation',
        name: greetingName(profile, account?.name),
        url: `${publicBase(app, request)}/activate#hash-${token}`,
      });
    }
    return ok(reply, { email: body.email });
  });
};

export default activationRoutes;
