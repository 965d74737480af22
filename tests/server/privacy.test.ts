import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { HIDDEN_UNTIL } from '../../src/server/privacy/deletion';
import type { PrivacyWorker } from '../../src/server/privacy/worker';
import { avatarKey, bookKeys, bookPaths, exportKey, filesDir, libraryKeys } from '../../src/server/storage/paths';
import { call, lastMail, login, loginCode, outbox, PASSWORD, signedIn, useAccountsApp } from './accounts-support';
import { waitFor } from './fixtures/books';
import { DIALECTS, tempDir } from './helpers';
import { fillAccount, privacyRunner, readJson, readZip, readZipBuffer, SOURCE_BYTES, scanDatabase, walk } from './privacy-support';
import { makeBook } from './reader-support';

/**
 * /account/privacy on both databases (issue 16): every call and every refusal, the export's ZIP (its
 * contents, its owner-only expiring link, the file removed after expiry), the deletion (re-authentication
 * by password or mailed code, signed out everywhere, publications answered like unknown ones, cancelled
 * by signing in) and the purge that leaves no row and no file of the account (a scan of every table).
 * The apps run no privacy jobs themselves (QUIRE_ACCOUNT_JOBS=0): each test starts a runner when it wants one.
 */
const DAY = 86_400_000;

describe.each(DIALECTS)('/account/privacy on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, { env: { QUIRE_CONVERT_CONCURRENCY: '0', QUIRE_ACCOUNT_JOBS: '0' } });
  const runners: PrivacyWorker[] = [];
  const runner = async () => {
    const r = privacyRunner(ctx.app);
    runners.push(r);
    await r.start();
    return r;
  };
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
  });

  const status = async (token: string) => {
    const res = await call(ctx.app, '/account/privacy', undefined, { token });
    return res.json();
  };
  const accountOf = async (token: string) => {
    const res = await call(ctx.app, '/profile/session', undefined, { token });
    return res.json().content.account.id as string;
  };
  const neighbour = async () => {
    const user = await signedIn(ctx, 'neighbour');
    const accountId = await accountOf(user.token);
    const book = await makeBook(ctx.app, accountId, { name: 'The neighbour book', pages: 1 });
    return { ...user, accountId, book };
  };

  it('answers the status of a new account: no export, confirmation by password, the configured periods', async () => {
    const { token } = await signedIn(ctx, 'status');
    const body = await status(token);
    expect(body.status).toBe('ok');
    expect(body.content).toEqual({ export: null, reauth: 'password', grace_days: 14, export_days: 7 });
  });

  it('refuses every call to a visitor', async () => {
    for (const [url, body] of [
      ['/account/privacy', undefined],
      ['/account/privacy/export/create', {}],
      ['/account/privacy/export/download?token=abc', undefined],
      ['/account/privacy/deletion/code', {}],
      ['/account/privacy/deletion/create', { password: PASSWORD }],
    ] as const) {
      const res = await call(ctx.app, url, body);
      expect(res.json().content, url).toMatchObject({ type: 'SESSION', code: 301 });
    }
  });

  describe('export', () => {
    it('queues one export at a time, writes the ZIP with everything, mails the link and lets only its owner download it', async () => {
      const other = await neighbour();
      const user = await signedIn(ctx, 'exporter');
      const accountId = await accountOf(user.token);
      const filled = await fillAccount(ctx.app, accountId, other);

      const created = await call(ctx.app, '/account/privacy/export/create', {}, { token: user.token });
      expect(created.json().content.export).toMatchObject({ state: 'queued', download: null });
      // One at a time: a second request while the first waits is refused and changes nothing.
      const rows = await ctx.app.db.selectFrom('data_exports').selectAll().where('account_id', '=', accountId).execute();
      const again = await call(ctx.app, '/account/privacy/export/create', {}, { token: user.token });
      expect(again.json().content).toMatchObject({ type: 'PRIVACY', code: 931 });
      expect(await ctx.app.db.selectFrom('data_exports').selectAll().where('account_id', '=', accountId).execute()).toEqual(rows);

      await runner();
      const ready = await waitFor(
        async () => {
          const s = await status(user.token);
          return s.content.export?.state === 'ready' ? s.content.export : undefined;
        },
        30_000,
        'the export',
      );
      expect(ready.done).toBe(ready.total);
      expect(ready.total).toBe(1 + filled.books.length);
      expect(ready.size).toBeGreaterThan(0);
      expect(ready.expires_at - ready.created_at).toBeGreaterThanOrEqual(7 * DAY - 60_000);
      expect(ready.download).toMatch(/^account\/privacy\/export\/download\?token=[0-9a-f]{32}$/);

      const mail = await lastMail(ctx.config, user.email);
      expect(mail.subject).toBe('Your Quire data is ready to download');
      expect(mail.text).toContain(`${ctx.config.publicUrl}/account/privacy`);

      // The owner downloads it with the token; a wrong token, another account and a visitor get 404-like refusals.
      const url = `/${ready.download}`;
      const res = await call(ctx.app, url, undefined, { token: user.token });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="quire-data-\d{4}-\d{2}-\d{2}\.zip"$/);
      // Another token: its first digit changed (a token that began with 0 once stayed the same).
      const wrongUrl = url.replace(/token=([0-9a-f])/, (_m, c: string) => `token=${c === '0' ? '1' : '0'}`);
      const wrong = await call(ctx.app, wrongUrl, undefined, { token: user.token });
      expect(wrong.json().content).toMatchObject({ type: 'PRIVACY', code: 932 });
      const foreign = await call(ctx.app, url, undefined, { token: other.token });
      expect(foreign.json().content).toMatchObject({ type: 'PRIVACY', code: 932 });
      expect((await call(ctx.app, url)).json().content).toMatchObject({ type: 'SESSION', code: 301 });

      const entries = await readZipBuffer(await tempDir(), res.rawPayload);
      const names = [...entries.keys()];
      expect(names).toEqual(
        expect.arrayContaining([
          'README.txt',
          'account.json',
          'profile.json',
          'sessions.json',
          'folders.json',
          'integrations.json',
          'leads.json',
          'subscribers.json',
          'following.json',
          'comments-written.json',
          'contact-messages.json',
          'publications/1-My-first-flipbook/settings.json',
          'publications/1-My-first-flipbook/original-book.pdf',
          'publications/1-My-first-flipbook/comments.json',
          'publications/1-My-first-flipbook/statistics.json',
          'publications/2-Coming-soon/settings.json',
          'publications/2-Coming-soon/statistics.json',
        ]),
      );
      // The uploaded original as received; the second book has no source file (made by hand): its PDF stands in, and the README says why.
      expect(entries.get('publications/1-My-first-flipbook/original-book.pdf')).toEqual(SOURCE_BYTES);
      expect(names).toContain('publications/2-Coming-soon/converted-document.pdf');
      expect(entries.get('README.txt')?.toString()).toContain('"Coming soon": the uploaded file contained macros');
      expect(readJson(entries, 'account.json')).toMatchObject({ id: accountId, name: 'Ada Books' });
      const profile = (readJson(entries, 'profile.json') as Record<string, unknown>[])[0];
      expect(profile).toMatchObject({
        email: user.email,
        has_password: true,
        social_sign_in: [expect.objectContaining({ provider: 'google' })],
      });
      expect(profile).not.toHaveProperty('password_hash');
      expect(JSON.stringify(readJson(entries, 'profile.json'))).not.toMatch(/argon2|totp_secret/);
      expect(readJson(entries, 'leads.json')).toEqual([expect.objectContaining({ name: 'Lea Reader', email: 'lea.reader@example.com' })]);
      expect(readJson(entries, 'publications/1-My-first-flipbook/comments.json')).toEqual([
        expect.objectContaining({ text: 'Comment on my own book' }),
      ]);
      expect(readJson(entries, 'comments-written.json')).toHaveLength(2);
      expect(readJson(entries, 'following.json')).toEqual([expect.objectContaining({ publisher_id: other.accountId })]);
      expect(readJson(entries, 'publications/1-My-first-flipbook/settings.json')).toMatchObject({
        id: filled.books[0],
        name: 'My first flipbook',
        settings: expect.objectContaining({ comment_mode: 4 }),
        triggers: [expect.objectContaining({ type: 1, integration: 'Form' })],
      });
      expect(JSON.stringify(readJson(entries, 'publications/1-My-first-flipbook/settings.json'))).not.toContain('token_secret');
      expect(readJson(entries, 'publications/1-My-first-flipbook/statistics.json')).toMatchObject({
        totals: { views: 2, readers: 1, pages: 1, time_ms: 4000 },
        days: [expect.objectContaining({ readers: 1, views: 2 })],
        pages: [{ page: 1, views: 1, time_ms: 4000, exits: 0 }],
        dimensions: [{ dim: 'device', value: 'phone', detail: '', views: 2, readers: 1 }],
        shares: { total: 3 },
      });

      // A new export replaces the old one, file included.
      const oldKey = exportKey(
        accountId,
        (await ctx.app.db.selectFrom('data_exports').select('id').where('account_id', '=', accountId).executeTakeFirstOrThrow()).id,
      );
      expect(await ctx.app.storage.stat(oldKey)).toBeDefined();
      const renewed = await call(ctx.app, '/account/privacy/export/create', {}, { token: user.token });
      expect(renewed.json().content.export.state).toMatch(/queued|running|ready/);
      expect(await ctx.app.storage.stat(oldKey)).toBeUndefined();
      expect(await ctx.app.storage.list(exportKey(accountId))).toEqual([]);
      expect((await call(ctx.app, url, undefined, { token: user.token })).json().content).toMatchObject({ code: 932 });
    });

    it('stops its link when it expires and removes the file', async () => {
      const user = await signedIn(ctx, 'expiry');
      const accountId = await accountOf(user.token);
      await call(ctx.app, '/account/privacy/export/create', {}, { token: user.token });
      await runner();
      const ready = await waitFor(async () => {
        const s = await status(user.token);
        return s.content.export?.state === 'ready' ? s.content.export : undefined;
      });
      const row = await ctx.app.db.selectFrom('data_exports').selectAll().where('account_id', '=', accountId).executeTakeFirstOrThrow();
      // In the store (S3: the bucket only, the worker keeps no copy); read through a local copy.
      const key = exportKey(accountId, row.id);
      const file = await ctx.app.storage.fetch(key);
      expect(file).toBeDefined();
      // Files of an account without publications: its own JSON only.
      const entries = await readZip(file as string);
      expect([...entries.keys()].filter((n) => n.startsWith('publications/'))).toEqual([]);

      // Its time is over (as if seven days had passed): the link stops at once, the removal job follows.
      const past = Date.now() - 1000;
      await ctx.app.db.updateTable('data_exports').set({ expires_at: past }).where('id', '=', row.id).execute();
      const expired = await status(user.token);
      expect(expired.content.export).toMatchObject({ state: 'expired', download: null });
      const res = await call(ctx.app, `/${ready.download}`, undefined, { token: user.token });
      expect(res.json().content).toMatchObject({ type: 'PRIVACY', code: 932 });
      const job = await ctx.app.db
        .selectFrom('jobs')
        .selectAll()
        .where('kind', '=', 'exportExpire')
        .where('payload', 'like', `%${row.id}%`)
        .executeTakeFirstOrThrow();
      expect(Number(job.run_at)).toBe(Number(row.expires_at));
      expect(Number(row.expires_at) - Number(row.finished_at)).toBe(7 * DAY);
      await ctx.app.db.updateTable('jobs').set({ run_at: past }).where('id', '=', job.id).execute();
      for (const r of runners) r.wake();
      await waitFor(
        async () => ((await ctx.app.storage.stat(key)) || existsSync(file as string) ? undefined : true),
        10_000,
        'the removal of the expired export',
      );
      await waitFor(async () => {
        const state = (await ctx.app.db.selectFrom('data_exports').select('state').where('id', '=', row.id).executeTakeFirstOrThrow())
          .state;
        return state === 'expired' ? true : undefined;
      });
    });

    it('refuses a download without a finished export, and a malformed token', async () => {
      const user = await signedIn(ctx, 'nodownload');
      const none = await call(ctx.app, '/account/privacy/export/download?token=abcdef', undefined, { token: user.token });
      expect(none.json().content).toMatchObject({ type: 'PRIVACY', code: 932 });
      const bad = await call(ctx.app, '/account/privacy/export/download?token=..%2Fx', undefined, { token: user.token });
      expect(bad.json().content).toMatchObject({ type: 'VALIDATION' });
    });
  });

  describe('deletion', () => {
    it('refuses without the right password and changes nothing', async () => {
      const user = await signedIn(ctx, 'refused');
      const accountId = await accountOf(user.token);
      for (const [body, code] of [
        [{}, 936],
        [{ password: '' }, 936],
        [{ password: 'not my password' }, 933],
        [{ code: '123456' }, 936],
      ] as const) {
        const res = await call(ctx.app, '/account/privacy/deletion/create', body, { token: user.token });
        expect(res.json().content, JSON.stringify(body)).toMatchObject({ type: 'PRIVACY', code });
      }
      const code = await call(ctx.app, '/account/privacy/deletion/code', {}, { token: user.token });
      expect(code.json().content).toMatchObject({ type: 'PRIVACY', code: 936 });
      expect(await ctx.app.db.selectFrom('account_deletions').selectAll().where('account_id', '=', accountId).execute()).toEqual([]);
      expect((await status(user.token)).status).toBe('ok');
    });

    it('schedules it: signed out everywhere, publications answered like unknown ones; signing in cancels it', async () => {
      const other = await neighbour();
      const user = await signedIn(ctx, 'changed-mind');
      const second = await login(ctx, user.email);
      const accountId = await accountOf(user.token);
      const filled = await fillAccount(ctx.app, accountId, other);
      const [book] = filled.books as [string];
      expect((await call(ctx.app, `/public/book/get?id=${book}`)).json().status).toBe('ok');
      expect((await ctx.app.inject({ method: 'GET', url: `/publisher/${accountId}` })).statusCode).toBe(200);

      const before = Date.now();
      const res = await call(ctx.app, '/account/privacy/deletion/create', { password: PASSWORD }, { token: user.token });
      expect(res.json().status).toBe('ok');
      expect(res.json().content.purge_at).toBeGreaterThanOrEqual(before + 14 * DAY);
      expect(String(res.headers['set-cookie'])).toMatch(/quire_token=;/);
      // Signed out everywhere: both sessions are revoked.
      for (const token of [user.token, second.content.session.access_token as string])
        expect((await status(token)).content).toMatchObject({ type: 'SESSION', code: 149 });
      // Its publications and publisher page read like unknown ones, to everyone.
      const unknown = await call(ctx.app, '/public/book/get?id=unknownbook0001');
      const gone = await call(ctx.app, `/public/book/get?id=${book}`);
      expect(gone.json().content).toEqual(unknown.json().content);
      expect((await ctx.app.inject({ method: 'GET', url: `/publication/${book}` })).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: `/publisher/${accountId}` })).statusCode).toBe(404);
      expect((await call(ctx.app, `/public/book/get?id=${other.book}`)).json().status).toBe('ok');
      const mail = await lastMail(ctx.config, user.email);
      expect(mail.subject).toBe('Your Quire account will be deleted');
      expect(mail.text).toContain('Signing in again before');

      // Signing in again cancels it: the books come back with their own schedule, the purge job goes.
      const { content } = await login(ctx, user.email);
      expect(content.deletion_cancelled).toBe(true);
      expect(await ctx.app.db.selectFrom('account_deletions').selectAll().where('account_id', '=', accountId).execute()).toEqual([]);
      expect(await ctx.app.db.selectFrom('jobs').selectAll().where('kind', '=', 'purge').where('state', '=', 'queued').execute()).toEqual(
        [],
      );
      expect((await call(ctx.app, `/public/book/get?id=${book}`)).json().status).toBe('ok');
      const later = await ctx.app.db
        .selectFrom('books')
        .select('publish_at')
        .where('id', '=', filled.scheduled.id)
        .executeTakeFirstOrThrow();
      expect(Number(later.publish_at)).toBe(filled.scheduled.publishAt);
      expect((await lastMail(ctx.config, user.email)).subject).toBe('The deletion of your Quire account was cancelled');
      // The next sign-in is an ordinary one.
      expect((await login(ctx, user.email)).content.deletion_cancelled).toBeUndefined();
    });

    it('purges after the grace period: no row and no file of the account remain, others are untouched', async () => {
      const other = await neighbour();
      const user = await signedIn(ctx, 'leaving');
      const accountId = await accountOf(user.token);
      const filled = await fillAccount(ctx.app, accountId, other);
      // An export too, so its file must go as well.
      await call(ctx.app, '/account/privacy/export/create', {}, { token: user.token });
      const r = await runner();
      await waitFor(async () => ((await status(user.token)).content.export?.state === 'ready' ? true : undefined));
      await r.stop();
      expect((await ctx.app.storage.list(exportKey(accountId))).length).toBe(1);

      const res = await call(ctx.app, '/account/privacy/deletion/create', { password: PASSWORD }, { token: user.token });
      expect(res.json().status).toBe('ok');
      // Nothing happens before the period is over.
      const early = await runner();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await ctx.app.db.selectFrom('accounts').select('id').where('id', '=', accountId).executeTakeFirst()).toBeDefined();
      await early.stop();

      ctx.advance(14 * DAY + 1000);
      try {
        const late = await runner();
        late.wake();
        await waitFor(
          async () =>
            (await ctx.app.db.selectFrom('accounts').select('id').where('id', '=', accountId).executeTakeFirst()) ? undefined : true,
          30_000,
          'the purge',
        );
        await waitFor(
          async () =>
            (await outbox(ctx.config, user.email)).some((m) => m.subject === 'Your Quire account has been deleted') ? true : undefined,
          10_000,
        );
      } finally {
        ctx.advance(-(14 * DAY + 1000));
      }

      const needles = [accountId, filled.profileId, ...filled.books];
      expect(await scanDatabase(ctx.app, needles)).toEqual([]);
      const files = await walk(filesDir(ctx.config.dataDir));
      expect(files.filter((f) => needles.some((id) => f.includes(id)))).toEqual([]);
      for (const book of filled.books) await expect(stat(bookPaths(ctx.config.dataDir, book).dir)).rejects.toThrow();
      expect(await walk(path.join(filesDir(ctx.config.dataDir), exportKey(accountId)))).toEqual([]);
      // …and nothing of it in the store (S3: the bucket).
      for (const prefix of [
        ...filled.books.map((b) => bookKeys(b).dir),
        exportKey(accountId),
        libraryKeys(accountId).dir,
        avatarKey(accountId),
      ])
        expect(await ctx.app.storage.list(prefix)).toEqual([]);
      // The account's publications answer like unknown ones; the neighbour keeps everything.
      const unknown = await call(ctx.app, '/public/book/get?id=unknownbook0002');
      expect((await call(ctx.app, `/public/book/get?id=${filled.books[0]}`)).json().content).toEqual(unknown.json().content);
      expect((await call(ctx.app, `/public/book/get?id=${other.book}`)).json().status).toBe('ok');
      expect((await status(other.token)).status).toBe('ok');
      // Signing in with the old address is like an unknown one.
      const signIn = await call(ctx.app, '/profile/session', { login: user.email, password: PASSWORD });
      expect(signIn.json().content).toMatchObject({ type: 'AUTH', code: 100 });
    });

    it('refuses to sign in once the purge has begun', async () => {
      const user = await signedIn(ctx, 'purging');
      const accountId = await accountOf(user.token);
      await call(ctx.app, '/account/privacy/deletion/create', { password: PASSWORD }, { token: user.token });
      await ctx.app.db.updateTable('account_deletions').set({ state: 'purging' }).where('account_id', '=', accountId).execute();
      const first = await call(ctx.app, '/profile/session', { login: user.email, password: PASSWORD });
      const hash = first.json().content.hash as string;
      const code = loginCode(await lastMail(ctx.config, user.email));
      const confirm = await call(ctx.app, '/profile/session', { hash, code });
      expect(confirm.json().content).toMatchObject({ type: 'PRIVACY', code: 937 });
      expect(
        await ctx.app.db
          .selectFrom('sessions')
          .innerJoin('profiles', 'profiles.id', 'sessions.profile_id')
          .select('sessions.id')
          .where('profiles.account_id', '=', accountId)
          .where('sessions.revoked_at', 'is', null)
          .execute(),
      ).toEqual([]);
    });

    it('confirms an account without a password with a mailed code', async () => {
      const user = await signedIn(ctx, 'social-only');
      const accountId = await accountOf(user.token);
      await ctx.app.db.updateTable('profiles').set({ password_hash: null }).where('account_id', '=', accountId).execute();
      expect((await status(user.token)).content.reauth).toBe('code');
      const none = await call(ctx.app, '/account/privacy/deletion/create', { code: '000000' }, { token: user.token });
      expect(none.json().content).toMatchObject({ type: 'PRIVACY', code: 935 });
      const noCode = await call(ctx.app, '/account/privacy/deletion/create', { password: 'whatever' }, { token: user.token });
      expect(noCode.json().content).toMatchObject({ type: 'PRIVACY', code: 936 });
      const sent = await call(ctx.app, '/account/privacy/deletion/code', {}, { token: user.token });
      expect(sent.json().content).toEqual({ email: user.email, minutes: 10 });
      const mail = await lastMail(ctx.config, user.email);
      expect(mail.subject).toMatch(/^Your code to delete your Quire account: \d{6}$/);
      const code = loginCode(mail);
      const wrongCode = code === '111111' ? '222222' : '111111';
      const wrong = await call(ctx.app, '/account/privacy/deletion/create', { code: wrongCode }, { token: user.token });
      expect(wrong.json().content).toMatchObject({ type: 'PRIVACY', code: 934 });
      const bad = await call(ctx.app, '/account/privacy/deletion/create', { code: '12ab' }, { token: user.token });
      expect(bad.json().content).toMatchObject({ type: 'VALIDATION' });
      const ok = await call(ctx.app, '/account/privacy/deletion/create', { code }, { token: user.token });
      expect(ok.json().status).toBe('ok');
      expect(await ctx.app.db.selectFrom('deletion_codes').selectAll().execute()).toEqual([]);
      const books = await ctx.app.db.selectFrom('books').select('publish_at').where('account_id', '=', accountId).execute();
      for (const b of books) expect(Number(b.publish_at)).toBe(HIDDEN_UNTIL);
    });

    it('ends a code after five wrong tries', async () => {
      const user = await signedIn(ctx, 'code-tries');
      const accountId = await accountOf(user.token);
      await ctx.app.db.updateTable('profiles').set({ password_hash: null }).where('account_id', '=', accountId).execute();
      await call(ctx.app, '/account/privacy/deletion/code', {}, { token: user.token });
      const code = loginCode(await lastMail(ctx.config, user.email));
      const wrongCode = code === '111111' ? '222222' : '111111';
      for (let i = 0; i < 5; i++) {
        const res = await call(ctx.app, '/account/privacy/deletion/create', { code: wrongCode }, { token: user.token });
        expect(res.json().content.code).toBe(934);
      }
      const late = await call(ctx.app, '/account/privacy/deletion/create', { code }, { token: user.token });
      expect(late.json().content).toMatchObject({ type: 'PRIVACY', code: 935 });
    });
  });
});

describe.each(DIALECTS)('immediate deletion (grace period 0) on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, { env: { QUIRE_CONVERT_CONCURRENCY: '0', QUIRE_ACCOUNT_DELETION_GRACE_DAYS: '0' } });
  afterAll(() => undefined);

  it('purges at once with the app’s own runner', async () => {
    const user = await signedIn(ctx, 'now');
    const accountId = (await call(ctx.app, '/profile/session', undefined, { token: user.token })).json().content.account.id as string;
    const book = await makeBook(ctx.app, accountId, { pages: 1 });
    const res = await call(ctx.app, '/account/privacy/deletion/create', { password: PASSWORD }, { token: user.token });
    expect(res.json().status).toBe('ok');
    const mail = await lastMail(ctx.config, user.email);
    expect(mail.text).toContain('is being deleted for good now');
    await waitFor(
      async () =>
        (await ctx.app.db.selectFrom('accounts').select('id').where('id', '=', accountId).executeTakeFirst()) ? undefined : true,
      30_000,
      'the purge',
    );
    expect(await scanDatabase(ctx.app, [accountId, book])).toEqual([]);
    await expect(stat(bookPaths(ctx.config.dataDir, book).dir)).rejects.toThrow();
    expect(await ctx.app.storage.list(bookKeys(book).dir)).toEqual([]);
  });
});

describe('privacy configuration', () => {
  it('reads the grace period, the export lifetime and the jobs per process, and refuses bad values by name', async () => {
    const { loadConfig, ConfigError } = await import('../../src/server/config');
    expect(loadConfig({}).privacy).toEqual({ graceDays: 14, exportDays: 7, jobs: 1 });
    expect(loadConfig({ QUIRE_ACCOUNT_DELETION_GRACE_DAYS: '0', QUIRE_EXPORT_TTL_DAYS: '30', QUIRE_ACCOUNT_JOBS: '0' }).privacy).toEqual({
      graceDays: 0,
      exportDays: 30,
      jobs: 0,
    });
    for (const [name, value] of [
      ['QUIRE_ACCOUNT_DELETION_GRACE_DAYS', '-1'],
      ['QUIRE_ACCOUNT_DELETION_GRACE_DAYS', '366'],
      ['QUIRE_EXPORT_TTL_DAYS', '0'],
      ['QUIRE_EXPORT_TTL_DAYS', 'week'],
      ['QUIRE_ACCOUNT_JOBS', '9'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^${name}:`));
    }
  });
});
