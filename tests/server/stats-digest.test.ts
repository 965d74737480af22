import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/contracts/languages';
import { loadTranslators } from '../../src/server/i18n';
import { type MailData, renderMail } from '../../src/server/mail/templates';
import { digestWeek, mondayOf, nextDigestAt, sendDigests } from '../../src/server/stats/digest';
import { call, login, registerActive, uniqueEmail, useAccountsApp, useSmtpServer } from './accounts-support';
import { DIALECTS } from './helpers';
import { makeBook } from './reader-support';

/**
 * The weekly statistics digest (issue 17): the Monday job of the account jobs' runner mails, through a
 * real SMTP server, each active profile that switched the digest on and whose account had views the
 * week before: its numbers against the week before, its three most viewed publications, the links; in
 * the profile's language; once per week; then it queues the next Monday's job.
 */

const WEDNESDAY = Date.parse('2026-11-18T12:00:00Z');
const MONDAY = Date.parse('2026-11-23T07:00:00Z');
const DAY = 86_400_000;

async function waitFor<T>(what: () => Promise<T | undefined> | T | undefined, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the digest week', () => {
  it('starts on Monday (UTC) and goes out on Monday morning', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-18')).toBe('2026-11-16');
    expect(digestWeek(MONDAY)).toEqual({ from: '2026-11-16', to: '2026-11-22', previous: { from: '2026-11-09', to: '2026-11-15' } });
    expect(digestWeek(Date.parse('2026-11-29T23:59:59Z')).from).toBe('2026-11-16');
    expect(nextDigestAt(WEDNESDAY)).toBe(Date.parse('2026-11-23T06:00:00Z'));
    expect(nextDigestAt(Date.parse('2026-11-23T05:59:59Z'))).toBe(Date.parse('2026-11-23T06:00:00Z'));
    expect(nextDigestAt(Date.parse('2026-11-23T06:00:00Z'))).toBe(Date.parse('2026-11-30T06:00:00Z'));
  });
});

describe('the digest mail', () => {
  const data: MailData = {
    kind: 'statsDigest',
    name: 'Ada',
    from: '2026-11-16',
    to: '2026-11-22',
    totals: { views: 1, readers: 0, reads: 12 },
    previous: { views: 0, readers: 0, reads: 24 },
    top: [{ name: '<b>Bold</b> & "quoted"', views: 1 }],
    url: 'https://q.test/account/stats',
    settingsUrl: 'https://q.test/account/notification',
  };

  it('is written in every language, every placeholder filled, the publication names escaped', () => {
    const translators = loadTranslators();
    const subjects = new Set<string>();
    for (const lang of LANGUAGES) {
      const mail = renderMail(data, translators(lang), lang);
      subjects.add(mail.subject);
      expect(mail.subject, lang).toContain('1');
      expect(mail.text, lang).not.toMatch(/\{\w+|mail\./);
      expect(mail.text, lang).toContain('https://q.test/account/stats');
      expect(mail.text, lang).toContain('https://q.test/account/notification');
      expect(mail.html, lang).not.toContain('<b>Bold</b>');
      expect(mail.html, lang).toContain('&lt;b&gt;Bold&lt;/b&gt;');
    }
    expect(subjects.size).toBe(LANGUAGES.length);
    const en = renderMail(data, translators('en'), 'en');
    expect(en.subject).toBe('Your week on Quire: 1 view');
    expect(en.text).toContain('Views: 1 (none the week before)');
    expect(en.text).toContain('Readers: 0 (as many as the week before)');
    expect(en.text).toContain('Reads: 12 (−50% on the week before)');
    expect(en.text).toContain('<b>Bold</b> & "quoted": 1 view');
  });
});

describe.each(DIALECTS)('weekly statistics digest on %s', (dialect) => {
  let now = WEDNESDAY;
  const smtp = useSmtpServer();
  const ctx = useAccountsApp(dialect, {
    smtp,
    env: { QUIRE_CONVERT_CONCURRENCY: '0', QUIRE_ACCOUNT_JOBS: '1', QUIRE_PUBLIC_URL: 'https://books.example.org' },
    deps: { clock: () => now },
  });
  const people: Record<'keen' | 'german' | 'quiet' | 'idle', { email: string; token: string; account: string }> = {} as never;
  const books: string[] = [];

  /** A new active owner in `language`, the digest switched on or not. */
  async function owner(language: string, digest: boolean) {
    const email = uniqueEmail('digest');
    await registerActive(ctx, email, { language });
    const { content } = await login(ctx, email);
    const token = content.session.access_token as string;
    if (digest) {
      const saved = await call(
        ctx.app,
        '/profile/subscription/update',
        { values: JSON.stringify({ statistics_digest: true }) },
        { token, form: true },
      );
      expect(saved.json().status).toBe('ok');
    }
    return { email, token, account: content.account.id as string };
  }
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const daily = (book: string, account: string, when: string, views: number, readers: number, reads: number) => ({
    book_id: book,
    account_id: account,
    day: when,
    views,
    readers,
    reads,
  });

  beforeAll(async () => {
    people.keen = await owner('en', true);
    people.german = await owner('de', true);
    people.quiet = await owner('en', false);
    people.idle = await owner('en', true);
    const names = ['Harbour guide', 'Winter menu', 'Annual report', 'Price list'];
    for (const name of names) books.push(await makeBook(ctx.app, people.keen.account, { name, pages: 2 }));
    const german = await makeBook(ctx.app, people.german.account, { name: 'Katalog', pages: 2 });
    const quiet = await makeBook(ctx.app, people.quiet.account, { name: 'Quiet', pages: 2 });
    const idle = await makeBook(ctx.app, people.idle.account, { name: 'Idle', pages: 2 });
    const [a = '', b = '', c = '', d = ''] = books;
    const k = people.keen.account;
    await ctx.app.db
      .insertInto('stats_daily')
      .values([
        // Last week (16–22 Nov): views 40 + 25 + 30 + 5 = 100, readers 60, reads 30.
        daily(a, k, '2026-11-16', 30, 20, 10),
        daily(a, k, '2026-11-22', 10, 5, 2),
        daily(b, k, '2026-11-18', 25, 15, 8),
        daily(c, k, '2026-11-20', 30, 17, 9),
        daily(d, k, '2026-11-21', 5, 3, 1),
        // The week before (9–15 Nov): views 80, readers 60, reads 40.
        daily(a, k, '2026-11-09', 50, 40, 30),
        daily(b, k, '2026-11-15', 30, 20, 10),
        // Neither week: not counted.
        daily(a, k, '2026-11-23', 999, 999, 999),
        daily(a, k, '2026-11-08', 999, 999, 999),
        daily(german, people.german.account, '2026-11-17', 7, 6, 5),
        daily(quiet, people.quiet.account, '2026-11-17', 9, 9, 9),
        // Data the week before only: nothing to tell about last week.
        daily(idle, people.idle.account, '2026-11-10', 9, 9, 9),
      ])
      .execute();
  });

  it('queues the next Monday’s job when the app starts', async () => {
    const job = await ctx.app.db.selectFrom('jobs').selectAll().where('kind', '=', 'statsDigest').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ id: 'stats-digest-2026-11-23', state: 'queued' });
    expect(Number(job.run_at)).toBe(Date.parse('2026-11-23T06:00:00Z'));
  });

  it('mails each owner who wants it on Monday, once, in their language, then queues the next week', async () => {
    const before = smtp.received.length;
    now = MONDAY;
    ctx.app.privacyJobs.wake();
    const digestTo = (email: string) => smtp.received.slice(before).find((r) => r.rcpt.includes(email))?.mail;
    const mail = await waitFor(() => digestTo(people.keen.email));
    const german = await waitFor(() => digestTo(people.german.email));
    await waitFor(async () => {
      const row = await ctx.app.db.selectFrom('jobs').select('state').where('id', '=', 'stats-digest-2026-11-23').executeTakeFirst();
      return row?.state === 'done' ? true : undefined;
    });
    expect(mail.subject).toBe('Your week on Quire: 100 views');
    expect(mail.text).toContain('Here is how your publications did from November 16, 2026 to November 22, 2026.');
    expect(mail.text).toContain('Views: 100 (+25% on the week before)');
    expect(mail.text).toContain('Readers: 60 (as many as the week before)');
    expect(mail.text).toContain('Reads: 30 (−25% on the week before)');
    // The three most viewed publications of the week, most viewed first; the fourth is left out.
    const top = mail.text.indexOf('Your most viewed publications:');
    expect(top).toBeGreaterThan(0);
    const order = ['Harbour guide: 40 views', 'Annual report: 30 views', 'Winter menu: 25 views'].map((line) => mail.text.indexOf(line));
    expect(order.every((at, i) => at > top && (i === 0 || at > (order[i - 1] ?? 0)))).toBe(true);
    expect(mail.text).not.toContain('Price list');
    expect(mail.text).toContain('https://books.example.org/account/stats');
    expect(mail.text).toContain('https://books.example.org/account/notification');
    expect(mail.text).toContain('switch off "Weekly statistics digest"');
    expect(mail.html).toContain('href="https://books.example.org/account/stats"');
    // In the owner's language, through the same catalogs as every mail.
    expect(german.text).toContain('https://books.example.org/account/stats');
    expect(german.subject).not.toBe('Your week on Quire: 7 views');
    expect(german.subject).toContain('7');
    // Nobody else: not the owner who did not switch it on, nor the one without views last week.
    const sent = smtp.received.slice(before).flatMap((r) => r.rcpt);
    expect(sent.sort()).toEqual([people.keen.email, people.german.email].sort());
    // The next Monday's job is queued.
    const next = await ctx.app.db.selectFrom('jobs').selectAll().where('id', '=', 'stats-digest-2026-11-30').executeTakeFirstOrThrow();
    expect(next).toMatchObject({ kind: 'statsDigest', state: 'queued' });
    expect(Number(next.run_at)).toBe(Date.parse('2026-11-30T06:00:00Z'));

    // A second run of the same week sends nothing.
    const deps = { db: ctx.app.db, config: ctx.app.config, mailer: ctx.app.mailer, log: ctx.app.log, clock: () => now };
    expect(await sendDigests(deps, MONDAY + 3_600_000)).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received.slice(before)).toHaveLength(2);
    const recorded = await ctx.app.db.selectFrom('stats_digests').selectAll().where('week', '=', '2026-11-16').execute();
    expect(recorded).toHaveLength(2);
  });

  it('follows the switch: off stops the mail, and the next week is a new digest', async () => {
    const deps = { db: ctx.app.db, config: ctx.app.config, mailer: ctx.app.mailer, log: ctx.app.log, clock: () => now };
    const off = await call(
      ctx.app,
      '/profile/subscription/update',
      { values: JSON.stringify({ statistics_digest: false }) },
      // Signed in again: the clock moved days on since.
      { token: (await login(ctx, people.german.email)).content.session.access_token, form: true },
    );
    expect(off.json().status).toBe('ok');
    // The runner would run the queued job as soon as the clock passes it: this run is the test's own.
    await ctx.app.db.deleteFrom('jobs').where('kind', '=', 'statsDigest').where('state', '=', 'queued').execute();
    const before = smtp.received.length;
    now = MONDAY + 7 * DAY;
    // The week of 23–29 Nov: only the keen owner's 999 views on the 23rd.
    expect(day(now)).toBe('2026-11-30');
    expect(await sendDigests(deps, now)).toEqual({ sent: 1, failed: 0 });
    const mail = await smtp.latest(people.keen.email);
    expect(mail.subject).toBe('Your week on Quire: 999 views');
    expect(mail.text).toContain('Views: 999 (+899% on the week before)');
    expect(smtp.received.slice(before).flatMap((r) => r.rcpt)).toEqual([people.keen.email]);
  });
});
