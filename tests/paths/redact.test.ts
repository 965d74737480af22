/** Secrets hidden before the Machines pages show payloads and contexts (src/tools/diagram/redact.ts). */
import { describe, expect, it } from 'vitest';
import { isSecretField, REDACTED, redacted, redactSecrets } from '../../src/tools/diagram/redact';

describe('redactSecrets', () => {
  it('hides tokens, passwords, hashes, cookies, authorization and one-time codes at any depth', () => {
    const payload = {
      type: 'server.login',
      token: 'abc',
      access_token: 'def',
      refreshToken: 'ghi',
      user: { name: 'Ada', password: 'pw', activationHash: 'h1', profile: { apiKey: 'k', secret: 's' } },
      headers: [{ authorization: 'Bearer x', 'Set-Cookie': 'quire_token=1' }],
      code: '123456',
      mfaCode: '654321',
    };
    const text = (n: number) => `${REDACTED} ${n} characters`;
    expect(redactSecrets(payload)).toEqual({
      type: 'server.login',
      token: text(3),
      access_token: text(3),
      refreshToken: text(3),
      user: {
        name: 'Ada',
        password: text(2),
        activationHash: text(2),
        profile: { apiKey: `${REDACTED} 1 character`, secret: `${REDACTED} 1 character` },
      },
      headers: [{ authorization: text(8), 'Set-Cookie': text(13) }],
      code: `${REDACTED} 6 digits`,
      mfaCode: `${REDACTED} 6 digits`,
    });
    expect(JSON.stringify(redactSecrets(payload))).not.toMatch(/abc|def|ghi|pw|h1|Bearer|quire_token|123456|654321/);
  });

  it('keeps error codes (numbers), empty secrets, and fields that only look alike', () => {
    const error = { content: { type: 'AUTH', code: 1551 }, tokenSpent: false, hashtag: 'x', author: 'Ada', token: null, password: '' };
    expect(redactSecrets(error)).toEqual(error);
    expect(isSecretField('code', 155)).toBe(false);
    expect(isSecretField('code', '155')).toBe(true);
    expect(isSecretField('postcode', 'AB1')).toBe(false);
  });

  it('hides a secret object whole', () => {
    expect(redactSecrets({ credentials: { user: 'ada', pass: 'x' } })).toEqual({ credentials: REDACTED });
    expect(redacted(['a'])).toBe(REDACTED);
  });

  it('leaves the input unchanged', () => {
    const input = { token: 'abc' };
    redactSecrets(input);
    expect(input.token).toBe('abc');
  });
});
