import { rm } from 'node:fs/promises';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReaderStatsSummary } from '../../src/contracts/reader';
import { SESSION_PAGE_CAP_MS } from '../../src/server/reader/stats';
import { call, nextIp, signedIn, useAccountsApp } from './accounts-support';
import { DIALECTS } from './helpers';
import { linkToken, makeBook, makeReaderPublicDir } from './reader-support';

/** Reading statistics: the reader's reports (gates, validation, owner not counted, limit) and the owner's totals. */
describe.each(DIALECTS)('reading statistics on %s', (dialect) => {
  const publicDir = makeReaderPublicDir();
  const ctx = useAccountsApp(dialect, { env: { QUIRE_PUBLIC_DIR: publicDir, QUIRE_CONVERT_CONCURRENCY: '0' } });
  afterAll(() => rm(publicDir, { recursive: true, force: true }));
  let owner = '';
  let stranger = '';
  const ids: Record<string, string> = {};
  let sessionCounter = 0;
  const newSession = () => `session-${dialect}-${process.pid}-${++sessionCounter}`.padEnd(20, 'x');

  beforeAll(async () => {
    const a = await signedIn(ctx, 'stats-owner');
    owner = a.token;
    stranger = (await signedIn(ctx, 'stats-stranger')).token;
    const make = (spec: Parameters<typeof makeBook>[2] = {}) => makeBook(ctx.app, a.content.account.id, spec);
    ids.public = await make({ pages: 4 });
    ids.counted = await make({ pages: 3 });
    ids.private = await make({ pages: 2, columns: { publishing_mode: 2 }, settings: { private_url: 1 } });
    ids.deactivated = await make({ columns: { is_published: 0 } });
  });

  const report = (body: Record<string, unknown>, options: { token?: string; ip?: string } = {}) =>
    call(ctx.app, '/public/book/stats', { device: 'desktop', pages: [], ...body }, options);
  const errorOf = (res: LightMyRequestResponse) => {
    const body = res.json();
    return body.status === 'error' ? `${body.content.type}:${body.content.code}` : 'ok';
  };
  const rows = async (bookId: string) => ({
    views: await ctx.app.db.selectFrom('book_views').selectAll().where('book_id', '=', bookId).orderBy('session').execute(),
    pages: await ctx.app.db.selectFrom('book_page_views').selectAll().where('book_id', '=', bookId).orderBy('page').execute(),
  });
  const summary = async (id: string, token = owner): Promise<LightMyRequestResponse> =>
    call(ctx.app, `/account/book/stats?id=${id}`, undefined, { token });

  it('stores an anonymous report: one session row, page times added up across reports', async () => {
    const session = newSession();
    const first = await report({ id: ids.public, session, device: 'phone', open: true, pages: [{ page: 1, ms: 4000 }] });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'ok', content: {} });
    // Repeated pages within one report are summed; a second report adds to the first.
    await report({
      id: ids.public,
      session,
      device: 'desktop',
      pages: [
        { page: 1, ms: 1000 },
        { page: 2, ms: 500 },
        { page: 2, ms: 250 },
      ],
    });
    const { views, pages } = await rows(ids.public as string);
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ session, device: 'phone', opens: 1 });
    expect(pages.map((p) => [p.page, Number(p.ms)])).toEqual([
      [1, 5000],
      [2, 750],
    ]);
  });

  it('caps the time of a page in a session', async () => {
    const session = newSession();
    for (let i = 0; i < 7; i++) await report({ id: ids.public, session, pages: [{ page: 4, ms: 600_000 }] });
    const row = (await rows(ids.public as string)).pages.find((p) => p.session === session);
    expect(Number(row?.ms)).toBe(SESSION_PAGE_CAP_MS);
  });

  it('is gated like the book call: unknown 404, private without its link 403, deactivated 410', async () => {
    const session = newSession();
    expect(errorOf(await report({ id: 'nope-nope', session }))).toBe('BOOK:404');
    expect(errorOf(await report({ id: ids.private, session }))).toBe('BOOK:403');
    expect(errorOf(await report({ id: ids.private, session, token: '0'.repeat(32) }))).toBe('BOOK:403');
    expect(errorOf(await report({ id: ids.deactivated, session }, { token: stranger }))).toBe('BOOK:410');
    expect((await rows(ids.private as string)).views).toHaveLength(0);
    // Through the private link the reading counts.
    const opened = await report({
      id: ids.private,
      session,
      token: await linkToken(ctx.app, ids.private as string),
      pages: [{ page: 2, ms: 10 }],
    });
    expect(errorOf(opened)).toBe('ok');
    expect((await rows(ids.private as string)).pages.map((p) => p.page)).toEqual([2]);
  });

  it('refuses bad reports: page out of range, too many items, bad device, session, ms', async () => {
    const session = newSession();
    const bad = async (body: Record<string, unknown>) => {
      const res = await report({ id: ids.public, session, ...body });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe('VALIDATION:1');
    };
    await bad({ pages: [{ page: 5, ms: 10 }] });
    await bad({ pages: [{ page: 0, ms: 10 }] });
    await bad({ pages: Array.from({ length: 201 }, () => ({ page: 1, ms: 1 })) });
    await bad({ device: 'watch' });
    await bad({ session: 'short' });
    await bad({ session: `${'a'.repeat(20)}/../` });
    await bad({ pages: [{ page: 1, ms: 600_001 }] });
    await bad({ pages: [{ page: 1, ms: -1 }] });
    await bad({ pages: [{ page: 1.5, ms: 1 }] });
    expect((await rows(ids.public as string)).views.some((v) => v.session === session)).toBe(false);
    // The limit itself is accepted.
    const full = await report({ id: ids.public, session, pages: Array.from({ length: 200 }, (_, i) => ({ page: (i % 4) + 1, ms: 1 })) });
    expect(errorOf(full)).toBe('ok');
  });

  it('does not count the owner reading their own book (public and private)', async () => {
    const session = newSession();
    expect(errorOf(await report({ id: ids.public, session, open: true, pages: [{ page: 1, ms: 10 }] }, { token: owner }))).toBe('ok');
    expect(errorOf(await report({ id: ids.private, session, pages: [{ page: 1, ms: 10 }] }, { token: owner }))).toBe('ok');
    expect((await rows(ids.public as string)).views.some((v) => v.session === session)).toBe(false);
    expect((await rows(ids.private as string)).views.some((v) => v.session === session)).toBe(false);
    // Another signed-in reader is counted.
    expect(errorOf(await report({ id: ids.public, session, pages: [{ page: 1, ms: 10 }] }, { token: stranger }))).toBe('ok');
    expect((await rows(ids.public as string)).views.some((v) => v.session === session)).toBe(true);
  });

  it("gives the owner a book's totals: views, readers, per page views and average time, devices", async () => {
    const [s1, s2, s3] = [newSession(), newSession(), newSession()];
    await report({ id: ids.counted, session: s1, device: 'phone', open: true, pages: [{ page: 1, ms: 3000 }] });
    await report({ id: ids.counted, session: s1, device: 'phone', open: true, pages: [{ page: 2, ms: 1000 }] });
    await report({
      id: ids.counted,
      session: s2,
      device: 'tablet',
      open: true,
      pages: [
        { page: 1, ms: 1000 },
        { page: 2, ms: 2000 },
      ],
    });
    await report({ id: ids.counted, session: s3, device: 'phone', pages: [{ page: 1, ms: 2000 }] });
    const res = await summary(ids.counted as string);
    expect(res.statusCode).toBe(200);
    const content: ReaderStatsSummary = res.json().content;
    expect(content).toEqual({
      views: 3,
      readers: 3,
      pages: [
        { page: 1, views: 3, avg_ms: 2000 },
        { page: 2, views: 2, avg_ms: 1500 },
        { page: 3, views: 0, avg_ms: 0 },
      ],
      devices: { desktop: 0, tablet: 1, phone: 2 },
    });
  });

  it("refuses a book's totals to anyone but its owner", async () => {
    expect(errorOf(await summary(ids.counted as string, stranger))).toBe('BOOK:404');
    const anonymous = await call(ctx.app, `/account/book/stats?id=${ids.counted}`);
    expect(anonymous.statusCode).toBe(401);
  });

  it('limits reports per client address', async () => {
    const ip = nextIp();
    const session = newSession();
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await report({ id: ids.public, session }, { ip })).statusCode);
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(codes[60]).toBe(429);
  });
});
