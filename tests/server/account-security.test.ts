import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecurityOverviewSchema } from '../../src/contracts/security';
import { countryOf, describeAgent } from '../../src/server/accounts/client-info';
import { totpCode } from '../../src/server/auth/totp';
import { isSealed, openSecret, sealPlainSecrets, sealSecret } from '../../src/server/auth/totp-store';
import { type MockProvider, startOAuthProvider } from '../e2e/support/oauth-provider';
import {
  call,
  lastMail,
  login,
  loginCode,
  nextIp,
  outbox,
  PASSWORD,
  registerActive,
  signedIn,
  uniqueEmail,
  useAccountsApp,
} from './accounts-support';
import { DIALECTS } from './helpers';

/**
 * /account/security (issue 16) on both databases: every call of src/server/routes/profile/security.ts
 * and totp.ts, and every refusal, through the app with real mail (outbox) and a local OAuth2 provider.
 */

const NEW_PASSWORD = 'a new horse battery';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

let mock: MockProvider;
const mockEnv: Record<string, string> = {};
beforeAll(async () => {
  mock = await startOAuthProvider();
  Object.assign(mockEnv, mock.env(['google']));
});
afterAll(async () => {
  await mock?.stop();
});

const body = (res: LightMyRequestResponse) =>
  res.json() as { status: string; content: Record<string, unknown> & { code?: number; type?: string } };
const refused = (res: LightMyRequestResponse, type: string, code: number) =>
  expect(body(res)).toMatchObject({ status: 'error', content: { type, code } });
const overview = async (app: FastifyInstance, token: string, headers: Record<string, string> = {}) => {
  const res = await call(app, '/profile/security', undefined, { token, headers });
  expect(body(res).status).toBe('ok');
  return v.parse(SecurityOverviewSchema, body(res).content);
};
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('client descriptions', () => {
  it('reads device class, browser and system from the user agent, and only a country from a public address', () => {
    expect(describeAgent(CHROME)).toEqual({ device: 'desktop', browser: 'Chrome', os: 'Linux' });
    expect(describeAgent(IPHONE)).toEqual({ device: 'phone', browser: 'Safari', os: 'iOS' });
    expect(describeAgent(undefined)).toEqual({ device: 'other', browser: null, os: null });
    expect(countryOf('8.8.8.8')).toBe('US');
    expect(countryOf('::ffff:81.2.69.160')).toBe('GB');
    expect(countryOf('10.1.2.3')).toBeNull();
    expect(countryOf('127.0.0.1')).toBeNull();
    expect(countryOf('not an address')).toBeNull();
  });

  it('seals secrets with AES-GCM bound to the profile', () => {
    const key = new Uint8Array(32).fill(7);
    const sealed = sealSecret(key, 'p1', 'JBSWY3DPEHPK3PXP');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret(key, 'p1', sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(openSecret(key, 'p2', sealed)).toBeNull();
    expect(openSecret(new Uint8Array(32).fill(8), 'p1', sealed)).toBeNull();
    expect(openSecret(key, 'p1', 'JBSWY3DPEHPK3PXP')).toBe('JBSWY3DPEHPK3PXP');
  });
});

describe.each(DIALECTS)('account security on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, { env: mockEnv });

  it('refuses every call to an anonymous caller', async () => {
    for (const url of [
      '/profile/password/change',
      '/profile/password/link',
      '/profile/email/change',
      '/profile/email/confirm',
      '/profile/mfa/email',
      '/profile/sessions/revoke',
      '/profile/devices/revoke',
      '/profile/social/link',
      '/profile/social/unlink',
      '/profile/totp/recovery',
    ])
      refused(await call(ctx.app, url, {}), 'SESSION', 301);
    refused(await call(ctx.app, '/profile/security'), 'SESSION', 301);
  });

  it('shows the overview: address, factors, this session with its browser and country, the providers', async () => {
    const email = uniqueEmail('overview');
    await registerActive(ctx, email);
    const { content } = await login(ctx, email, { ip: '8.8.8.8' });
    const token = content.session.access_token as string;
    const seen = await overview(ctx.app, token);
    expect(seen).toMatchObject({
      email,
      pending_email: null,
      has_password: true,
      mfa_email: true,
      totp: { enabled: false, recovery_codes_left: 0 },
    });
    expect(seen.sessions).toHaveLength(1);
    expect(seen.sessions[0]).toMatchObject({ current: true, country: 'US', device: 'other' });
    expect(seen.devices).toEqual([]);
    expect(seen.social.map((s) => [s.provider, s.enabled, s.linked])).toEqual([
      ['facebook', false, false],
      ['google', true, false],
      ['linkedin', false, false],
    ]);
  });

  it('changes the password with the current one; other sessions end, this one stays, the new one signs in', async () => {
    const { email, token } = await signedIn(ctx, 'password');
    const other = await login(ctx, email);
    const otherToken = other.content.session.access_token as string;
    refused(
      await call(ctx.app, '/profile/password/change', { password: 'wrong password!', new_password: NEW_PASSWORD }, { token }),
      'SECURITY',
      901,
    );
    const invalid = await call(ctx.app, '/profile/password/change', { password: PASSWORD, new_password: 'short' }, { token });
    expect(body(invalid)).toMatchObject({ status: 'error', content: { type: 'VALIDATION' } });
    const sameAsEmail = await call(ctx.app, '/profile/password/change', { password: PASSWORD, new_password: email }, { token });
    expect(body(sameAsEmail)).toMatchObject({ status: 'error', content: { type: 'VALIDATION', fields: ['new_password'] } });

    const changed = await call(ctx.app, '/profile/password/change', { password: PASSWORD, new_password: NEW_PASSWORD }, { token });
    expect(body(changed)).toMatchObject({ status: 'ok', content: { signed_out: 1 } });
    expect((await lastMail(ctx.config, email)).subject).toBe('Your Quire password was changed');
    expect(body(await call(ctx.app, '/profile/security', undefined, { token })).status).toBe('ok');
    refused(await call(ctx.app, '/profile/security', undefined, { token: otherToken }), 'SESSION', 149);
    refused(await call(ctx.app, '/profile/session', { login: email, password: PASSWORD }), 'AUTH', 100);
    const again = await call(ctx.app, '/profile/session', { login: email, password: NEW_PASSWORD });
    expect(body(again).content.code).toBe(155);
  });

  it('counts wrong current passwords: after 5 from one address that address is refused', async () => {
    const { token } = await signedIn(ctx, 'password-limit');
    const ip = nextIp();
    for (let i = 0; i < 5; i++)
      refused(
        await call(ctx.app, '/profile/mfa/email', { enabled: false, password: `wrong password ${i}` }, { token, ip }),
        'SECURITY',
        901,
      );
    refused(await call(ctx.app, '/profile/mfa/email', { enabled: false, password: PASSWORD }, { token, ip }), 'API', 429);
    expect(body(await call(ctx.app, '/profile/mfa/email', { enabled: false, password: PASSWORD }, { token, ip: nextIp() })).status).toBe(
      'ok',
    );
  });

  it('switches the e-mailed code off (password only at sign-in) and on again, with the current password', async () => {
    const { email, token } = await signedIn(ctx, 'mfa-email');
    refused(await call(ctx.app, '/profile/mfa/email', { enabled: false, password: 'not my password' }, { token }), 'SECURITY', 901);
    const off = await call(ctx.app, '/profile/mfa/email', { enabled: false, password: PASSWORD }, { token });
    expect(body(off)).toMatchObject({ status: 'ok', content: { mfa_email: false } });
    expect((await overview(ctx.app, token)).mfa_email).toBe(false);
    const mails = (await outbox(ctx.config, email)).length;
    const first = await call(ctx.app, '/profile/session', { login: email, password: PASSWORD });
    expect(body(first).status).toBe('ok');
    expect(body(await call(ctx.app, '/profile/session', { hash: body(first).content.hash })).status).toBe('ok');
    expect(await outbox(ctx.config, email)).toHaveLength(mails);

    expect(body(await call(ctx.app, '/profile/mfa/email', { enabled: true, password: PASSWORD }, { token })).content.mfa_email).toBe(true);
    expect(body(await call(ctx.app, '/profile/session', { login: email, password: PASSWORD })).content.code).toBe(155);
  });

  it('changes the e-mail address only once the link to the new one is confirmed; the old one gets a notice', async () => {
    const { email, token } = await signedIn(ctx, 'email-old');
    const next = uniqueEmail('email-new');
    refused(await call(ctx.app, '/profile/email/change', { email, password: PASSWORD }, { token }), 'SECURITY', 903);
    refused(await call(ctx.app, '/profile/email/change', { email: next, password: 'not my password' }, { token }), 'SECURITY', 901);
    const asked = await call(ctx.app, '/profile/email/change', { email: next.toUpperCase(), password: PASSWORD }, { token });
    expect(body(asked)).toMatchObject({ status: 'ok', content: { email: next } });
    const link = await lastMail(ctx.config, next);
    expect(link.subject).toBe('Confirm your new Quire e-mail address');
    const hash = /\/account\/security#confirm_email-([\w-]+)/.exec(link.text)?.[1] as string;
    expect(hash).toBeTruthy();
    const notice = await lastMail(ctx.config, email);
    expect(notice.subject).toBe('A change of your Quire e-mail address was requested');
    expect(notice.text).toContain(next);
    expect((await overview(ctx.app, token)).pending_email).toMatchObject({ email: next });
    expect((await overview(ctx.app, token)).email).toBe(email);

    // Another profile cannot use the link; nor can a made-up one.
    const stranger = await signedIn(ctx, 'email-stranger');
    refused(await call(ctx.app, '/profile/email/confirm', { hash }, { token: stranger.token }), 'SECURITY', 904);
    refused(await call(ctx.app, '/profile/email/confirm', { hash: 'x'.repeat(43) }, { token }), 'SECURITY', 904);

    const confirmed = await call(ctx.app, '/profile/email/confirm', { hash }, { token });
    expect(body(confirmed)).toMatchObject({ status: 'ok', content: { email: next } });
    refused(await call(ctx.app, '/profile/email/confirm', { hash }, { token }), 'SECURITY', 904);
    expect(await overview(ctx.app, token)).toMatchObject({ email: next, pending_email: null });
    expect(body(await call(ctx.app, '/profile/session', { login: next, password: PASSWORD })).content.code).toBe(155);
    refused(await call(ctx.app, '/profile/session', { login: email, password: PASSWORD }), 'AUTH', 100);
  });

  it('refuses an address another account has without saying so: that address is told, nothing changes', async () => {
    const { email, token } = await signedIn(ctx, 'email-taker');
    const other = await signedIn(ctx, 'email-taken');
    const asked = await call(ctx.app, '/profile/email/change', { email: other.email, password: PASSWORD }, { token });
    expect(body(asked)).toMatchObject({ status: 'ok', content: { email: other.email } });
    const told = await lastMail(ctx.config, other.email);
    expect(told.subject).toBe('This address already has a Quire account');
    expect(told.text).not.toMatch(/confirm_email/);
    expect(await overview(ctx.app, token)).toMatchObject({ email, pending_email: null });

    // Taken between the link and its confirmation: refused then (the confirming person owns the mailbox).
    const free = uniqueEmail('email-race');
    await call(ctx.app, '/profile/email/change', { email: free, password: PASSWORD }, { token });
    const hash = /#confirm_email-([\w-]+)/.exec((await lastMail(ctx.config, free)).text)?.[1] as string;
    await ctx.app.db.updateTable('profiles').set({ email: free }).where('email', '=', other.email).execute();
    refused(await call(ctx.app, '/profile/email/confirm', { hash }, { token }), 'SECURITY', 905);
    expect((await overview(ctx.app, token)).email).toBe(email);
  });

  it('expires the confirmation link after a day', async () => {
    const { email, token } = await signedIn(ctx, 'email-late');
    const next = uniqueEmail('email-late-new');
    await call(ctx.app, '/profile/email/change', { email: next, password: PASSWORD }, { token });
    const hash = /#confirm_email-([\w-]+)/.exec((await lastMail(ctx.config, next)).text)?.[1] as string;
    ctx.advance(86_400_000 + 1000);
    const fresh = (await login(ctx, email)).content.session.access_token as string;
    refused(await call(ctx.app, '/profile/email/confirm', { hash }, { token: fresh }), 'SECURITY', 904);
    expect((await overview(ctx.app, fresh)).pending_email).toBeNull();
  });

  it('lists sessions with device, browser, country and last seen; revokes another one, never the current one', async () => {
    const { email, token, content } = await signedIn(ctx, 'sessions');
    const phone = await loginWith(ctx, email, { 'user-agent': IPHONE }, '81.2.69.160');
    const list = (await overview(ctx.app, token)).sessions;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ id: content.session.id, current: true });
    const other = list[1];
    expect(other).toMatchObject({ current: false, device: 'phone', browser: 'Safari', os: 'iOS', country: 'GB' });

    refused(await call(ctx.app, '/profile/sessions/revoke', { id: content.session.id }, { token }), 'SECURITY', 906);
    refused(await call(ctx.app, '/profile/sessions/revoke', { id: 'a'.repeat(20) }, { token }), 'SECURITY', 907);
    const stranger = await signedIn(ctx, 'sessions-stranger');
    refused(await call(ctx.app, '/profile/sessions/revoke', { id: other?.id }, { token: stranger.token }), 'SECURITY', 907);
    expect(body(await call(ctx.app, '/profile/sessions/revoke', { id: 'not-an-id' }, { token })).content.type).toBe('VALIDATION');

    const revoked = await call(ctx.app, '/profile/sessions/revoke', { id: other?.id }, { token });
    expect(body(revoked).status).toBe('ok');
    expect((body(revoked).content.sessions as unknown[]).length).toBe(1);
    refused(await call(ctx.app, '/profile/security', undefined, { token: phone }), 'SESSION', 149);
    refused(await call(ctx.app, '/profile/sessions/revoke', { id: other?.id }, { token }), 'SECURITY', 907);
  });

  it('marks a session seen on refresh, at most once a minute', async () => {
    const { token, content } = await signedIn(ctx, 'seen');
    const row = () => ctx.app.db.selectFrom('sessions').selectAll().where('id', '=', content.session.id).executeTakeFirstOrThrow();
    const first = Number((await row()).last_seen_at);
    ctx.advance(30_000);
    await call(ctx.app, '/profile/session', undefined, { token });
    expect(Number((await row()).last_seen_at)).toBe(first);
    ctx.advance(40_000);
    await call(ctx.app, '/profile/session', undefined, { token, ip: '8.8.8.8' });
    const after = await row();
    expect(Number(after.last_seen_at)).toBeGreaterThan(first);
    expect(after.country).toBe('US');
  });

  it('lists trusted devices and revokes one: that browser is asked for the code again', async () => {
    const { email, token } = await signedIn(ctx, 'devices');
    const trusted = await login(ctx, email, { trust: true });
    const cookie = String(trusted.response.headers['set-cookie']).match(/quire_device=[^;]+/)?.[0] as string;
    const seen = await overview(ctx.app, token, { cookie });
    expect(seen.devices).toHaveLength(1);
    expect(seen.devices[0]).toMatchObject({ current: true });
    expect((await overview(ctx.app, token)).devices[0]?.current).toBe(false);
    const id = seen.devices[0]?.id as string;
    expect(id).toMatch(/^[a-f0-9]{20}$/);
    expect(body(await call(ctx.app, '/profile/session', { login: email, password: PASSWORD }, { cookie })).status).toBe('ok');

    const stranger = await signedIn(ctx, 'devices-stranger');
    refused(await call(ctx.app, '/profile/devices/revoke', { id }, { token: stranger.token }), 'SECURITY', 908);
    const revoked = await call(ctx.app, '/profile/devices/revoke', { id }, { token });
    expect(body(revoked)).toMatchObject({ status: 'ok', content: { devices: [] } });
    refused(await call(ctx.app, '/profile/devices/revoke', { id }, { token }), 'SECURITY', 908);
    expect(body(await call(ctx.app, '/profile/session', { login: email, password: PASSWORD }, { cookie })).content.code).toBe(155);
  });

  it('enrols an authenticator app: sealed secret, ten recovery codes, each usable once, a code once in its window', async () => {
    const { email, token } = await signedIn(ctx, 'totp');
    const { secret } = body(await call(ctx.app, '/profile/totp/create', {}, { token })).content as { secret: string };
    const stored = await ctx.app.db
      .selectFrom('profiles')
      .select(['id', 'totp_pending'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(stored.totp_pending && isSealed(stored.totp_pending)).toBe(true);
    expect(stored.totp_pending).not.toContain(secret);
    expect(openSecret(ctx.app.keys.totp, stored.id, stored.totp_pending as string)).toBe(secret);

    const code = totpCode(secret, ctx.app.clock());
    const confirmed = body(await call(ctx.app, '/profile/totp/confirm', { code }, { token }));
    const codes = confirmed.content.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await overview(ctx.app, token)).totp).toEqual({ enabled: true, recovery_codes_left: 10 });
    const rows = await ctx.app.db.selectFrom('recovery_codes').selectAll().where('profile_id', '=', stored.id).execute();
    expect(rows.map((r) => r.code_hash).join()).not.toContain(codes[0]?.replace('-', ''));

    // The code that confirmed the app is spent: signing in with it in the same window fails.
    const hash = async () => body(await call(ctx.app, '/profile/session', { login: email, password: PASSWORD })).content.hash as string;
    refused(await call(ctx.app, '/profile/session', { hash: await hash(), code }), 'AUTH', 1551);
    ctx.advance(30_000);
    const next = totpCode(secret, ctx.app.clock());
    expect(body(await call(ctx.app, '/profile/session', { hash: await hash(), code: next })).status).toBe('ok');
    refused(await call(ctx.app, '/profile/session', { hash: await hash(), code: next }), 'AUTH', 1551);

    // A recovery code instead of the app's code, once (any case, without the dash).
    const recovery = codes[3] as string;
    refused(await call(ctx.app, '/profile/session', { hash: await hash(), recovery_code: 'aaaaa-aaaaa' }), 'AUTH', 1551);
    const used = await call(ctx.app, '/profile/session', { hash: await hash(), recovery_code: recovery.replace('-', '').toUpperCase() });
    expect(body(used).status).toBe('ok');
    refused(await call(ctx.app, '/profile/session', { hash: await hash(), recovery_code: recovery }), 'AUTH', 1551);
    expect((await overview(ctx.app, token)).totp.recovery_codes_left).toBe(9);
    const both = await call(ctx.app, '/profile/session', { hash: await hash(), code: next, recovery_code: codes[4] });
    expect(body(both).content.type).toBe('VALIDATION');

    // Regenerating replaces them all.
    ctx.advance(30_000);
    refused(await call(ctx.app, '/profile/totp/recovery', { code: wrongCode(totpCode(secret, ctx.app.clock())) }, { token }), 'AUTH', 1551);
    const renewed = body(await call(ctx.app, '/profile/totp/recovery', { code: totpCode(secret, ctx.app.clock()) }, { token }));
    const fresh = renewed.content.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    refused(await call(ctx.app, '/profile/session', { hash: await hash(), recovery_code: codes[5] }), 'AUTH', 1551);
    expect((await overview(ctx.app, token)).totp.recovery_codes_left).toBe(10);

    // Removal with a recovery code (a lost phone); then back to the e-mailed code.
    refused(await call(ctx.app, '/profile/totp/delete', {}, { token }), 'VALIDATION', 1);
    expect(body(await call(ctx.app, '/profile/totp/delete', { recovery_code: fresh[0] }, { token })).content).toMatchObject({
      enabled: false,
    });
    expect((await overview(ctx.app, token)).totp).toEqual({ enabled: false, recovery_codes_left: 0 });
    refused(await call(ctx.app, '/profile/totp/recovery', { code: '123456' }, { token }), 'AUTH', 162);
    expect(body(await call(ctx.app, '/profile/session', { login: email, password: PASSWORD })).content.code).toBe(155);
    expect(loginCode(await lastMail(ctx.config, email))).toMatch(/^\d{6}$/);
    // Recovery codes are not accepted for an e-mailed code.
    refused(await call(ctx.app, '/profile/session', { hash: await hash(), recovery_code: fresh[1] }), 'AUTH', 1551);
  });

  it('seals secrets left in plain text when the server starts', async () => {
    const { email } = await signedIn(ctx, 'legacy');
    await ctx.app.db.updateTable('profiles').set({ totp_secret: 'JBSWY3DPEHPK3PXP' }).where('email', '=', email).execute();
    expect(await sealPlainSecrets(ctx.app.db, ctx.app.keys.totp)).toBeGreaterThanOrEqual(1);
    const row = await ctx.app.db.selectFrom('profiles').select(['id', 'totp_secret']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(isSealed(row.totp_secret as string)).toBe(true);
    expect(openSecret(ctx.app.keys.totp, row.id, row.totp_secret as string)).toBe('JBSWY3DPEHPK3PXP');
    expect(await sealPlainSecrets(ctx.app.db, ctx.app.keys.totp)).toBe(0);
  });

  it('mails a link to set a password (a profile without one)', async () => {
    const { email, token } = await signedIn(ctx, 'set-password');
    await ctx.app.db.updateTable('profiles').set({ password_hash: null }).where('email', '=', email).execute();
    expect((await overview(ctx.app, token)).has_password).toBe(false);
    refused(
      await call(ctx.app, '/profile/password/change', { password: PASSWORD, new_password: NEW_PASSWORD }, { token }),
      'SECURITY',
      902,
    );
    refused(await call(ctx.app, '/profile/mfa/email', { enabled: false, password: PASSWORD }, { token }), 'SECURITY', 902);
    expect(body(await call(ctx.app, '/profile/password/link', {}, { token }))).toMatchObject({ status: 'ok', content: { email } });
    expect((await lastMail(ctx.config, email)).text).toMatch(/\/reset#hash-/);
  });

  it('links a social sign-in through the provider and unlinks it; refuses the last way to sign in', async () => {
    const { email, token, response } = await signedIn(ctx, 'social');
    const cookie = String(response.headers['set-cookie']).match(/quire_token=[^;]+/)?.[0] as string;
    refused(await call(ctx.app, '/profile/social/link', { provider: 'facebook' }, { token }), 'AUTH', 170);
    refused(await call(ctx.app, '/profile/social/unlink', { provider: 'google' }, { token }), 'SECURITY', 909);

    const sub = `google-link-${process.pid}`;
    const landing = await linkThrough(ctx.app, token, cookie, { subject: sub, email: 'someone.else@example.net', emailVerified: true });
    expect(landing).toBe('/account/security#linked-google');
    const social = (await overview(ctx.app, token)).social.find((s) => s.provider === 'google');
    expect(social).toMatchObject({ linked: true, email: 'someone.else@example.net' });

    // The same provider identity cannot go to another profile; a second google identity is refused here.
    const other = await signedIn(ctx, 'social-other');
    const otherCookie = String(other.response.headers['set-cookie']).match(/quire_token=[^;]+/)?.[0] as string;
    expect(await linkThrough(ctx.app, other.token, otherCookie, { subject: sub, email: 'x@example.net' })).toBe(
      '/account/security#link_error-911',
    );
    expect(await linkThrough(ctx.app, token, cookie, { subject: `${sub}-2`, email: 'y@example.net' })).toBe(
      '/account/security#link_error-912',
    );
    // Started by one profile, landing in a browser signed in as another: refused.
    expect(await linkThrough(ctx.app, token, otherCookie, { subject: `${sub}-3`, email: 'z@example.net' })).toBe(
      '/account/security#link_error-171',
    );

    // Without a password, the only identity cannot be unlinked.
    await ctx.app.db.updateTable('profiles').set({ password_hash: null }).where('email', '=', email).execute();
    refused(await call(ctx.app, '/profile/social/unlink', { provider: 'google' }, { token }), 'SECURITY', 910);
    await ctx.app.db.updateTable('profiles').set({ password_hash: 'x' }).where('email', '=', email).execute();
    const unlinked = await call(ctx.app, '/profile/social/unlink', { provider: 'google' }, { token });
    expect(body(unlinked).status).toBe('ok');
    expect((await overview(ctx.app, token)).social.find((s) => s.provider === 'google')?.linked).toBe(false);
  });
});

/** A sign-in with the browser's headers and address: answers its token. */
async function loginWith(
  ctx: { app: FastifyInstance; config: import('../../src/server/config').Config },
  email: string,
  headers: Record<string, string>,
  ip: string,
) {
  const first = await call(ctx.app, '/profile/session', { login: email, password: PASSWORD }, { headers, ip });
  const code = loginCode(await lastMail(ctx.config, email));
  const second = await call(ctx.app, '/profile/session', { hash: body(first).content.hash, code }, { headers, ip });
  return (body(second).content.session as { access_token: string }).access_token;
}

/** Link google from /account/security: POST link → the provider approves → our callback in the same browser. */
async function linkThrough(
  app: FastifyInstance,
  token: string,
  sessionCookie: string,
  user: { subject: string; email: string; emailVerified?: boolean },
) {
  mock.nextUser('google', user);
  const started = await call(app, '/profile/social/link', { provider: 'google' }, { token });
  expect(body(started).status).toBe('ok');
  const state = String(started.headers['set-cookie']).match(/quire_oauth_google=[^;]+/)?.[0] as string;
  const approved = await fetch(String(body(started).content.url), { redirect: 'manual' });
  const back = new URL(String(approved.headers.get('location')));
  const res = await app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: `${state}; ${sessionCookie}` },
    remoteAddress: nextIp(),
  });
  expect(res.statusCode).toBe(302);
  const url = new URL(String(res.headers.location));
  return `${url.pathname}${url.hash}`;
}
