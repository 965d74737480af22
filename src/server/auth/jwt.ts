import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/** Access tokens: HS256 JWTs with sub = profile id, sid = session id, exp. */
export interface AccessClaims {
  sub: string;
  sid: string;
  exp: number;
}

export async function signAccessToken(
  key: Uint8Array,
  claims: { sub: string; sid: string },
  expiresAtMs: number,
  nowMs: number,
): Promise<string> {
  return (
    new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      // Unique per token: two tokens issued in the same second for one session still differ.
      .setJti(randomBytes(9).toString('base64url'))
      .setIssuedAt(Math.floor(nowMs / 1000))
      .setExpirationTime(Math.floor(expiresAtMs / 1000))
      .sign(key)
  );
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

export async function verifyAccessToken(key: Uint8Array, token: string, nowMs: number): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: new Date(nowMs), clockTolerance: 0 });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: { sub: payload.sub, sid: payload.sid, exp: payload.exp } };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
