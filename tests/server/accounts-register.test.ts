import { solveChallenge } from 'altcha-lib/v1';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CaptchaChallengeSchema } from '../../src/contracts/accounts';
import { activationToken, call, counts, lastMail, outbox, PASSWORD, register, uniqueEmail, useAccountsApp } from './accounts-support';
import { DIALECTS } from './helpers';

describe.each(DIALECTS)('register on %s', (dialect) => {
  const ctx = useAccountsApp(dialect);

  it('creates a FREE account and an inactive profile, and mails the activation link in the user language', async () => {
    const email = uniqueEmail('reg');
    const before = await counts(ctx.app);
    const res = await register(ctx, email.toUpperCase(), { language: 'fr', origin_source: 'blog', origin_campaign: 'spring' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', content: { email } });
    const after = await counts(ctx.app);
    expect(after).toMatchObject({ accounts: before.accounts + 1, profiles: before.profiles + 1, tokens: before.tokens + 1 });

    const profile = await ctx.app.db.selectFrom('profiles').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ type: 1, is_active: 0, language: 'fr', tos_version: 1 });
    expect(profile.password_hash).toMatch(/^\$argon2id\$/);
    const account = await ctx.app.db.selectFrom('accounts').selectAll().where('id', '=', profile.account_id).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ name: 'Ada Books', type: 'FREE', mode: 'FREE', context: null });
    expect(JSON.parse(account.attributes)).toEqual({ origin_source: 'blog', origin_campaign: 'spring' });

    const mail = await lastMail(ctx.config, email);
    expect(mail.from).toBe('Quire <no-reply@localhost>');
    expect(mail.subject).toBe('Activez votre compte Quire'); // in the user's language (fr)
    // The address is not confirmed yet: the mail carries no text the registrant typed (its name).
    expect(mail.text).toMatch(/^Bonjour,$/m);
    expect(mail.text).not.toContain('Ada Books');
    expect(mail.text).toMatch(/^http:\/\/localhost(:\d+)?\/activate#hash-[\w-]{43}$/m);
    expect(mail.html).toContain(`/activate#hash-${activationToken(mail)}`);
  });

  it('mails an address not yet confirmed without the name the registrant typed (no text injection)', async () => {
    const email = uniqueEmail('inject');
    const name = 'Your account is locked. Unlock at http://evil.example';
    expect((await register(ctx, email, { name, language: 'en' })).statusCode).toBe(200);
    const mail = await lastMail(ctx.config, email);
    expect(mail.text).toMatch(/^Hello,$/m);
    expect(mail.text).not.toContain('evil');
    expect(mail.html).not.toContain('evil');
    // Asking again for the activation mail (resend) and a password reset: the same.
    await call(ctx.app, '/profile/reactivate', { email });
    await call(ctx.app, '/profile/password/request', { email });
    for (const m of await outbox(ctx.config, email)) expect(m.text, m.subject).not.toContain('evil');
  });

  it('accepts form bodies', async () => {
    const email = uniqueEmail('form');
    const res = await call(
      ctx.app,
      '/account/',
      { name: 'Form User', email, password: PASSWORD, tos: '1', language: 'de' },
      { form: true },
    );
    expect(res.json()).toMatchObject({ status: 'ok', content: { email } });
    expect(activationToken(await lastMail(ctx.config, email))).toMatch(/^[\w-]{43}$/);
  });

  it('answers the same for a known address, creates nothing and mails "you already have an account"', async () => {
    const email = uniqueEmail('known');
    await register(ctx, email);
    const before = await counts(ctx.app);
    const res = await register(ctx, email, { name: 'Somebody Else', password: 'another password 1' });
    expect(res.json()).toMatchObject({ status: 'ok', content: { email } });
    expect(Object.keys(res.json().content)).toEqual(['email']);
    expect(await counts(ctx.app)).toEqual(before);
    const mails = await outbox(ctx.config, email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe('You already have a Quire account');
    expect(mails[1]?.text).toMatch(/\/login$/m);
    expect(mails[1]?.text).toMatch(/\/forgot$/m);
    expect(mails[1]?.text).not.toContain('#hash-');
  });

  it.each([
    ['no name', { name: '' }, ['name']],
    ['a bad e-mail', { email: 'not-an-email' }, ['email']],
    ['a short password', { password: 'short1' }, ['password']],
    ['a password of digits only', { password: '12345678901' }, ['password']],
    ['terms not accepted', { tos: 0 }, ['tos']],
    ['an unknown language', { language: 'xx' }, ['language']],
  ])('refuses %s and creates nothing', async (_label, patch, fields) => {
    const before = await counts(ctx.app);
    const res = await register(ctx, uniqueEmail('bad'), patch);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', content: { type: 'VALIDATION', code: 1, fields } });
    expect(await counts(ctx.app)).toEqual(before);
  });

  it('refuses a password equal to the e-mail address', async () => {
    const email = uniqueEmail('same');
    const res = await register(ctx, email, { password: email.toUpperCase() });
    expect(res.json()).toMatchObject({
      status: 'error',
      content: { code: 1, fields: ['password'], message: 'account.password.sameAsEmail' },
    });
  });

  it('allows 5 registrations per 10 minutes per IP', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 5; i++) {
      const res = await call(ctx.app, '/account/', { name: 'N', email: uniqueEmail('rl'), password: PASSWORD, tos: 1 }, { ip });
      expect(res.json().status).toBe('ok');
    }
    const before = await counts(ctx.app);
    const sixth = await call(ctx.app, '/account/', { name: 'N', email: uniqueEmail('rl'), password: PASSWORD, tos: 1 }, { ip });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ status: 'error', content: { type: 'API', code: 429 } });
    expect(await counts(ctx.app)).toEqual(before);
  });
});

describe.each(DIALECTS)('captcha on %s (not dev mode)', (dialect) => {
  const ctx = useAccountsApp(dialect, { env: { QUIRE_DEV: '0' } });

  async function solved(): Promise<string> {
    const res = await call(ctx.app, '/public/captcha');
    expect(res.headers['cache-control']).toBe('no-store');
    const challenge = v.parse(CaptchaChallengeSchema, res.json().content);
    expect(challenge.salt).toMatch(/expires=\d+/);
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
    if (!solution) throw new Error('no solution');
    const payload = {
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
    };
    return Buffer.from(JSON.stringify(payload)).toString('base64');
  }

  it('serves an ALTCHA challenge and accepts its solution once', async () => {
    const captcha = await solved();
    const email = uniqueEmail('captcha');
    const res = await register(ctx, email, { 'g-recaptcha-response': captcha });
    expect(res.json()).toMatchObject({ status: 'ok', content: { email } });
    // The same solution again (replay) is refused.
    const again = await register(ctx, uniqueEmail('captcha'), { 'g-recaptcha-response': captcha });
    expect(again.json()).toMatchObject({ status: 'error', content: { type: 'AUTH', code: 130, fields: ['g-recaptcha-response'] } });
  });

  it.each([
    ['missing', undefined],
    ['garbage', 'not-a-captcha'],
    [
      'forged',
      Buffer.from(JSON.stringify({ algorithm: 'SHA-256', challenge: 'ab', number: 1, salt: 'x', signature: 'cd' })).toString('base64'),
    ],
  ])('refuses a %s captcha on register, forgot and resend without creating or mailing', async (_label, captcha) => {
    const email = uniqueEmail('nocaptcha');
    const before = await counts(ctx.app);
    const extra = captcha === undefined ? {} : { 'g-recaptcha-response': captcha };
    const res = await register(ctx, email, extra);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', content: { type: 'AUTH', code: 130 } });
    for (const url of ['/profile/password/request', '/profile/reactivate']) {
      const other = await call(ctx.app, url, { email, ...extra });
      expect(other.json()).toMatchObject({ status: 'error', content: { type: 'AUTH', code: 130 } });
    }
    expect(await counts(ctx.app)).toEqual(before);
    expect(await outbox(ctx.config, email)).toEqual([]);
  });

  it('says altcha in the client config', () => {
    expect(ctx.config.captcha).toBe('altcha');
  });
});

describe.each(DIALECTS)('reCAPTCHA on %s', (dialect) => {
  const seen: URLSearchParams[] = [];
  const fakeFetch = (async (_url: unknown, init?: RequestInit) => {
    const body = new URLSearchParams(String(init?.body));
    seen.push(body);
    return new Response(JSON.stringify({ success: body.get('response') === 'human' }), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  const ctx = useAccountsApp(dialect, {
    env: {
      QUIRE_DEV: '0',
      QUIRE_CAPTCHA: 'recaptcha',
      QUIRE_RECAPTCHA_SECRET: 'server-secret-123',
      QUIRE_RECAPTCHA_SITE_KEY: 'site-key-12345',
    },
    deps: { fetch: fakeFetch },
  });

  it('verifies the answer with the secret and the client IP', async () => {
    const ok = await call(
      ctx.app,
      '/profile/reactivate',
      { email: uniqueEmail('rc'), 'g-recaptcha-response': 'human' },
      { ip: '198.51.100.9' },
    );
    expect(ok.json().status).toBe('ok');
    expect(seen.at(-1)?.get('secret')).toBe('server-secret-123');
    expect(seen.at(-1)?.get('remoteip')).toBe('198.51.100.9');
    const bot = await call(ctx.app, '/profile/reactivate', { email: uniqueEmail('rc'), 'g-recaptcha-response': 'robot' });
    expect(bot.json()).toMatchObject({ status: 'error', content: { code: 130 } });
  });
});
