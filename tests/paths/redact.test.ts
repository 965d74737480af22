/** Secrets hidden before the Machines pages show payloads and contexts (src/tools/diagram/redact.ts). */
import { describe, expect, it } from 'vitest';
import { isSecretField, REDACTED, redactSecrets } from '../../src/tools/diagram/redact';

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
    expect(redactSecrets(payload)).toEqual({
      type: 'server.login',
      token: REDACTED,
      access_token: REDACTED,
      refreshToken: REDACTED,
      user: { name: 'Ada', password: REDACTED, activationHash: REDACTED, profile: { apiKey: REDACTED, secret: REDACTED } },
      headers: [{ authorization: REDACTED, 'Set-Cookie': REDACTED }],
      code: REDACTED,
      mfaCode: REDACTED,
    });
  });

  it('keeps error codes (numbers), empty secrets, and fields that only look alike', () => {
    const error = { content: { type: 'AUTH', code: 1551 }, tokenSpent: false, hashtag: 'x', author: 'Ada', token: null };
    expect(redactSecrets(error)).toEqual(error);
    expect(isSecretField('code', 155)).toBe(false);
    expect(isSecretField('code', '155')).toBe(true);
    expect(isSecretField('postcode', 'AB1')).toBe(false);
  });

  it('leaves the input unchanged', () => {
    const input = { token: 'abc' };
    redactSecrets(input);
    expect(input.token).toBe('abc');
  });
});
