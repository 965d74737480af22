import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { TotpCodeRequestSchema } from '../../../contracts/account-requests';
import { SecondFactorSchema } from '../../../contracts/security';
import { secretGuard } from '../../accounts/failures';
import { getProfile, updateProfile } from '../../accounts/repo';
import { SIGNED_IN } from '../../auth/rules';
import { authOf } from '../../auth/session';
import { newTotpSecret, totpUri } from '../../auth/totp';
import { dropRecoveryCodes, openSecret, replaceRecoveryCodes, sealSecret, spendRecoveryCode, spendTotpCode } from '../../auth/totp-store';
import type { ProfileRow } from '../../db/schema';
import { ApiError, ok, parse } from '../../envelope';

/**
 * Authenticator app as the second factor (/account/security): create → `{secret, uri}` (the URI is
 * the QR code's text), confirm `{code}` enables it and answers ten single-use recovery codes (shown
 * once; login then asks for the app's code instead of an e-mailed one, or takes a recovery code),
 * recovery `{code}` replaces the recovery codes, delete `{code}` or `{recovery_code}` removes it.
 * Secrets are sealed at rest (auth/totp-store.ts) and a code is accepted once in its window.
 */
const totpRoutes: FastifyPluginAsync = async (app) => {
  const guarded = { preHandler: app.requireSession, config: SIGNED_IN };

  /**
   * Checks the caller's second factor: wrong codes count like wrong passwords (secretGuard: 5 per 10
   * minutes per account and address, then API 429 for that address; the account slows down).
   */
  async function checkFactor(request: FastifyRequest, sealed: string, factor: { code?: string; recovery_code?: string }, now: number) {
    const { profile } = authOf(request);
    const guard = secretGuard(app, 'totp', profile.email, request.ip);
    await guard.check();
    const secret = openSecret(app.keys.totp, profile.id, sealed);
    const right =
      factor.recovery_code !== undefined
        ? await spendRecoveryCode(app.db, app.keys.codes, profile.id, factor.recovery_code, now)
        : secret !== null && factor.code !== undefined && (await spendTotpCode(app.db, profile.id, secret, factor.code, now));
    if (!right) {
      await guard.failed();
      throw new ApiError('mfaWrongCode', { fields: [factor.recovery_code !== undefined ? 'recovery_code' : 'code'] });
    }
    await guard.succeeded();
  }

  const fresh = async (request: FastifyRequest): Promise<ProfileRow> => {
    const { profile } = authOf(request);
    return (await getProfile(app.db, profile.id)) ?? profile;
  };

  app.post('/profile/totp/create', guarded, async (request, reply) => {
    const profile = await fresh(request);
    if (profile.totp_secret) throw new ApiError('totpAlreadyEnabled');
    const secret = newTotpSecret();
    const now = app.clock();
    const updated = await app.db
      .transaction()
      .execute((trx) =>
        updateProfile(trx, profile, { totp_pending: sealSecret(app.keys.totp, profile.id, secret), totp_last_step: null }, now),
      );
    return ok(reply, { secret, uri: totpUri(secret, profile.email) }, { ats: updated.account.ats });
  });

  app.post('/profile/totp/confirm', guarded, async (request, reply) => {
    const body = parse(TotpCodeRequestSchema, request.body);
    const profile = await fresh(request);
    if (profile.totp_secret) throw new ApiError('totpAlreadyEnabled');
    if (!profile.totp_pending) throw new ApiError('totpNotPending');
    const now = app.clock();
    await checkFactor(request, profile.totp_pending, body, now);
    const pending = profile.totp_pending;
    const { updated, codes } = await app.db.transaction().execute(async (trx) => ({
      updated: await updateProfile(trx, profile, { totp_secret: pending, totp_pending: null }, now),
      codes: await replaceRecoveryCodes(trx, app.keys.codes, profile.id, now),
    }));
    return ok(reply, { enabled: true, recovery_codes: codes }, { ats: updated.account.ats });
  });

  app.post('/profile/totp/recovery', guarded, async (request, reply) => {
    const body = parse(TotpCodeRequestSchema, request.body);
    const profile = await fresh(request);
    if (!profile.totp_secret) throw new ApiError('totpNotEnabled');
    const now = app.clock();
    await checkFactor(request, profile.totp_secret, body, now);
    const codes = await app.db.transaction().execute((trx) => replaceRecoveryCodes(trx, app.keys.codes, profile.id, now));
    return ok(reply, { recovery_codes: codes });
  });

  app.post('/profile/totp/delete', guarded, async (request, reply) => {
    const body = parse(SecondFactorSchema, request.body);
    const profile = await fresh(request);
    if (!profile.totp_secret) throw new ApiError('totpNotEnabled');
    const now = app.clock();
    await checkFactor(request, profile.totp_secret, body, now);
    const updated = await app.db.transaction().execute(async (trx) => {
      await dropRecoveryCodes(trx, profile.id);
      return updateProfile(trx, profile, { totp_secret: null, totp_pending: null, totp_last_step: null }, now);
    });
    return ok(reply, { enabled: false }, { ats: updated.account.ats });
  });
};

export default totpRoutes;
