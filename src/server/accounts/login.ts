import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import type { ConfirmLoginRequestSchema, LoginRequestSchema } from '../../contracts/account-requests';
import type { LoginContent } from '../../contracts/accounts';
import { DEVICE_COOKIE, readCookie, setCookie } from '../auth/cookies';
import { hmacHex, newCode, newId, sameDigest } from '../auth/crypto';
import { LIMITS, overLimit } from '../auth/limiter';
import { checkPassword } from '../auth/passwords';
import { openSecret, spendRecoveryCode, spendTotpCode } from '../auth/totp-store';
import type { ProfileRow } from '../db/schema';
import { ApiError } from '../envelope';
import { greetingName } from '../mail/greeting';
import { deletionCancelled, signInCancelsDeletion } from '../privacy/sign-in';
import { secureCookies } from '../public-url';
import { describeClient } from './client-info';
import { secretGuard } from './failures';
import { setTokenCookie, signSession } from './helpers';
import { createSessionRow, findProfileByEmail, getAccount, getProfile, updateProfile } from './repo';
import {
  consumeChallenge,
  countCodeAttempt,
  createChallenge,
  createTrustedDevice,
  findChallenge,
  isTrustedDevice,
  MAX_CODE_ATTEMPTS,
  TTL,
} from './tokens';
import { loginContent } from './views';

const codeDigest = (app: FastifyInstance, challengeHash: string, code: string) => hmacHex(app.keys.codes, `${challengeHash}:${code}`);

/**
 * Step one (`{login, password}`): limits first, before any password check (10 attempts per minute per
 * IP; 10 failures per minute per account and IP; beyond 20 failures an hour on the account, a wait
 * of up to 3 s — see secretGuard), then credentials (AUTH 100), activation (112); a trusted device
 * answers the hash to confirm; otherwise error 155 with the hash and a second factor (authenticator
 * app, or a six-digit code e-mailed in the profile's language). A profile that switched the e-mailed
 * code off (`mfa_email` 0, /account/security) and has no authenticator app needs only its password.
 */
export async function startLogin(
  app: FastifyInstance,
  request: FastifyRequest,
  body: v.InferOutput<typeof LoginRequestSchema>,
): Promise<{ hash: string }> {
  const now = app.clock();
  const perIp = { ...LIMITS.login, max: LIMITS.login.max * app.config.ipLimitScale };
  if (await overLimit(app.db, [`login:ip:${request.ip}`], perIp, now)) throw new ApiError('loginRateLimited');
  const guard = secretGuard(app, 'login', body.login, request.ip);
  await guard.check();

  const profile = await findProfileByEmail(app.db, body.login);
  if (!(await checkPassword(app.passwords, profile?.password_hash, body.password, app.dummyHash)) || !profile) {
    await guard.failed();
    throw new ApiError('invalidCredentials');
  }
  if (profile.is_active !== 1) throw new ApiError('notActivated');

  if (await isTrustedDevice(app.db, readCookie(request, DEVICE_COOKIE), profile.id, now)) {
    return { hash: await createChallenge(app.db, { profileId: profile.id, stage: 'ready', now }) };
  }
  if (profile.totp_secret) {
    const hash = await createChallenge(app.db, { profileId: profile.id, stage: 'totp', now });
    throw new ApiError('mfaRequired', { hash });
  }
  if (profile.mfa_email === 0) return { hash: await createChallenge(app.db, { profileId: profile.id, stage: 'ready', now }) };
  const code = newCode();
  const hash = await createChallenge(app.db, {
    profileId: profile.id,
    stage: 'code',
    codeHash: (digest) => codeDigest(app, digest, code),
    now,
  });
  const account = await getAccount(app.db, profile.account_id);
  await app.mailer.send(profile.email, profile.language, {
    kind: 'loginCode',
    name: greetingName(profile, account?.name),
    code,
    minutes: TTL.challenge / 60_000,
  });
  throw new ApiError('mfaRequired', { hash });
}

/**
 * Step two (`{hash, code?, recovery_code?, trust_device?}`): a ready challenge needs no code; a code
 * challenge needs the e-mailed (or authenticator) code: 1551 wrong (five tries), 1552 expired, used or
 * out of tries. An authenticator code is accepted once in its window (its time step is spent); instead
 * of it, one of the app's recovery codes (each once; never for an e-mailed code).
 * Wrong codes count like wrong passwords (secretGuard: AUTH 101 for this address, slow-down for the
 * account). Success opens a session, clears this address's and the account's failures and answers
 * LoginContent; `trust_device=yes` sets the quire_device cookie.
 */
export async function confirmLogin(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: v.InferOutput<typeof ConfirmLoginRequestSchema>,
): Promise<{ content: LoginContent; ats: number }> {
  const now = app.clock();
  const challenge = await findChallenge(app.db, body.hash);
  if (!challenge || challenge.used_at !== null || challenge.expires_at <= now) throw new ApiError('mfaExpiredCode');

  if (challenge.stage !== 'ready') {
    if (body.code !== undefined && body.recovery_code !== undefined) {
      throw new ApiError('validation', { message: 'validation.invalid', fields: ['recovery_code'] });
    }
    if (body.code === undefined && body.recovery_code === undefined) {
      if (challenge.attempts >= MAX_CODE_ATTEMPTS) throw new ApiError('mfaExpiredCode');
      throw new ApiError('mfaRequired', { hash: body.hash });
    }
    const owner = await getProfile(app.db, challenge.profile_id);
    if (!owner) throw new ApiError('mfaExpiredCode');
    const guard = secretGuard(app, 'login', owner.email, request.ip);
    await guard.check();
    if (!(await countCodeAttempt(app.db, challenge.hash))) throw new ApiError('mfaExpiredCode');
    const right =
      challenge.stage === 'code'
        ? body.code !== undefined && (await rightCode(app, challenge, body.code, now))
        : await rightSecondFactor(app, owner, body, now);
    if (!right) {
      await guard.failed();
      throw new ApiError('mfaWrongCode', { fields: ['code'] });
    }
  }

  const profileId = challenge.profile_id;
  const sessionId = newId();
  const { session, expiresAt } = await signSession(app, { sessionId, profileId }, now);
  const result = await app.db.transaction().execute(async (trx) => {
    if (!(await consumeChallenge(trx, challenge.hash, now))) throw new ApiError('mfaExpiredCode');
    const current = await getProfile(trx, profileId);
    if (current?.is_active !== 1) throw new ApiError('mfaExpiredCode');
    const client = describeClient(request);
    await createSessionRow(trx, { id: sessionId, profileId, expiresAt, now, client });
    const updated = await updateProfile(trx, current, { last_login: now }, now);
    const deviceToken = body.trust_device === 'yes' ? await createTrustedDevice(trx, profileId, now, client) : undefined;
    // Privacy hook (issue 16): signing in cancels a pending deletion of the account.
    const deletion = await signInCancelsDeletion(trx, current.account_id);
    return { ...updated, deviceToken, deletion };
  });
  await secretGuard(app, 'login', result.profile.email, request.ip).succeeded();
  setTokenCookie(app, request, reply, session.access_token, session.expires_in);
  if (result.deviceToken) {
    setCookie(reply, DEVICE_COOKIE, result.deviceToken, { maxAgeSeconds: TTL.trustedDevice / 1000, secure: secureCookies(app, request) });
  }
  const content = loginContent(session, result.profile, result.account, app.config);
  // Privacy hook (issue 16): the cancelled deletion is mailed and told to the app.
  if (result.deletion === 'cancelled') await deletionCancelled(app, request, result.profile, result.account, content);
  return { content, ats: result.account.ats };
}

async function rightCode(
  app: FastifyInstance,
  challenge: { hash: string; code_hash: string | null; code_expires_at: number | null },
  code: string,
  now: number,
) {
  if (!challenge.code_hash || challenge.code_expires_at === null || challenge.code_expires_at <= now) throw new ApiError('mfaExpiredCode');
  return sameDigest(codeDigest(app, challenge.hash, code), challenge.code_hash);
}

/** The authenticator's code (its time step spent) or one of its recovery codes (spent). */
async function rightSecondFactor(
  app: FastifyInstance,
  profile: ProfileRow,
  body: { code?: string; recovery_code?: string },
  now: number,
): Promise<boolean> {
  if (!profile.totp_secret) throw new ApiError('mfaExpiredCode');
  if (body.recovery_code !== undefined) return spendRecoveryCode(app.db, app.keys.codes, profile.id, body.recovery_code, now);
  const secret = openSecret(app.keys.totp, profile.id, profile.totp_secret);
  if (secret === null) {
    app.log.error({ profile: profile.id }, 'an authenticator secret does not open with this instance key (QUIRE_SECRET changed?)');
    return false;
  }
  return body.code !== undefined && spendTotpCode(app.db, profile.id, secret, body.code, now);
}
