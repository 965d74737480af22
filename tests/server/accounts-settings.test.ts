import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AccountSchema, CONSENTS_VERSION_DATE, ProfileSchema, TERMS_RENEWAL_BEFORE } from '../../src/contracts/accounts';
import { totpCode } from '../../src/server/auth/totp';
import { call, lastMail, loginCode, nextIp, outbox, PASSWORD, signedIn, useAccountsApp } from './accounts-support';
import { DIALECTS } from './helpers';

describe.each(DIALECTS)('profile and account settings on %s', (dialect) => {
  const ctx = useAccountsApp(dialect);

  it('accepts the terms: tos.required turns false and subscriptions.modification moves to now', async () => {
    const { token, email } = await signedIn(ctx, 'tos');
    // An old profile: terms of an older version, modification before the renewal date.
    await ctx.app.db
      .updateTable('profiles')
      .set({ tos_version: null, subscriptions_modification: TERMS_RENEWAL_BEFORE - 10 })
      .where('email', '=', email)
      .execute();
    const before = (await call(ctx.app, '/profile/session', undefined, { token })).json();
    expect(before.content.tos).toEqual({ required: true, accepted: false });
    const res = await call(ctx.app, '/profile/tos/accept', {}, { token });
    const nowSeconds = Math.floor(ctx.app.clock() / 1000);
    expect(res.json()).toMatchObject({ status: 'ok', content: { tos: { required: false, accepted: true } } });
    expect(res.json().content.subscriptions.modification).toBeGreaterThanOrEqual(nowSeconds - 2);
    expect(res.json().ats).toBeGreaterThan(before.ats);
    const after = (await call(ctx.app, '/profile/session', undefined, { token })).json();
    expect(after.content.tos).toEqual({ required: false, accepted: true });
    expect(after.ats).toBeGreaterThan(before.ats);
  });

  it("updates the usage context of the caller's account (and job title of the profile)", async () => {
    const { token, content } = await signedIn(ctx, 'ctx');
    const res = await call(
      ctx.app,
      '/account/update',
      { context: 'pro', company_activity_sector: 'education', company_size: '1-9', job_title: 'teacher', attributes: { theme: 'dark' } },
      { token },
    );
    expect(res.json().status).toBe('ok');
    const account = v.parse(AccountSchema, res.json().content);
    expect(account).toMatchObject({
      id: content.account.id,
      context: 'pro',
      company_activity_sector: 'education',
      company_size: '1-9',
      attributes: { usage_context: 'pro', theme: 'dark' },
      limits: { filesize: 100 * 1024 * 1024 },
    });
    const back = await call(
      ctx.app,
      '/account/update',
      { context: 'edu', attributes: JSON.stringify({ usage_context: 'forged' }) },
      { token, method: 'PATCH' },
    );
    expect(back.json().content).toMatchObject({
      context: 'edu',
      company_activity_sector: null,
      attributes: { usage_context: 'edu', theme: 'dark' },
    });
    const session = (await call(ctx.app, '/profile/session', undefined, { token })).json().content;
    expect(session.profile.job_title).toBe('teacher');
  });

  it('refuses an incomplete professional context (validation names the empty selects)', async () => {
    const { token } = await signedIn(ctx, 'ctx-bad');
    const res = await call(ctx.app, '/account/update', { context: 'pro', company_activity_sector: 'x' }, { token });
    expect(res.json()).toMatchObject({ status: 'error', content: { type: 'VALIDATION', fields: ['job_title', 'company_size'] } });
    const unknown = await call(ctx.app, '/account/update', { context: 'gov' }, { token });
    expect(unknown.json()).toMatchObject({ status: 'error', content: { type: 'VALIDATION', fields: ['context'] } });
  });

  it("patches the caller's profile (POST and PATCH, JSON and form)", async () => {
    const { token } = await signedIn(ctx, 'prof');
    const res = await call(
      ctx.app,
      '/profile/update',
      { firstname: 'Ada', lastname: 'Lovelace', language: 'fr', job_title: 'writer' },
      { token },
    );
    const profile = v.parse(ProfileSchema, res.json().content);
    expect(profile).toMatchObject({ firstname: 'Ada', lastname: 'Lovelace', language: 'fr', job_title: 'writer' });
    const patched = await call(ctx.app, '/profile/update', { language: 'de', lastname: '' }, { token, method: 'PATCH', form: true });
    expect(patched.json().content).toMatchObject({ firstname: 'Ada', lastname: null, language: 'de' });
    const nothing = await call(ctx.app, '/profile/update', {}, { token });
    expect(nothing.json()).toMatchObject({ status: 'ok', content: { firstname: 'Ada', language: 'de' } });
    const bad = await call(ctx.app, '/profile/update', { language: 'klingon' }, { token });
    expect(bad.json()).toMatchObject({ status: 'error', content: { type: 'VALIDATION', fields: ['language'] } });
  });

  it('reads and saves notification preferences as a JSON string (known names only)', async () => {
    const { token, content } = await signedIn(ctx, 'prefs');
    const get = await call(ctx.app, '/profile/subscription/get', undefined, { token });
    expect(JSON.parse(get.json().content.values)).toEqual({
      newsletter: false,
      product_updates: false,
      comments: true,
      subscribers: true,
      statistics_digest: false,
      support_chat: false,
      page_testing: false,
    });
    expect(content.subscriptions.modification).toBeGreaterThanOrEqual(CONSENTS_VERSION_DATE);
    const save = await call(
      ctx.app,
      '/profile/subscription/update',
      { values: JSON.stringify({ newsletter: true, comments: false }) },
      { token, form: true },
    );
    expect(save.json().status).toBe('ok');
    expect(JSON.parse(save.json().content.values)).toMatchObject({ newsletter: true, comments: false, subscribers: true });
    const again = await call(ctx.app, '/profile/subscription/get', undefined, { token });
    expect(JSON.parse(again.json().content.values)).toMatchObject({ newsletter: true, comments: false });
    for (const values of [JSON.stringify({ spam: true }), JSON.stringify({ newsletter: 'yes' }), '{not json', '[]']) {
      const bad = await call(ctx.app, '/profile/subscription/update', { values }, { token });
      expect(bad.json()).toMatchObject({ status: 'error', content: { type: 'VALIDATION' } });
    }
  });
});

describe.each(DIALECTS)('authenticator app (TOTP) on %s', (dialect) => {
  const ctx = useAccountsApp(dialect);

  it('enrols, then login asks for the app code instead of mailing one; removal needs a code', async () => {
    const { token, email } = await signedIn(ctx, 'totp');
    const confirmEarly = await call(ctx.app, '/profile/totp/confirm', { code: '123456' }, { token });
    expect(confirmEarly.json()).toMatchObject({ status: 'error', content: { type: 'AUTH', code: 160 } });

    const created = await call(ctx.app, '/profile/totp/create', {}, { token });
    const { secret, uri } = created.json().content;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Quire:.+\?.*secret=/);
    expect(uri).toContain(encodeURIComponent(email));

    const wrong = await call(ctx.app, '/profile/totp/confirm', { code: wrongCode(totpCode(secret, ctx.app.clock())) }, { token });
    expect(wrong.json()).toMatchObject({ status: 'error', content: { code: 1551 } });
    const confirmed = await call(ctx.app, '/profile/totp/confirm', { code: totpCode(secret, ctx.app.clock()) }, { token });
    expect(confirmed.json()).toMatchObject({ status: 'ok', content: { enabled: true } });
    expect(confirmed.json().content.recovery_codes).toHaveLength(10);
    expect((await call(ctx.app, '/profile/totp/create', {}, { token })).json().content.code).toBe(161);
    // A code is accepted once in its window: the next one comes with the next 30-second step.
    ctx.advance(30_000);

    const mails = (await outbox(ctx.config, email)).length;
    const first = await call(ctx.app, '/profile/session', { login: email, password: PASSWORD });
    expect(first.json()).toMatchObject({ status: 'error', content: { code: 155 } });
    expect(await outbox(ctx.config, email)).toHaveLength(mails);
    const hash = first.json().content.hash;
    const bad = await call(ctx.app, '/profile/session', { hash, code: wrongCode(totpCode(secret, ctx.app.clock())) });
    expect(bad.json().content.code).toBe(1551);
    const ok = await call(ctx.app, '/profile/session', { hash, code: totpCode(secret, ctx.app.clock()) });
    expect(ok.json()).toMatchObject({ status: 'ok', content: { profile: { email } } });
    ctx.advance(30_000);

    const removeWrong = await call(ctx.app, '/profile/totp/delete', { code: wrongCode(totpCode(secret, ctx.app.clock())) }, { token });
    expect(removeWrong.json().content.code).toBe(1551);
    const removed = await call(ctx.app, '/profile/totp/delete', { code: totpCode(secret, ctx.app.clock()) }, { token });
    expect(removed.json()).toMatchObject({ status: 'ok', content: { enabled: false } });
    expect((await call(ctx.app, '/profile/totp/delete', { code: '123456' }, { token })).json().content.code).toBe(162);

    // Back to e-mailed codes.
    const next = await call(ctx.app, '/profile/session', { login: email, password: PASSWORD });
    expect(next.json().content.code).toBe(155);
    expect(loginCode(await lastMail(ctx.config, email))).toMatch(/^\d{6}$/);
  });

  it('limits wrong codes outside login to 5 per 10 minutes per address', async () => {
    const { token } = await signedIn(ctx, 'totp-limit');
    const { secret } = (await call(ctx.app, '/profile/totp/create', {}, { token })).json().content;
    const wrong = wrongCode(totpCode(secret, ctx.app.clock()));
    const ip = nextIp();
    for (let i = 0; i < 5; i++)
      expect((await call(ctx.app, '/profile/totp/confirm', { code: wrong }, { token, ip })).json().content.code).toBe(1551);
    const sixth = await call(ctx.app, '/profile/totp/confirm', { code: totpCode(secret, ctx.app.clock()) }, { token, ip });
    expect(sixth.json()).toMatchObject({ status: 'error', content: { type: 'API', code: 429 } });
    ctx.advance(10 * 60_000 + 1000);
    const later = await call(ctx.app, '/profile/totp/confirm', { code: totpCode(secret, ctx.app.clock()) }, { token, ip });
    expect(later.json()).toMatchObject({ status: 'ok', content: { enabled: true } });
  });

  it('does not refuse the owner at another address for the wrong codes of one address', async () => {
    const { token } = await signedIn(ctx, 'totp-elsewhere');
    const { secret } = (await call(ctx.app, '/profile/totp/create', {}, { token })).json().content;
    const ip = nextIp();
    for (let i = 0; i < 6; i++)
      await call(ctx.app, '/profile/totp/confirm', { code: wrongCode(totpCode(secret, ctx.app.clock())) }, { token, ip });
    const refused = await call(ctx.app, '/profile/totp/confirm', { code: totpCode(secret, ctx.app.clock()) }, { token, ip });
    expect(refused.json()).toMatchObject({ status: 'error', content: { type: 'API', code: 429 } });
    const elsewhere = await call(ctx.app, '/profile/totp/confirm', { code: totpCode(secret, ctx.app.clock()) }, { token, ip: nextIp() });
    expect(elsewhere.json()).toMatchObject({ status: 'ok', content: { enabled: true } });
  });
});

function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}
