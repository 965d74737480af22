import { SignJWT } from 'jose';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { LoginContentSchema } from '../../src/contracts/accounts';
import { call, lastMail, PASSWORD, resetToken, signedIn, uniqueEmail, useAccountsApp } from './accounts-support';
import { DIALECTS } from './helpers';

const expectSessionError = (res: { statusCode: number; json: () => unknown }, code: number) => {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({ status: 'error', content: { type: 'SESSION', code } });
};

describe.each(DIALECTS)('session on %s', (dialect) => {
  const ctx = useAccountsApp(dialect);

  it('refreshes with the bearer token: same session, new token, later expiry, ats', async () => {
    const { token, content } = await signedIn(ctx, 'refresh');
    ctx.advance(5000);
    const res = await call(ctx.app, '/profile/session', undefined, { token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const refreshed = v.parse(LoginContentSchema, body.content);
    expect(refreshed.session.id).toBe(content.session.id);
    expect(refreshed.session.access_token).not.toBe(token);
    expect(refreshed.profile.id).toBe(content.profile.id);
    expect(typeof body.ats).toBe('number');
    const exp = (t: string) => JSON.parse(Buffer.from(t.split('.')[1] ?? '', 'base64url').toString()).exp;
    expect(exp(refreshed.session.access_token)).toBeGreaterThan(exp(token));
    // The old token still works until it expires (other tabs), the new one too.
    expect((await call(ctx.app, '/profile/session', undefined, { token: refreshed.session.access_token })).statusCode).toBe(200);
  });

  it('accepts the quire_token cookie as a fallback', async () => {
    const { token } = await signedIn(ctx, 'cookie');
    const res = await call(ctx.app, '/profile/subscription/get', undefined, { cookie: `other=1; quire_token=${token}` });
    expect(res.json().status).toBe('ok');
  });

  it('answers 301 without a token on every authenticated route', async () => {
    for (const [method, url] of [
      ['GET', '/profile/session'],
      ['DELETE', '/profile/session'],
      ['POST', '/profile/tos/accept'],
      ['POST', '/profile/update'],
      ['PATCH', '/profile/update'],
      ['POST', '/account/update'],
      ['GET', '/profile/subscription/get'],
      ['POST', '/profile/subscription/update'],
      ['POST', '/profile/tour'],
      ['POST', '/profile/totp/create'],
      ['POST', '/profile/totp/confirm'],
      ['POST', '/profile/totp/delete'],
    ] as const) {
      const res = await call(ctx.app, url, method === 'GET' || method === 'DELETE' ? undefined : {}, { method });
      expectSessionError(res, 301);
    }
  });

  it('answers 302 for an expired token (clock moved past exp) and refuses to refresh it', async () => {
    const { token } = await signedIn(ctx, 'expired');
    ctx.advance(3600_000 + 1000);
    expectSessionError(await call(ctx.app, '/profile/session', undefined, { token }), 302);
  });

  it('answers 302 for a forged exp in the past, 149 for a bad signature or garbage', async () => {
    const { token, content } = await signedIn(ctx, 'forged');
    const now = Math.floor(ctx.app.clock() / 1000);
    const expired = await new SignJWT({ sid: content.session.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(content.profile.id)
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(ctx.app.keys.jwt);
    expectSessionError(await call(ctx.app, '/profile/session', undefined, { token: expired }), 302);
    const otherKey = await new SignJWT({ sid: content.session.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(content.profile.id)
      .setExpirationTime(now + 3600)
      .sign(new Uint8Array(32));
    expectSessionError(await call(ctx.app, '/profile/session', undefined, { token: otherKey }), 149);
    expectSessionError(await call(ctx.app, '/profile/session', undefined, { token: 'not.a.jwt' }), 149);
    // A token naming another profile than its session's is revoked too.
    const swapped = await new SignJWT({ sid: content.session.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('someone-else')
      .setExpirationTime(now + 3600)
      .sign(ctx.app.keys.jwt);
    expectSessionError(await call(ctx.app, '/profile/session', undefined, { token: swapped }), 149);
    expect((await call(ctx.app, '/profile/session', undefined, { token })).statusCode).toBe(200);
  });

  it('signs out with DELETE: the session is revoked (149) and the cookie cleared', async () => {
    const { token } = await signedIn(ctx, 'logout');
    const res = await call(ctx.app, '/profile/session', undefined, { token, method: 'DELETE' });
    expect(res.json()).toMatchObject({ status: 'ok' });
    expect(String(res.headers['set-cookie'])).toMatch(/quire_token=; Path=\/; Max-Age=0/);
    expectSessionError(await call(ctx.app, '/profile/session', undefined, { token }), 149);
    expectSessionError(await call(ctx.app, '/profile/tos/accept', {}, { token }), 149);
  });

  it('a password reset revokes every session of the profile (149)', async () => {
    const { token, email } = await signedIn(ctx, 'reset-revokes');
    const second = await signedIn(ctx, 'bystander');
    await call(ctx.app, '/profile/password/request', { email });
    const hash = resetToken(await lastMail(ctx.config, email));
    const res = await call(ctx.app, '/profile/password/', { hash, password: 'a brand new password' });
    expect(res.json()).toMatchObject({ status: 'ok', content: { email } });
    expectSessionError(await call(ctx.app, '/profile/session', undefined, { token }), 149);
    expect((await call(ctx.app, '/profile/session', undefined, { token: second.token })).statusCode).toBe(200);
    // The old password is gone, the new one works.
    expect((await call(ctx.app, '/profile/session', { login: email, password: PASSWORD })).json().content.code).toBe(100);
    expect((await call(ctx.app, '/profile/session', { login: email, password: 'a brand new password' })).json().content.code).toBe(155);
  });
});

describe.each(DIALECTS)('short token lifetime on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, { env: { QUIRE_TOKEN_TTL: '1' } });

  it('expires the token after QUIRE_TOKEN_TTL seconds (302)', async () => {
    const { token, content } = await signedIn(ctx, 'ttl');
    expect(content.session.expires_in).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expectSessionError(await call(ctx.app, '/profile/session', undefined, { token }), 302);
  });
});

describe.each(DIALECTS)('password on %s', (dialect) => {
  const ctx = useAccountsApp(dialect);

  it('forgot: same answer for every address; a reset link only for known ones', async () => {
    const known = uniqueEmail('forgot');
    await call(ctx.app, '/account/', { name: 'F', email: known, password: PASSWORD, tos: 1 });
    const answers = new Set<string>();
    for (const email of [known, uniqueEmail('forgot-nobody')]) {
      const res = await call(ctx.app, '/profile/password/request', { email });
      answers.add(JSON.stringify([res.statusCode, res.json().status, Object.keys(res.json().content)]));
    }
    expect(answers.size).toBe(1);
    const mail = await lastMail(ctx.config, known);
    expect(mail.subject).toBe('Choose a new Quire password');
    expect(mail.text).toContain('within 60 minutes');
    expect(resetToken(mail)).toMatch(/^[\w-]{43}$/);
  });

  it('reset: 110 for unknown, used or expired links; 112 when not activated; validation of the password', async () => {
    const unknown = await call(ctx.app, '/profile/password/', { hash: 'y'.repeat(43), password: 'a good new password' });
    expect(unknown.json()).toMatchObject({ status: 'error', content: { type: 'ACCOUNT', code: 110 } });

    const inactive = uniqueEmail('reset-inactive');
    await call(ctx.app, '/account/', { name: 'I', email: inactive, password: PASSWORD, tos: 1 });
    await call(ctx.app, '/profile/password/request', { email: inactive });
    const inactiveHash = resetToken(await lastMail(ctx.config, inactive));
    const notActive = await call(ctx.app, '/profile/password/', { hash: inactiveHash, password: 'a good new password' });
    expect(notActive.statusCode).toBe(403);
    expect(notActive.json()).toMatchObject({ status: 'error', content: { type: 'ACCOUNT', code: 112 } });

    const { email } = await signedIn(ctx, 'reset');
    await call(ctx.app, '/profile/password/request', { email });
    const hash = resetToken(await lastMail(ctx.config, email));
    const same = await call(ctx.app, '/profile/password/', { hash, password: email });
    expect(same.json()).toMatchObject({ status: 'error', content: { type: 'VALIDATION', fields: ['password'] } });
    const digits = await call(ctx.app, '/profile/password/', { hash, password: '1234567890123' });
    expect(digits.json()).toMatchObject({ status: 'error', content: { type: 'VALIDATION', fields: ['password'] } });
    expect((await call(ctx.app, '/profile/password/', { hash, password: 'a good new password' })).json().status).toBe('ok');
    const reused = await call(ctx.app, '/profile/password/', { hash, password: 'another good password' });
    expect(reused.json()).toMatchObject({ status: 'error', content: { code: 110 } });

    await call(ctx.app, '/profile/password/request', { email });
    const late = resetToken(await lastMail(ctx.config, email));
    ctx.advance(3600_000 + 1000);
    expect((await call(ctx.app, '/profile/password/', { hash: late, password: 'a good new password' })).json().content.code).toBe(110);
  });
});
