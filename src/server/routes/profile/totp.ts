import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { TotpCodeRequestSchema } from '../../../contracts/account-requests';
import { secretGuard } from '../../accounts/failures';
import { getProfile, updateProfile } from '../../accounts/repo';
import { SIGNED_IN } from '../../auth/rules';
import { authOf } from '../../auth/session';
import { checkTotp, newTotpSecret, totpUri } from '../../auth/totp';
import { ApiError, ok, parse } from '../../envelope';

/**
 * Authenticator app as the second factor (API only): create → `{secret, uri}`, confirm `{code}`
 * enables it (login then asks for its code instead of an e-mailed one), delete `{code}` removes it.
 */
const totpRoutes: FastifyPluginAsync = async (app) => {
  const guarded = { preHandler: app.requireSession, config: SIGNED_IN };

  /**
   * The caller's fresh profile row and the code; wrong codes count like wrong passwords (secretGuard:
   * 5 per 10 minutes per account and address, then API 429 for that address; the account slows down).
   */
  async function codeOf(request: FastifyRequest) {
    const { profile } = authOf(request);
    const body = parse(TotpCodeRequestSchema, request.body);
    const now = app.clock();
    const guard = secretGuard(app, 'totp', profile.email, request.ip);
    await guard.check();
    const check = async (secret: string) => {
      if (checkTotp(secret, body.code, now)) return guard.succeeded();
      await guard.failed();
      throw new ApiError('mfaWrongCode', { fields: ['code'] });
    };
    return { profile: (await getProfile(app.db, profile.id)) ?? profile, check, now };
  }

  app.post('/profile/totp/create', guarded, async (request, reply) => {
    const { profile } = authOf(request);
    if (profile.totp_secret) throw new ApiError('totpAlreadyEnabled');
    const secret = newTotpSecret();
    const now = app.clock();
    const updated = await app.db.transaction().execute((trx) => updateProfile(trx, profile, { totp_pending: secret }, now));
    return ok(reply, { secret, uri: totpUri(secret, profile.email) }, { ats: updated.account.ats });
  });

  app.post('/profile/totp/confirm', guarded, async (request, reply) => {
    const { profile, check, now } = await codeOf(request);
    if (profile.totp_secret) throw new ApiError('totpAlreadyEnabled');
    if (!profile.totp_pending) throw new ApiError('totpNotPending');
    await check(profile.totp_pending);
    const pending = profile.totp_pending;
    const updated = await app.db
      .transaction()
      .execute((trx) => updateProfile(trx, profile, { totp_secret: pending, totp_pending: null }, now));
    return ok(reply, { enabled: true }, { ats: updated.account.ats });
  });

  app.post('/profile/totp/delete', guarded, async (request, reply) => {
    const { profile, check, now } = await codeOf(request);
    if (!profile.totp_secret) throw new ApiError('totpNotEnabled');
    await check(profile.totp_secret);
    const updated = await app.db
      .transaction()
      .execute((trx) => updateProfile(trx, profile, { totp_secret: null, totp_pending: null }, now));
    return ok(reply, { enabled: false }, { ats: updated.account.ats });
  });
};

export default totpRoutes;
