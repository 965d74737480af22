import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { LoginContentSchema } from '../../src/contracts/accounts';
import {
  activationToken,
  call,
  counts,
  lastMail,
  login,
  loginCode,
  nextIp,
  outbox,
  PASSWORD,
  register,
  registerActive,
  uniqueEmail,
  useAccountsApp,
} from './accounts-support';
import { DIALECTS } from './helpers';

describe.each(DIALECTS)('login on %s', (dialect) => {
  const ctx = useAccountsApp(dialect);

  it('refuses a wrong password with AUTH 100 and creates nothing', async () => {
    const email = uniqueEmail('wrong');
    await registerActive(ctx, email);
    const before = await counts(ctx.app);
    const mailsBefore = (await outbox(ctx.config, email)).length;
    const res = await call(ctx.app, '/profile/session', { login: email, password: 'not the password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 'error', content: { type: 'AUTH', code: 100 } });
    expect(res.json().content.hash).toBeUndefined();
    const unknown = await call(ctx.app, '/profile/session', { login: uniqueEmail('nobody'), password: PASSWORD });
    expect(unknown.json()).toMatchObject({ status: 'error', content: { type: 'AUTH', code: 100 } });
    expect(await counts(ctx.app)).toEqual(before);
    expect(await outbox(ctx.config, email)).toHaveLength(mailsBefore);
  });

  it.each([
    [{ login: 'not-an-email', password: 'x' }, ['login']],
    [{ login: 'a@b.co', password: '' }, ['password']],
    [{}, ['login', 'password']],
    [{ hash: 'short', code: '123456' }, ['hash']],
  ])('refuses malformed input %j', async (body, fields) => {
    const res = await call(ctx.app, '/profile/session', body);
    expect(res.json()).toMatchObject({ status: 'error', content: { type: 'VALIDATION', code: 1, fields } });
  });

  it('answers 112 before activation (only with the right password)', async () => {
    const email = uniqueEmail('inactive');
    await register(ctx, email);
    const res = await call(ctx.app, '/profile/session', { login: email, password: PASSWORD });
    expect(res.json()).toMatchObject({ status: 'error', content: { type: 'ACCOUNT', code: 112 } });
    const wrong = await call(ctx.app, '/profile/session', { login: email, password: 'wrong password!' });
    expect(wrong.json().content.code).toBe(100);
  });

  it('asks for an e-mailed code (155 with the hash), then opens a session', async () => {
    const email = uniqueEmail('code');
    await registerActive(ctx, email);
    const first = await call(ctx.app, '/profile/session', { login: email, password: PASSWORD });
    // The second factor is the expected next step: no HTTP error (the browser logs none), the envelope says it.
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'error', content: { type: 'AUTH', code: 155 } });
    const hash = first.json().content.hash;
    expect(hash).toMatch(/^[\w-]{43}$/);
    const mail = await lastMail(ctx.config, email);
    expect(mail.subject).toMatch(/^Your Quire sign-in code: \d{6}$/);
    const code = loginCode(mail);
    expect(mail.html).toContain(code);

    // Confirming without the code asks for it again.
    const noCode = await call(ctx.app, '/profile/session', { hash });
    expect(noCode.json()).toMatchObject({ status: 'error', content: { code: 155, hash } });

    const sessionsBefore = (await counts(ctx.app)).sessions;
    const res = await call(ctx.app, '/profile/session', { hash, code });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const content = v.parse(LoginContentSchema, body.content);
    expect(content.profile).toMatchObject({ email, isActive: true, type: 1, language: 'en' });
    expect(content.profile.last_login).toBeGreaterThan(0);
    expect(content.account).toMatchObject({ type: 'FREE', mode: 'FREE', context: 'ind', attributes: { usage_context: 'ind' } });
    expect(content.tos).toEqual({ required: false, accepted: true });
    expect(content.session.expires_in).toBe(3600);
    expect(body.ats).toBeGreaterThan(0);
    expect((await counts(ctx.app)).sessions).toBe(sessionsBefore + 1);
    const [, payload] = content.session.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    expect(claims).toMatchObject({ sub: content.profile.id, sid: content.session.id });
    expect(claims.exp - claims.iat).toBe(3600);
    expect(String(res.headers['set-cookie'])).toMatch(/quire_token=[^;]+; Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax/);

    // The hash is single use.
    const again = await call(ctx.app, '/profile/session', { hash, code });
    expect(again.json()).toMatchObject({ status: 'error', content: { code: 1552 } });
  });

  it('counts wrong codes: 1551 five times, then 1552 even for the right code', async () => {
    const email = uniqueEmail('tries');
    await registerActive(ctx, email);
    const hash = (await call(ctx.app, '/profile/session', { login: email, password: PASSWORD })).json().content.hash;
    const code = loginCode(await lastMail(ctx.config, email));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await call(ctx.app, '/profile/session', { hash, code: wrong });
      expect(res.json()).toMatchObject({ status: 'error', content: { type: 'AUTH', code: 1551, fields: ['code'] } });
    }
    const right = await call(ctx.app, '/profile/session', { hash, code });
    expect(right.json()).toMatchObject({ status: 'error', content: { type: 'AUTH', code: 1552 } });
    const row = await ctx.app.db
      .selectFrom('login_challenges')
      .select('attempts')
      .where('profile_id', '=', await profileId(email))
      .where('stage', '=', 'code')
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
  });

  it('expires the code after 10 minutes (1552)', async () => {
    const email = uniqueEmail('late');
    await registerActive(ctx, email);
    const hash = (await call(ctx.app, '/profile/session', { login: email, password: PASSWORD })).json().content.hash;
    const code = loginCode(await lastMail(ctx.config, email));
    ctx.advance(10 * 60_000 + 1000);
    const res = await call(ctx.app, '/profile/session', { hash, code });
    expect(res.json()).toMatchObject({ status: 'error', content: { code: 1552 } });
  });

  it('skips the code on a trusted device (cookie quire_device, 30 days)', async () => {
    const email = uniqueEmail('device');
    await registerActive(ctx, email);
    const { response } = await login(ctx, email, { trust: true });
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    const device = cookies.find((c) => c.startsWith('quire_device='));
    expect(device).toMatch(/^quire_device=[\w-]{43}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    const cookie = (device ?? '').split(';')[0] ?? '';

    const mails = (await outbox(ctx.config, email)).length;
    const first = await call(ctx.app, '/profile/session', { login: email, password: PASSWORD }, { cookie });
    expect(first.json()).toMatchObject({ status: 'ok', content: { hash: expect.any(String) } });
    expect(await outbox(ctx.config, email)).toHaveLength(mails); // no code mailed
    const second = await call(ctx.app, '/profile/session', { hash: first.json().content.hash }, { cookie });
    expect(second.json().status).toBe('ok');

    // The cookie is bound to its profile: another user on the same browser still gets a code.
    const other = uniqueEmail('device2');
    await registerActive(ctx, other);
    const otherFirst = await call(ctx.app, '/profile/session', { login: other, password: PASSWORD }, { cookie });
    expect(otherFirst.json().content.code).toBe(155);
  });

  it('refuses an address after 10 wrong passwords on an account BEFORE checking; the owner elsewhere signs in at once', async () => {
    const email = uniqueEmail('brute');
    await registerActive(ctx, email);
    const attacker = nextIp();
    for (let i = 0; i < 10; i++) {
      const res = await call(ctx.app, '/profile/session', { login: email, password: `guess number ${i}` }, { ip: attacker });
      expect(res.json().content.code).toBe(100);
    }
    const verifies = ctx.verifyCount();
    for (const password of ['guess number 10', 'guess number 11', PASSWORD]) {
      const refused = await call(ctx.app, '/profile/session', { login: email, password }, { ip: attacker });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ status: 'error', content: { type: 'AUTH', code: 101 } });
      expect(refused.json().content.hash).toBeUndefined();
    }
    expect(ctx.verifyCount()).toBe(verifies);

    // The owner, from another address, in the same minute: password, e-mailed code, session.
    const { content } = await login(ctx, email, { ip: nextIp() });
    expect(content.profile.email).toBe(email);
    // The attacker's address is still refused for the rest of its minute, then may try again.
    const still = await call(ctx.app, '/profile/session', { login: email, password: 'guess number 12' }, { ip: attacker });
    expect(still.json().content.code).toBe(101);
    ctx.advance(61_000);
    const later = await call(ctx.app, '/profile/session', { login: email, password: PASSWORD }, { ip: attacker });
    expect(later.json().content.code).toBe(155);
  });

  it('refuses the 11th attempt in a minute per IP, whatever the address', async () => {
    const ip = '203.0.113.50';
    for (let i = 0; i < 10; i++) {
      const res = await call(ctx.app, '/profile/session', { login: uniqueEmail('spray'), password: PASSWORD }, { ip });
      expect(res.json().content.code).toBe(100);
    }
    const verifies = ctx.verifyCount();
    const email = uniqueEmail('spray-target');
    await registerActive(ctx, email);
    const eleventh = await call(ctx.app, '/profile/session', { login: email, password: PASSWORD }, { ip });
    expect(eleventh.json()).toMatchObject({ status: 'error', content: { type: 'AUTH', code: 101 } });
    expect(ctx.verifyCount()).toBe(verifies);
    const elsewhere = await call(ctx.app, '/profile/session', { login: email, password: PASSWORD });
    expect(elsewhere.json().content.code).toBe(155);
  });

  async function profileId(email: string): Promise<string> {
    return (await ctx.app.db.selectFrom('profiles').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  }
});

describe.each(DIALECTS)('activation on %s', (dialect) => {
  const ctx = useAccountsApp(dialect);

  it('activates as pro, stores the context, and the hash confirms without a code', async () => {
    const email = uniqueEmail('pro');
    await register(ctx, email);
    const token = activationToken(await lastMail(ctx.config, email));
    const res = await call(ctx.app, '/profile/activate', {
      hash: token,
      context: 'pro',
      company_activity_sector: 'publishing',
      job_title: 'editor',
      company_size: '10-49',
    });
    expect(res.json()).toMatchObject({ status: 'ok', content: { hash: expect.stringMatching(/^[\w-]{43}$/) } });
    const session = await call(ctx.app, '/profile/session', { hash: res.json().content.hash });
    expect(session.json()).toMatchObject({
      status: 'ok',
      content: {
        profile: { email, isActive: true, job_title: 'editor' },
        account: { context: 'pro', company_activity_sector: 'publishing', company_size: '10-49', attributes: { usage_context: 'pro' } },
      },
    });
    // The link is single use.
    const again = await call(ctx.app, '/profile/activate', { hash: token, context: 'ind' });
    expect(again.json()).toMatchObject({ status: 'error', content: { type: 'ACCOUNT', code: 120 } });
  });

  it('answers 120 for an unknown or expired link, and validates the pro fields', async () => {
    const unknown = await call(ctx.app, '/profile/activate', { hash: 'x'.repeat(43), context: 'ind' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ status: 'error', content: { type: 'ACCOUNT', code: 120 } });

    const email = uniqueEmail('old');
    await register(ctx, email);
    const token = activationToken(await lastMail(ctx.config, email));
    const missing = await call(ctx.app, '/profile/activate', { hash: token, context: 'pro', job_title: 'editor' });
    expect(missing.json()).toMatchObject({
      status: 'error',
      content: { type: 'VALIDATION', fields: ['company_activity_sector', 'company_size'] },
    });
    ctx.advance(7 * 86_400_000 + 1000);
    const expired = await call(ctx.app, '/profile/activate', { hash: token, context: 'ind' });
    expect(expired.json()).toMatchObject({ status: 'error', content: { code: 120 } });
  });

  it('resend: same answer for every address; a new link only for inactive profiles', async () => {
    const inactive = uniqueEmail('resend');
    await register(ctx, inactive);
    const active = uniqueEmail('resend-active');
    await registerActive(ctx, active);
    const nobody = uniqueEmail('resend-nobody');
    const answers = [];
    for (const email of [inactive, active, nobody]) {
      const res = await call(ctx.app, '/profile/reactivate', { email });
      answers.push([res.statusCode, Object.keys(res.json().content), res.json().status]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(await outbox(ctx.config, inactive)).toHaveLength(2);
    expect(await outbox(ctx.config, active)).toHaveLength(1);
    expect(await outbox(ctx.config, nobody)).toHaveLength(0);
    // Both links work until used (the newest here).
    const token = activationToken(await lastMail(ctx.config, inactive));
    const res = await call(ctx.app, '/profile/activate', { hash: token, context: 'edu' });
    expect(res.json().status).toBe('ok');
  });

  it('sends at most 5 mails per address in 10 minutes (silently)', async () => {
    const email = uniqueEmail('flood');
    await register(ctx, email);
    for (let i = 0; i < 7; i++) expect((await call(ctx.app, '/profile/reactivate', { email })).json().status).toBe('ok');
    expect(await outbox(ctx.config, email)).toHaveLength(1 + 5);
  });
});

describe.each(DIALECTS)('per-IP limit scale on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, { env: { QUIRE_IP_LIMIT_SCALE: '2' } });

  it('multiplies the per-IP login limit but not the per-account-and-address one', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 20; i++) {
      const res = await call(ctx.app, '/profile/session', { login: uniqueEmail('scaled'), password: PASSWORD }, { ip });
      expect(res.json().content.code).toBe(100);
    }
    const over = await call(ctx.app, '/profile/session', { login: uniqueEmail('scaled'), password: PASSWORD }, { ip });
    expect(over.json()).toMatchObject({ status: 'error', content: { type: 'AUTH', code: 101 } });

    // An address shared by many (QUIRE_IP_LIMIT_SCALE=2) may fail 10 times on one account, not 20.
    const email = uniqueEmail('scaled-address');
    await registerActive(ctx, email);
    const other = uniqueEmail('scaled-other');
    await registerActive(ctx, other);
    const shared = '203.0.113.78';
    for (let i = 0; i < 10; i++) {
      expect((await call(ctx.app, '/profile/session', { login: email, password: `guess ${i}` }, { ip: shared })).json().content.code).toBe(
        100,
      );
    }
    const eleventh = await call(ctx.app, '/profile/session', { login: email, password: PASSWORD }, { ip: shared });
    expect(eleventh.json()).toMatchObject({ status: 'error', content: { type: 'AUTH', code: 101 } });
    // The same address may still sign in to another account, and the owner from another address.
    expect((await call(ctx.app, '/profile/session', { login: other, password: PASSWORD }, { ip: shared })).json().content.code).toBe(155);
    expect((await call(ctx.app, '/profile/session', { login: email, password: PASSWORD })).json().content.code).toBe(155);
  });
});
