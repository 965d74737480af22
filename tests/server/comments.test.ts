import { rm } from 'node:fs/promises';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_TEXT_MAX } from '../../machines/constants';
import type { CommentPage, OwnerComment, PublicComment, Subscriber } from '../../src/contracts/comments';
import { call, signedIn, useAccountsApp } from './accounts-support';
import { DIALECTS } from './helpers';
import { linkToken, makeBook, makeReaderPublicDir } from './reader-support';

/** Comments (comment_mode 4/1/0), moderation by the owner, and subscribers (subscribe_mode). */
describe.each(DIALECTS)('comments and subscribers on %s', (dialect) => {
  const publicDir = makeReaderPublicDir();
  const ctx = useAccountsApp(dialect, { env: { QUIRE_PUBLIC_DIR: publicDir, QUIRE_CONVERT_CONCURRENCY: '0' } });
  afterAll(() => rm(publicDir, { recursive: true, force: true }));
  let owner = '';
  let reader = '';
  let other = '';
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const a = await signedIn(ctx, 'comments-owner');
    owner = a.token;
    reader = (await signedIn(ctx, 'comments-reader')).token;
    const b = await signedIn(ctx, 'comments-other');
    other = b.token;
    // Subscribers is an account page for premium and up (SPEC §6 menu gating: free, hasSubscription).
    for (const id of [a.content.account.id, b.content.account.id])
      await ctx.app.db.updateTable('accounts').set({ mode: 'PREMIUM' }).where('id', '=', id).execute();
    const make = (settings: Record<string, unknown>, columns: NonNullable<Parameters<typeof makeBook>[2]>['columns'] = {}) =>
      makeBook(ctx.app, a.content.account.id, { settings, columns });
    ids.accept = await make({ comment_mode: 4, subscribe_mode: 1 });
    ids.moderate = await make({ comment_mode: 1 });
    ids.refuse = await make({ comment_mode: 0, subscribe_mode: 0 });
    ids.private = await make({ comment_mode: 4, private_url: 1 }, { publishing_mode: 2 });
    ids.deactivated = await make({ comment_mode: 4 }, { is_published: 0 });
    ids.foreign = await makeBook(ctx.app, b.content.account.id, { settings: { comment_mode: 1 } });
  });

  const errorOf = (res: LightMyRequestResponse) => {
    const body = res.json();
    return body.status === 'error' ? `${body.content.type}:${body.content.code}` : 'ok';
  };
  const post = (id: string, text: unknown, token?: string, extra: Record<string, unknown> = {}) =>
    call(ctx.app, '/public/book/comment/create', { id, text, ...extra }, token ? { token } : {});
  const list = async (id: string, query = '') => {
    const res = await call(ctx.app, `/public/book/comment/?id=${id}${query}`);
    return { res, page: res.json().content as CommentPage<PublicComment> };
  };
  const owned = async (status: string, token = owner) =>
    (await call(ctx.app, `/account/comment/?status=${status}`, undefined, { token })).json().content as CommentPage<OwnerComment>;

  it('publishes a comment at once when comment_mode is 4, trimmed, newest first', async () => {
    const first = await post(ids.accept as string, '  First!  ', reader);
    expect(errorOf(first)).toBe('ok');
    expect(first.json().content).toMatchObject({ status: 'published', comment: { text: 'First!' } });
    await post(ids.accept as string, 'Second <b>bold</b>', reader);
    const { res, page } = await list(ids.accept as string);
    expect(res.statusCode).toBe(200);
    expect(page.total).toBe(2);
    // Stored and answered as written: the clients render text, never HTML.
    expect(page.list.map((c) => c.text)).toEqual(['Second <b>bold</b>', 'First!']);
    expect(page.list[0]?.author_name).toBeTruthy();
    // Paging.
    const second = await list(ids.accept as string, '&start=1&step=1');
    expect(second.page.list.map((c) => c.text)).toEqual(['First!']);
    expect(second.page.step.current).toBe(1);
  });

  it('holds a comment for the owner when comment_mode is 1, until approved', async () => {
    const res = await post(ids.moderate as string, 'Please approve me', reader);
    expect(res.json().content.status).toBe('held');
    expect((await list(ids.moderate as string)).page.total).toBe(0);
    const held = await owned('held');
    const mine = held.list.find((c) => c.text === 'Please approve me');
    expect(mine).toMatchObject({ status: 'held', book: { id: ids.moderate } });
    // Someone else cannot approve it.
    expect(errorOf(await call(ctx.app, '/account/comment/update', { id: mine?.id }, { token: other }))).toBe('COMMENT:604');
    const approved = await call(ctx.app, '/account/comment/update', { id: mine?.id }, { token: owner });
    expect(approved.json().content.status).toBe('published');
    expect((await list(ids.moderate as string)).page.list.map((c) => c.text)).toEqual(['Please approve me']);
    expect((await owned('published')).list.some((c) => c.id === mine?.id)).toBe(true);
    expect((await owned('held')).list.some((c) => c.id === mine?.id)).toBe(false);
  });

  it("publishes the owner's own comment on a moderated book", async () => {
    expect((await post(ids.moderate as string, 'From the publisher', owner)).json().content.status).toBe('published');
  });

  it('refuses comments when comment_mode is 0, and anonymous or invalid comments', async () => {
    expect(errorOf(await post(ids.refuse as string, 'No way', reader))).toBe('COMMENT:601');
    expect(errorOf(await call(ctx.app, `/public/book/comment/?id=${ids.refuse}`))).toBe('COMMENT:601');
    expect(errorOf(await post(ids.accept as string, 'Anonymous'))).toBe('SESSION:301');
    expect(errorOf(await post(ids.accept as string, '   ', reader))).toBe('VALIDATION:1');
    expect(errorOf(await post(ids.accept as string, 'x'.repeat(COMMENT_TEXT_MAX + 1), reader))).toBe('VALIDATION:1');
    expect(errorOf(await post(ids.accept as string, 42, reader))).toBe('VALIDATION:1');
    expect(errorOf(await post(ids.accept as string, 'x'.repeat(COMMENT_TEXT_MAX), other))).toBe('ok');
  });

  it('passes the reader gates: private only through its link, deactivated and unknown refused', async () => {
    expect(errorOf(await post(ids.private as string, 'Sneaky', reader))).toBe('BOOK:403');
    expect(errorOf(await call(ctx.app, `/public/book/comment/?id=${ids.private}`))).toBe('BOOK:403');
    const token = await linkToken(ctx.app, ids.private as string);
    expect(errorOf(await post(ids.private as string, 'With the link', reader, { token }))).toBe('ok');
    expect((await call(ctx.app, `/public/book/comment/?id=${ids.private}&token=${token}`)).json().content.total).toBe(1);
    expect(errorOf(await post(ids.deactivated as string, 'Gone', reader))).toBe('BOOK:410');
    expect(errorOf(await post('nope-nope', 'Nothing', reader))).toBe('BOOK:404');
  });

  it('limits how many comments one author writes per minute', async () => {
    const fresh = (await signedIn(ctx, 'comments-chatty')).token;
    const results: string[] = [];
    for (let i = 0; i < 6; i++) results.push(errorOf(await post(ids.accept as string, `Spam ${i}`, fresh)));
    expect(results.slice(0, 5)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(results[5]).toBe('API:429');
  });

  it('lets the owner delete comments of their books only', async () => {
    const created = (await post(ids.accept as string, 'Delete me', reader)).json().content.comment as PublicComment;
    expect(errorOf(await call(ctx.app, '/account/comment/delete', { id: created.id }, { token: other }))).toBe('COMMENT:604');
    expect(errorOf(await call(ctx.app, '/account/comment/delete', { id: created.id }, { token: owner }))).toBe('ok');
    expect((await list(ids.accept as string)).page.list.some((c) => c.id === created.id)).toBe(false);
    expect(errorOf(await call(ctx.app, '/account/comment/delete', { id: created.id }, { token: owner }))).toBe('COMMENT:604');
    // The other owner sees only comments of their own books.
    await post(ids.foreign as string, 'On the other book', reader);
    expect((await owned('held', other)).list.map((c) => c.book.id)).toEqual([ids.foreign]);
    expect(errorOf(await call(ctx.app, '/account/comment/?status=held'))).toBe('SESSION:301');
  });

  it('subscribes and unsubscribes a reader to the publisher; the owner lists subscribers', async () => {
    const state = async (token?: string) =>
      (await call(ctx.app, `/public/book/subscription/get?id=${ids.accept}`, undefined, token ? { token } : {})).json().content.subscribed;
    expect(await state()).toBe(false);
    expect(await state(reader)).toBe(false);
    const on = await call(ctx.app, '/public/book/subscription/create', { id: ids.accept }, { token: reader });
    expect(on.json().content).toEqual({ subscribed: true });
    // Twice is the same as once.
    expect(errorOf(await call(ctx.app, '/public/book/subscription/create', { id: ids.accept }, { token: reader }))).toBe('ok');
    expect(await state(reader)).toBe(true);
    const subs = (await call(ctx.app, '/account/subscriber/', undefined, { token: owner })).json().content as CommentPage<Subscriber>;
    expect(subs.total).toBe(1);
    expect(subs.list[0]?.name).toBeTruthy();
    expect((await call(ctx.app, '/account/subscriber/', undefined, { token: other })).json().content.total).toBe(0);
    const off = await call(ctx.app, '/public/book/subscription/delete', { id: ids.accept }, { token: reader });
    expect(off.json().content).toEqual({ subscribed: false });
    expect(await state(reader)).toBe(false);
    expect((await call(ctx.app, '/account/subscriber/', undefined, { token: owner })).json().content.total).toBe(0);
  });

  it('refuses the subscribers list to a free account, as its menu locks the page (one gating table)', async () => {
    const free = await call(ctx.app, '/account/subscriber/', undefined, { token: reader });
    expect(free.statusCode).toBe(403);
    expect(errorOf(free)).toBe('ACCOUNT:402');
    expect(errorOf(await call(ctx.app, '/account/subscriber/'))).toBe('SESSION:301');
  });

  it('refuses following when subscribe_mode is 0, oneself, or anonymously', async () => {
    expect(errorOf(await call(ctx.app, '/public/book/subscription/create', { id: ids.refuse }, { token: reader }))).toBe('SUBSCRIBE:611');
    expect(errorOf(await call(ctx.app, '/public/book/subscription/create', { id: ids.accept }, { token: owner }))).toBe('SUBSCRIBE:611');
    expect(errorOf(await call(ctx.app, '/public/book/subscription/create', { id: ids.accept }))).toBe('SESSION:301');
  });
});
