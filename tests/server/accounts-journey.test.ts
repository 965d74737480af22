import { existsSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { LoginContentSchema } from '../../src/contracts/accounts';
import {
  type AccountsCtx,
  activationToken,
  call,
  loginCode,
  outbox,
  PASSWORD,
  type ParsedMail,
  uniqueEmail,
  useAccountsApp,
  useSmtpServer,
} from './accounts-support';
import { DIALECTS } from './helpers';

/** The whole journey of DESIGN §8 by its paths; `latest` reads the newest mail to an address. */
async function journey(ctx: AccountsCtx, latest: (email: string) => Promise<ParsedMail>, form: boolean) {
  const email = uniqueEmail(form ? 'journey-form' : 'journey-json');
  const opts = { form };

  const registered = await call(
    ctx.app,
    '/account/',
    { name: 'Journey & Co <b>', email, password: PASSWORD, tos: 1, language: 'en' },
    opts,
  );
  expect(registered.json()).toMatchObject({ status: 'ok', content: { email } });
  const activationMail = await latest(email);
  expect(activationMail.subject).toBe('Activate your Quire account');
  // Mailed to an address not confirmed yet: no text the registrant typed (its name) is in it.
  expect(activationMail.text).toMatch(/^Hello,$/m);
  expect(activationMail.html).not.toContain('Journey');
  expect(activationMail.html).not.toContain('<b>');

  const activated = await call(
    ctx.app,
    '/profile/activate',
    {
      hash: activationToken(activationMail),
      context: 'pro',
      company_activity_sector: 'media',
      job_title: 'publisher',
      company_size: '50-249',
    },
    opts,
  );
  expect(activated.json().status).toBe('ok');
  const first = await call(ctx.app, '/profile/session', { hash: activated.json().content.hash }, opts);
  const firstContent = v.parse(LoginContentSchema, first.json().content);
  expect(firstContent.account).toMatchObject({ context: 'pro', company_size: '50-249' });
  expect(
    (await call(ctx.app, '/profile/session', undefined, { token: firstContent.session.access_token, method: 'DELETE' })).json().status,
  ).toBe('ok');

  // Sign in again: password, e-mailed code, session.
  const step1 = await call(ctx.app, '/profile/session', { login: email, password: PASSWORD }, opts);
  expect(step1.json()).toMatchObject({ status: 'error', content: { code: 155 } });
  const code = loginCode(await latest(email));
  const step2 = await call(ctx.app, '/profile/session', { hash: step1.json().content.hash, code, trust_device: 'no' }, opts);
  const content = v.parse(LoginContentSchema, step2.json().content);
  expect(content.profile).toMatchObject({ email, job_title: 'publisher', isActive: true });
  const token = content.session.access_token;

  const tos = await call(ctx.app, '/profile/tos/accept', {}, { token, form });
  expect(tos.json()).toMatchObject({ status: 'ok', content: { tos: { required: false, accepted: true } } });
  const check = await call(ctx.app, '/profile/session', undefined, { token });
  expect(check.json()).toMatchObject({ status: 'ok', content: { profile: { email } } });
  expect((await call(ctx.app, '/profile/session', undefined, { token, method: 'DELETE' })).json().status).toBe('ok');
  const after = await call(ctx.app, '/profile/session', undefined, { token });
  expect(after.json()).toMatchObject({ status: 'error', content: { type: 'SESSION', code: 149 } });
  return email;
}

describe.each(DIALECTS)('journey through a real SMTP server on %s', (dialect) => {
  const smtp = useSmtpServer();
  // Hooks run in order: the SMTP server listens before the app reads QUIRE_SMTP_URL (a getter).
  const ctx = useAccountsApp(dialect, {
    env: {
      get QUIRE_SMTP_URL() {
        return `smtp://127.0.0.1:${smtp.state.port}`;
      },
      QUIRE_MAIL_FROM: 'Quire Test <books@example.test>',
    },
  });
  const latest = smtp.latest;

  it('register → SMTP mail → activate as pro → login → code → session → terms → logout (JSON bodies)', async () => {
    const email = await journey(ctx, latest, false);
    const mine = smtp.received.filter((r) => r.rcpt.includes(email));
    expect(mine.map((r) => r.mail.subject)).toEqual([
      'Activate your Quire account',
      expect.stringMatching(/^Your Quire sign-in code: \d{6}$/),
    ]);
    expect(mine[0]?.mail.from).toBe('Quire Test <books@example.test>');
    // Nothing went to the outbox folder.
    expect(await outbox(ctx.config)).toEqual([]);
  });
});

describe.each(DIALECTS)('journey with the outbox folder (default) on %s', (dialect) => {
  const ctx = useAccountsApp(dialect);

  it('register → activate → login → code → session → terms → logout (form bodies)', async () => {
    const email = await journey(ctx, async (to) => (await outbox(ctx.config, to)).at(-1) as ParsedMail, true);
    expect(existsSync(path.join(ctx.config.dataDir, 'outbox'))).toBe(true);
    expect((await outbox(ctx.config, email)).map((m) => m.subject)).toEqual([
      'Activate your Quire account',
      expect.stringMatching(/^Your Quire sign-in code: \d{6}$/),
    ]);
  });
});
