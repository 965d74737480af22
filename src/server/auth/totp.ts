import { Secret, TOTP } from 'otpauth';

/** Authenticator-app codes (RFC 6238: SHA-1, 6 digits, 30 s), one step of clock drift either way. */
const ISSUER = 'Quire';

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label: string): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}

/** The otpauth:// URI authenticator apps read (QR code). */
export function totpUri(secret: string, label: string): string {
  return totpOf(secret, label).toString();
}

export function checkTotp(secret: string, code: string, now: number): boolean {
  return totpOf(secret, '').validate({ token: code, timestamp: now, window: 1 }) !== null;
}

/** The current code (tests and the CLI). */
export function totpCode(secret: string, now: number): string {
  return totpOf(secret, '').generate({ timestamp: now });
}
