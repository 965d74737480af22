import { setTimeout as sleepFor } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { slowDownMs } from '../../src/server/accounts/failures';
import { sha256 } from '../../src/server/auth/crypto';
import { LIMITS, SLOW_DOWN } from '../../src/server/auth/limiter';
import { call, login, loginCode, nextIp, PASSWORD, registerActive, uniqueEmail, useAccountsApp, useSmtpServer } from './accounts-support';
import { DIALECTS } from './helpers';

const WARNING = 'Failed sign-in attempts on your Quire account';

/**
 * Issue 12 item 7: failures from one address never lock the owner out elsewhere. Wrong passwords and
 * codes count per (account, address), refused beyond 10 a minute; per account beyond 20 an hour each
 * attempt waits (0.5 s doubling, at most 3 s) and the owner is mailed once.
 */
describe.each(DIALECTS)('sign-in failures per account and address on %s', (dialect) => {
  const smtp = useSmtpServer();
  /** Every wait the app asked for, in ms (it still waits for real). */
  const waits: number[] = [];
  const ctx = useAccountsApp(dialect, {
    smtp,
    deps: {
      sleep: async (ms) => {
        waits.push(ms);
        await sleepFor(ms);
      },
    },
  });
  const warnings = (email: string) => smtp.received.filter((r) => r.rcpt.includes(email) && r.mail.subject === WARNING);
  const wrong = (email: string, ip: string, i = 0) => call(ctx.app, '/profile/session', { login: email, password: `guess ${i}` }, { ip });

  it('waits 0.5 s, doubling, at most 3 s beyond the account ceiling', () => {
    const max = LIMITS.accountFailures.max;
    expect([max - 1, max, max + 1, max + 2, max + 3, max + 50, max + 5000].map(slowDownMs)).toEqual([0, 500, 1000, 2000, 3000, 3000, 3000]);
    expect(SLOW_DOWN.maxMs).toBeLessThanOrEqual(3000);
  });

  it('beyond the account ceiling slows every address down, mails the owner once, and lets the owner in', async () => {
    const email = uniqueEmail('ceiling');
    await registerActive(ctx, email);
    waits.length = 0;

    // 20 wrong passwords from two addresses (10 each, the most one address may try): no wait yet.
    for (const ip of [nextIp(), nextIp()]) {
      for (let i = 0; i < 10; i++) expect((await wrong(email, ip, i)).json().content.code).toBe(100);
    }
    expect(waits).toEqual([]);
    // The 20th failure reached the ceiling: one mail to the owner, in their language, through SMTP.
    expect(warnings(email)).toHaveLength(1);
    const mail = warnings(email)[0]?.mail;
    expect(mail?.text).toContain('There have been 20 failed attempts to sign in to your account');
    expect(mail?.text).toContain('within 60 minutes');

    // From a third address: each attempt now waits first (for real), longer each time; still AUTH 100.
    const third = nextIp();
    const started = performance.now();
    expect((await wrong(email, third)).json().content.code).toBe(100);
    expect(performance.now() - started).toBeGreaterThanOrEqual(490);
    expect((await wrong(email, third, 1)).json().content.code).toBe(100);
    expect(waits).toEqual([500, 1000]);
    // More failures in the window mail nobody again.
    expect(warnings(email)).toHaveLength(1);

    // The owner, from another address, is slowed down (password, then code) but never refused.
    waits.length = 0;
    const { content } = await login(ctx, email, { ip: nextIp() });
    expect(content.profile.email).toBe(email);
    expect(waits).toEqual([2000, 2000]);

    // Signing in cleared the account's failures: the next wrong password waits for nothing.
    waits.length = 0;
    expect((await wrong(email, nextIp())).json().content.code).toBe(100);
    expect(waits).toEqual([]);
    expect(warnings(email)).toHaveLength(1);
  }, 60_000);

  it('starts the account count afresh after its window (an hour)', async () => {
    const email = uniqueEmail('window');
    await registerActive(ctx, email);
    for (let n = 0; n < LIMITS.accountFailures.max; n++) await wrong(email, nextIp(), n);
    expect(warnings(email)).toHaveLength(1);
    ctx.advance(LIMITS.accountFailures.windowMs + 1000);
    waits.length = 0;
    expect((await wrong(email, nextIp())).json().content.code).toBe(100);
    expect(waits).toEqual([]);
  });

  it('counts wrong login codes like wrong passwords: the guessing address is refused, the owner is not', async () => {
    const email = uniqueEmail('codes');
    await registerActive(ctx, email);
    // Someone who knows the password guesses codes from one address: 2 challenges × 5 wrong codes.
    const guesser = nextIp();
    for (let round = 0; round < 2; round++) {
      const first = await call(ctx.app, '/profile/session', { login: email, password: PASSWORD }, { ip: guesser });
      expect(first.json().content.code).toBe(155);
      const code = loginCode(await smtp.latest(email));
      const bad = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        const res = await call(ctx.app, '/profile/session', { hash: first.json().content.hash, code: bad }, { ip: guesser });
        expect(res.json().content.code).toBe(1551);
      }
    }
    // That address is refused now, for the password step and for the code step alike.
    const third = await call(ctx.app, '/profile/session', { login: email, password: PASSWORD }, { ip: guesser });
    expect(third.json()).toMatchObject({ status: 'error', content: { type: 'AUTH', code: 101 } });

    const owner = nextIp();
    const first = await call(ctx.app, '/profile/session', { login: email, password: PASSWORD }, { ip: owner });
    expect(first.json().content.code).toBe(155);
    const hash: string = first.json().content.hash;
    const code = loginCode(await smtp.latest(email));
    const stolen = await call(ctx.app, '/profile/session', { hash, code }, { ip: guesser });
    expect(stolen.json()).toMatchObject({ status: 'error', content: { type: 'AUTH', code: 101 } });
    // Refused before the code was looked at: the owner's challenge kept all its tries.
    const row = await ctx.app.db
      .selectFrom('login_challenges')
      .select('attempts')
      .where('hash', '=', sha256(hash))
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(0);
    const confirmed = await call(ctx.app, '/profile/session', { hash, code }, { ip: owner });
    expect(confirmed.json()).toMatchObject({ status: 'ok', content: { profile: { email } } });
  });
});
