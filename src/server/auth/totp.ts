import { Secret, TOTP } from 'otpauth';

/** Authenticator-app codes (RFC 6238: SHA-1, 6 digits, 30 s), one step of clock drift either way. */
const ISSUER = 'Quire';
export const TOTP_PERIOD_S = 30;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label: string): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secret) });
}

/** The otpauth:// URI authenticator apps read (QR code). */
export function totpUri(secret: string, label: string): string {
  return totpOf(secret, label).toString();
}

/** The time step (counter) the code belongs to, or null when it is wrong (within one step of `now`). */
export function matchTotp(secret: string, code: string, now: number): number | null {
  const delta = totpOf(secret, '').validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_S) + delta;
}

export function checkTotp(secret: string, code: string, now: number): boolean {
  return matchTotp(secret, code, now) !== null;
}

/** The current code (tests and the CLI). */
export function totpCode(secret: string, now: number): string {
  return totpOf(secret, '').generate({ timestamp: now });
}
