import { solveChallenge } from 'altcha-lib/v1';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CaptchaChallengeSchema } from '../../src/contracts/accounts';
import { runCli } from '../../src/server/cli';
import type { Config } from '../../src/server/config';
import { call, nextIp, signedIn, uniqueEmail, useAccountsApp, useSmtpServer } from './accounts-support';
import { DIALECTS } from './helpers';

const SUPPORT = 'support@quire.example';

const messages = (ctx: { app: import('fastify').FastifyInstance }) =>
  ctx.app.db.selectFrom('contact_messages').selectAll().orderBy('created_at').execute();

function envOf(config: Config): Record<string, string> {
  const env: Record<string, string> = { QUIRE_DATA_DIR: config.dataDir, QUIRE_LOG_LEVEL: 'silent' };
  if (config.database.kind === 'postgres') env.QUIRE_DATABASE_URL = config.database.url;
  return env;
}

async function cli(args: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, env, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out, err };
}

describe.each(DIALECTS)('contact messages on %s (dev mode, SMTP)', (dialect) => {
  const smtp = useSmtpServer();
  const ctx = useAccountsApp(dialect, { smtp, env: { QUIRE_SUPPORT_EMAIL: SUPPORT } });

  it('stores a visitor message and mails it to the support address, replying to the sender', async () => {
    const email = uniqueEmail('visitor');
    const res = await call(ctx.app, '/contact/send', {
      name: 'Ada\nBcc: evil@example.com',
      email: email.toUpperCase(),
      text: 'Hello <b>team</b>,\nhow do I embed a book?',
      phone: '+49 (0) 30-1234',
      url: 'https://quire.example/account/book',
    });
    expect(res.json()).toMatchObject({ status: 'ok', content: { id: expect.any(String) } });
    const row = (await messages(ctx)).find((m) => m.email === email);
    expect(row).toMatchObject({
      subject: 'support',
      name: 'Ada Bcc: evil@example.com',
      text: 'Hello <b>team</b>,\nhow do I embed a book?',
      phone: '+49 (0) 30-1234',
      url: 'https://quire.example/account/book',
      profile_id: null,
      mailed_at: expect.any(Number),
    });
    const mail = await smtp.latest(SUPPORT);
    expect(mail.subject).toBe('Contact message from Ada Bcc: evil@example.com');
    expect(mail.text).toContain(`E-mail: ${email}`);
    expect(mail.text).toContain('how do I embed a book?');
    expect(mail.text).toContain('Page: https://quire.example/account/book');
    const received = smtp.received.at(-1);
    expect(received?.rcpt).toEqual([SUPPORT]);
  });

  it('takes the name and e-mail of a signed-in sender from the account (the e-mail is then not required)', async () => {
    const { email, token } = await signedIn(ctx, 'member');
    const res = await call(
      ctx.app,
      '/contact/send',
      { text: 'Please delete my account.', subject: 'deletion', email: 'other@example.com' },
      { token },
    );
    expect(res.json().status).toBe('ok');
    const row = (await messages(ctx)).find((m) => m.id === res.json().content.id);
    expect(row).toMatchObject({ subject: 'deletion', email, name: 'Ada Books', url: '', phone: '' });
    expect(row?.profile_id).toEqual(expect.any(String));
    expect((await smtp.latest(SUPPORT)).subject).toBe('Account deletion request from Ada Books');
  });

  it('refuses invalid messages with VALIDATION and stores nothing', async () => {
    const before = (await messages(ctx)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ text: 'hi' }, 'email', 'validation.required'],
      [{ email: 'not-an-address', text: 'hi' }, 'email', 'validation.email'],
      [{ email: uniqueEmail(), text: '   ' }, 'text', 'validation.required'],
      [{ email: uniqueEmail(), text: 'x'.repeat(5001) }, 'text', 'validation.max'],
      [{ email: uniqueEmail(), text: 'hi', url: 'javascript:alert(1)' }, 'url', 'validation.url'],
      [{ email: uniqueEmail(), text: 'hi', phone: 'call me' }, 'phone', 'validation.invalid'],
      [{ email: uniqueEmail(), text: 'hi', name: 'n'.repeat(121) }, 'name', 'validation.max'],
      [{ email: uniqueEmail(), text: 'hi', subject: 'sales' }, 'subject', 'validation.invalid'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(ctx.app, '/contact/send', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', content: { type: 'VALIDATION', code: 1, message, fields: [field] } });
    }
    expect((await messages(ctx)).length).toBe(before);
  });

  it('limits each address to 5 messages per 10 minutes', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      expect((await call(ctx.app, '/contact/send', { email: uniqueEmail(), text: `m${i}` }, { ip })).json().status).toBe('ok');
    }
    const refused = await call(ctx.app, '/contact/send', { email: uniqueEmail(), text: 'one too many' }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 'error', content: { type: 'API', code: 429 } });
    expect((await messages(ctx)).some((m) => m.text === 'one too many')).toBe(false);
  });

  it('lists the messages with the admin command', async () => {
    const listed = await cli(['contact', 'list'], envOf(ctx.config));
    expect(listed.code).toBe(0);
    expect(listed.out[0]).toBe('created\tsubject\tname\temail\tphone\turl\tmailed\ttext');
    const rows = await messages(ctx);
    expect(listed.out.length).toBe(rows.length + 1);
    expect(listed.err).toEqual([`${rows.length} messages`]);
    // One message, one line: the text's line breaks are spaces.
    expect(listed.out.find((l) => l.includes('how do I embed'))).toMatch(
      /\tsupport\t.*\tyes\tHello <b>team<\/b>, how do I embed a book\?$/,
    );
    const last = await cli(['contact', 'list', '--last', '1'], envOf(ctx.config));
    expect(last.out).toHaveLength(2);
    expect(last.out[1]).toContain(rows.at(-1)?.text);
    expect((await cli(['contact', 'list', '--last', 'x'], envOf(ctx.config))).code).toBe(2);
    expect((await cli(['contact', 'send'], envOf(ctx.config))).code).toBe(2);
  });
});

describe.each(DIALECTS)('contact messages on %s (captcha, no support address)', (dialect) => {
  const ctx = useAccountsApp(dialect, { env: { QUIRE_DEV: '0' } });

  async function solvedCaptcha(): Promise<string> {
    const res = await call(ctx.app, '/public/captcha');
    const challenge = v.parse(CaptchaChallengeSchema, res.json().content);
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
    if (!solution) throw new Error('no solution');
    const { algorithm, signature } = challenge;
    return Buffer.from(
      JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature }),
    ).toString('base64');
  }

  it('requires the captcha outside dev mode (AUTH 130), and stores without mailing when no support address is set', async () => {
    const email = uniqueEmail('captcha');
    const missing = await call(ctx.app, '/contact/send', { email, text: 'no captcha' });
    expect(missing.json()).toMatchObject({ status: 'error', content: { type: 'AUTH', code: 130, fields: ['g-recaptcha-response'] } });
    const wrong = await call(ctx.app, '/contact/send', { email, text: 'bad captcha', 'g-recaptcha-response': 'bm90IGEgc29sdXRpb24=' });
    expect(wrong.json().content.code).toBe(130);
    expect((await messages(ctx)).length).toBe(0);

    const ok = await call(ctx.app, '/contact/send', { email, text: 'with captcha', 'g-recaptcha-response': await solvedCaptcha() });
    expect(ok.json().status).toBe('ok');
    expect(await messages(ctx)).toEqual([expect.objectContaining({ email, text: 'with captcha', mailed_at: null })]);
  });
});
