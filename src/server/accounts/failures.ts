import type { FastifyInstance } from 'fastify';
import type { ErrorName } from '../../contracts/errors';
import { dbAttemptCounter, LIMITS, SLOW_DOWN } from '../auth/limiter';
import { ApiError } from '../envelope';
import { greetingName } from '../mail/greeting';
import { findProfileByEmail, getAccount } from './repo';

/**
 * What a secret opens: the sign-in (password, then login code), the authenticator-app settings, or
 * another security setting that asks for the current password (/account/security).
 */
export type SecretScope = 'login' | 'totp' | 'security';

/** Per (account, address) ceiling of each scope, and the error answered beyond it. */
const PER_ADDRESS: Record<SecretScope, { limit: { max: number; windowMs: number }; refusal: ErrorName }> = {
  login: { limit: LIMITS.loginFailures, refusal: 'loginRateLimited' },
  totp: { limit: LIMITS.totpCodes, refusal: 'rateLimited' },
  security: { limit: LIMITS.totpCodes, refusal: 'rateLimited' },
};

/** The wait before checking a secret of an account that has `failures` wrong ones in its window. */
export function slowDownMs(failures: number): number {
  const over = failures - LIMITS.accountFailures.max;
  return over < 0 ? 0 : Math.min(SLOW_DOWN.maxMs, SLOW_DOWN.firstMs * 2 ** over);
}

export interface SecretGuard {
  /**
   * Before the secret is checked: refuses this address when it failed too often on this account
   * (the attacker's own address), then waits the account-wide slow-down (never refuses for it, so
   * failures elsewhere never lock the owner out).
   */
  check(): Promise<void>;
  /** A wrong secret: counts it for the address and the account; mails the owner when the account ceiling is reached. */
  failed(): Promise<void>;
  /** The right secret: this address and the account start afresh (other addresses keep their counts). */
  succeeded(): Promise<void>;
}

/**
 * Wrong-secret counting of issue 12: per (account, address) a ceiling that refuses, per account a
 * higher one that slows down and warns the owner once per window. `email` names the account (known
 * or not: unknown addresses are counted alike, so the answers tell nothing).
 */
export function secretGuard(app: FastifyInstance, scope: SecretScope, email: string, ip: string): SecretGuard {
  const counter = dbAttemptCounter(app.db);
  const account = email.trim().toLowerCase();
  const { limit, refusal } = PER_ADDRESS[scope];
  const addressKey = `${scope}:failures:${ip}:${account}`;
  const accountKey = `account:failures:${account}`;
  return {
    async check() {
      const now = app.clock();
      if ((await counter.peek(addressKey, limit.windowMs, now)) >= limit.max) throw new ApiError(refusal);
      const wait = slowDownMs(await counter.peek(accountKey, LIMITS.accountFailures.windowMs, now));
      if (wait > 0) await app.sleep(wait);
    },
    async failed() {
      const now = app.clock();
      await counter.count(addressKey, limit.windowMs, now);
      const failures = await counter.count(accountKey, LIMITS.accountFailures.windowMs, now);
      // Exactly one request sees the ceiling itself in a window (the count is one atomic upsert).
      if (failures === LIMITS.accountFailures.max) await warnOwner(app, account, failures);
    },
    succeeded: () => counter.clear([addressKey, accountKey]),
  };
}

/** The mail to an active owner whose account reached the ceiling; a failed delivery is logged, never answered. */
async function warnOwner(app: FastifyInstance, email: string, failures: number): Promise<void> {
  const profile = await findProfileByEmail(app.db, email);
  if (profile?.is_active !== 1) return;
  const account = await getAccount(app.db, profile.account_id);
  try {
    await app.mailer.send(profile.email, profile.language, {
      kind: 'failedSignIns',
      name: greetingName(profile, account?.name),
      count: failures,
      minutes: LIMITS.accountFailures.windowMs / 60_000,
    });
  } catch (err) {
    app.log.warn({ err }, 'could not mail the owner about failed sign-in attempts');
  }
}
