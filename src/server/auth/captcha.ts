import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Challenge, Payload } from 'altcha-lib/v1/types';
import type { Config } from '../config';
import type { Db } from '../db/index';

/** ALTCHA challenges expire after 10 minutes; a solution is accepted once. */
export const CAPTCHA_TTL_MS = 10 * 60_000;
export const ALTCHA_MAX_NUMBER = 100_000;
const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export interface CaptchaVerifier {
  /** A new ALTCHA challenge (also served when another captcha is configured, harmlessly). */
  challenge(): Promise<Challenge & { maxnumber: number }>;
  /** True when the response proves a human (always true in dev mode or with QUIRE_CAPTCHA=none). */
  verify(response: string | undefined, ip: string): Promise<boolean>;
}

export interface CaptchaOptions {
  config: Pick<Config, 'dev' | 'captcha' | 'recaptcha'>;
  db: Db;
  hmacKey: string;
  clock: () => number;
  fetch?: typeof fetch;
}

function decodePayload(response: string): Payload | undefined {
  try {
    const text = response.trim().startsWith('{') ? response : Buffer.from(response, 'base64').toString('utf8');
    const data = JSON.parse(text) as Partial<Payload>;
    const fine =
      typeof data.algorithm === 'string' &&
      typeof data.challenge === 'string' &&
      typeof data.number === 'number' &&
      typeof data.salt === 'string' &&
      typeof data.signature === 'string';
    return fine ? (data as Payload) : undefined;
  } catch {
    return undefined;
  }
}

export function createCaptcha({ config, db, hmacKey, clock, fetch: fetchFn = fetch }: CaptchaOptions): CaptchaVerifier {
  async function verifyAltcha(response: string): Promise<boolean> {
    const payload = decodePayload(response);
    if (!payload || !(await verifySolution(payload, hmacKey, true))) return false;
    const expires = Number(extractParams(payload).expires);
    const expiresAt = Number.isFinite(expires) && expires > 0 ? expires * 1000 : clock() + CAPTCHA_TTL_MS;
    const result = await db
      .insertInto('used_captchas')
      .values({ signature: payload.signature, expires_at: expiresAt })
      .onConflict((oc) => oc.column('signature').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async function verifyRecaptcha(response: string, ip: string): Promise<boolean> {
    if (!config.recaptcha) return false;
    const body = new URLSearchParams({ secret: config.recaptcha.secret, response, remoteip: ip });
    try {
      const res = await fetchFn(RECAPTCHA_VERIFY_URL, { method: 'POST', body, signal: AbortSignal.timeout(5000) });
      const data = (await res.json()) as { success?: unknown };
      return data.success === true;
    } catch {
      return false;
    }
  }

  return {
    async challenge() {
      const challenge = await createChallenge({
        hmacKey,
        maxnumber: ALTCHA_MAX_NUMBER,
        expires: new Date(clock() + CAPTCHA_TTL_MS),
        algorithm: 'SHA-256',
      });
      return { ...challenge, maxnumber: challenge.maxnumber ?? ALTCHA_MAX_NUMBER };
    },
    async verify(response, ip) {
      if (config.dev || config.captcha === 'none') return true;
      if (!response) return false;
      return config.captcha === 'recaptcha' ? verifyRecaptcha(response, ip) : verifyAltcha(response);
    },
  };
}
