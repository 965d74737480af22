import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { BEACON_PATH, type ShareCounts } from '../../src/contracts/share';
import { buildApp } from '../../src/server/app';
import { FLUSH_MS, ShareBeacon } from '../../src/server/beacon/buffer';
import { createDb } from '../../src/server/db/index';
import { call, nextIp, signedIn, useAccountsApp } from './accounts-support';
import { DIALECTS, testConfig } from './helpers';
import { makeBook } from './reader-support';

const GIF_HEADER = Buffer.from('GIF89a', 'ascii');

const hit = (app: FastifyInstance, query: Record<string, string>, ip = nextIp()) =>
  app.inject({ method: 'GET', url: `${BEACON_PATH}?${new URLSearchParams(query)}`, remoteAddress: ip });

const allRows = (app: FastifyInstance) =>
  app.db
    .selectFrom('share_counts')
    .selectAll()
    .orderBy('account_id')
    .orderBy('book_id')
    .orderBy('source')
    .orderBy('device')
    .orderBy('day')
    .execute();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The usage beacon: the GIF, what is recorded (batched), the shutdown flush and the owner's counts. */
describe.each(DIALECTS)('share beacon on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, { env: { QUIRE_CONVERT_CONCURRENCY: '0' } });
  let owner = { token: '', accountId: '' };
  let stranger = { token: '', accountId: '' };
  let bookId = '';
  let otherBook = '';

  const setup = async () => {
    if (bookId) return;
    const a = await signedIn(ctx, 'share-owner');
    const b = await signedIn(ctx, 'share-stranger');
    owner = { token: a.token, accountId: a.content.account.id };
    stranger = { token: b.token, accountId: b.content.account.id };
    bookId = await makeBook(ctx.app, owner.accountId, { pages: 1 });
    otherBook = await makeBook(ctx.app, stranger.accountId, { pages: 1 });
  };
  const base = () => ({ e: 'share', cb: '123456789', d: 'desktop', s: 'facebook', t: 'book', aid: owner.accountId, bid: bookId });
  const counts = async (id?: string, token = owner.token): Promise<ShareCounts> => {
    const res = await call(ctx.app, `/account/book/shares${id ? `?id=${id}` : ''}`, undefined, { token });
    expect(res.json().status, res.body).toBe('ok');
    return res.json().content;
  };

  it('answers a 43-byte transparent GIF89a, never cached, for good and bad hits alike', async () => {
    await setup();
    for (const query of [base(), {}, { e: 'share', cb: 'x' }] as Record<string, string>[]) {
      const res = await hit(ctx.app, query);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/gif');
      expect(res.headers['cache-control']).toContain('no-store');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.rawPayload.length).toBe(43);
      expect(res.rawPayload.subarray(0, 6).equals(GIF_HEADER)).toBe(true);
      // 1×1 logical screen, trailer at the end.
      expect(res.rawPayload.readUInt16LE(6)).toBe(1);
      expect(res.rawPayload.readUInt16LE(8)).toBe(1);
      expect(res.rawPayload.at(-1)).toBe(0x3b);
    }
    await ctx.app.shareBeacon.flush();
  });

  it('records nothing for bad or foreign parameters', async () => {
    await setup();
    await ctx.app.shareBeacon.flush();
    const before = await allRows(ctx.app);
    const bad: Record<string, string>[] = [
      { ...base(), e: 'view' },
      { ...base(), cb: '1000000000' },
      { ...base(), cb: '-1' },
      { ...base(), d: 'watch' },
      { ...base(), s: 'myspace' },
      { ...base(), aid: 'bad id!' },
      { ...base(), t: 'folder' },
      // A book share naming another account than the book's owner.
      { ...base(), aid: stranger.accountId },
      // Unknown book, unknown account.
      { ...base(), bid: 'no-such-book', aid: '' },
      { e: 'share', cb: '1', d: 'phone', s: 'x', t: 'account', aid: 'no-such-account' },
      // Neither account nor book.
      { e: 'share', cb: '1', d: 'phone', s: 'x' },
    ].map((q) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== '')));
    for (const q of bad) await hit(ctx.app, q);
    // A HEAD probe of a good hit is answered but not counted.
    const head = await ctx.app.inject({ method: 'HEAD', url: `${BEACON_PATH}?${new URLSearchParams(base())}`, remoteAddress: nextIp() });
    expect(head.statusCode).toBe(200);
    await ctx.app.shareBeacon.flush();
    expect(await allRows(ctx.app)).toEqual(before);
  });

  it('adds hits up in memory and writes them in one batch after FLUSH_MS', async () => {
    await setup();
    await ctx.app.shareBeacon.flush();
    const before = (await counts(bookId)).total;
    // At once, so the flush timer (started by the first) cannot fire in between.
    await Promise.all([hit(ctx.app, base()), hit(ctx.app, base()), hit(ctx.app, base()), hit(ctx.app, { ...base(), s: 'x', d: 'phone' })]);
    // Only counters wait: two distinct ones for four hits, nothing written yet.
    expect(ctx.app.shareBeacon.size).toBe(2);
    const rows = (await allRows(ctx.app)).filter((r) => r.book_id === bookId);
    expect(rows.reduce((n, r) => n + Number(r.count), 0)).toBe(before);
    await sleep(FLUSH_MS + 300);
    expect(ctx.app.shareBeacon.size).toBe(0);
    const after = (await allRows(ctx.app)).filter((r) => r.book_id === bookId);
    expect(after.reduce((n, r) => n + Number(r.count), 0)).toBe(before + 4);
    const fb = after.find((r) => r.source === 'facebook' && r.device === 'desktop');
    expect(fb?.account_id).toBe(owner.accountId);
  });

  it('counts a book share without aid for the book owner (the reader does not know it)', async () => {
    await setup();
    const before = await counts(bookId);
    await hit(ctx.app, { e: 'share', cb: '7', d: 'tablet', s: 'copy', bid: bookId, t: 'book' });
    const after = await counts(bookId);
    expect(after.sources.copy).toBe(before.sources.copy + 1);
    expect(after.devices.tablet).toBe(before.devices.tablet + 1);
  });

  it('gives the owner per-book and account-page counts, and nobody else', async () => {
    await setup();
    const page = await counts();
    await hit(ctx.app, { e: 'share', cb: '0', d: 'phone', s: 'linkedin', t: 'account', aid: owner.accountId });
    await hit(ctx.app, { e: 'share', cb: '999999999', d: 'phone', s: 'mail', t: 'account', aid: owner.accountId });
    const pageAfter = await counts();
    expect(pageAfter.total).toBe(page.total + 2);
    expect(pageAfter.sources.linkedin).toBe(page.sources.linkedin + 1);
    expect(pageAfter.sources.mail).toBe(page.sources.mail + 1);
    expect(pageAfter.days.at(-1)?.day).toBe(new Date().toISOString().slice(0, 10));
    // The account page's shares are not the book's.
    const book = await counts(bookId);
    expect(book.sources.linkedin).toBe(0);
    // Another account's book: not found; without a session: 301.
    const foreign = await call(ctx.app, `/account/book/shares?id=${otherBook}`, undefined, { token: owner.token });
    expect(foreign.json().content).toMatchObject({ type: 'BOOK', code: 404 });
    const anonymous = await call(ctx.app, `/account/book/shares?id=${bookId}`);
    expect(anonymous.json().content.code).toBe(301);
    // The stranger's own counts do not include the owner's shares.
    expect((await counts(undefined, stranger.token)).total).toBe(0);
  });

  it('flushes as soon as FLUSH_ROWS counters wait, and caps what one address counts', async () => {
    await setup();
    const beacon = new ShareBeacon({ db: ctx.app.db, clock: Date.now, log: console, flushRows: 3, perIpPerMinute: 4, flushMs: 60_000 });
    const q = (s: 'facebook' | 'x' | 'mail' | 'tumblr') => ({ e: 'share' as const, cb: '1', d: 'desktop' as const, s, bid: bookId });
    beacon.add(q('facebook'), 'a');
    beacon.add(q('x'), 'a');
    expect(beacon.written).toBe(0);
    beacon.add(q('mail'), 'a');
    // The third distinct counter started a flush without waiting for the timer.
    await beacon.flush();
    expect(beacon.written).toBe(3);
    beacon.add(q('tumblr'), 'a');
    beacon.add(q('tumblr'), 'a');
    beacon.add(q('tumblr'), 'b');
    expect(beacon.counted).toBe(5);
    expect(beacon.dropped).toBe(1);
    await beacon.close();
    beacon.add(q('tumblr'), 'c');
    expect(beacon.size).toBe(0);
  });

  it('writes waiting hits when the app closes', async () => {
    await setup();
    const config = await testConfig(dialect, { QUIRE_CONVERT_CONCURRENCY: '0' });
    const handle = createDb(config);
    const app = await buildApp(config, { db: handle });
    try {
      const accountId = 'acc-close-test';
      await app.db.insertInto('accounts').values({ id: accountId, name: 'Closer', ats: 1, created_at: 1 }).execute();
      await hit(app, { e: 'share', cb: '5', d: 'desktop', s: 'pinterest', t: 'account', aid: accountId });
      await hit(app, { e: 'share', cb: '6', d: 'desktop', s: 'pinterest', t: 'account', aid: accountId });
      expect(app.shareBeacon.size).toBe(1);
      await app.close();
      const rows = await handle.db.selectFrom('share_counts').selectAll().where('account_id', '=', accountId).execute();
      expect(rows.map((r) => [r.book_id, r.source, Number(r.count)])).toEqual([['', 'pinterest', 2]]);
    } finally {
      await handle.destroy();
      await rm(config.dataDir, { recursive: true, force: true });
    }
  });
});
