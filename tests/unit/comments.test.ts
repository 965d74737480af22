import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { heldPage, ownerComment } from '../../machines/account-sections/fixtures';
import { ownerCommentsMachine } from '../../machines/account-sections/owner-comments.machine';
import { commentsMachine } from '../../machines/reader/comments.machine';
import type { SubscriptionState } from '../../src/contracts/comments';
import { createCommentsApi, STORED_USER_KEY, storedAccessToken } from '../../src/viewer/render/comments-api';
import { USER_KEY } from '../../src/web/session/user-store';

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("the reader's stored session", () => {
  const storage = (value: unknown) => ({ getItem: (k: string) => (k === USER_KEY ? JSON.stringify(value) : null) });
  it('reads the key the app writes', () => {
    expect(STORED_USER_KEY).toBe(USER_KEY);
  });
  it('answers a valid token, nothing for an expired, missing or broken one', () => {
    const now = 1_000_000;
    expect(storedAccessToken(storage({ session: { access_token: 'tok', expires_at: now + 1 } }), now)).toBe('tok');
    expect(storedAccessToken(storage({ session: { access_token: 'tok', expires_at: now - 1 } }), now)).toBeNull();
    expect(storedAccessToken(storage({ session: {} }), now)).toBeNull();
    expect(storedAccessToken(storage(null), now)).toBeNull();
    expect(storedAccessToken({ getItem: () => '{not json' }, now)).toBeNull();
    expect(storedAccessToken(null, now)).toBeNull();
  });
});

describe('comment calls', () => {
  function recorder(content: unknown, status = 'ok') {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ status, content }), { headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    return { calls, fetchImpl };
  }
  it('lists with v=2, the book id and the private token, posts JSON with the bearer token', async () => {
    const r = recorder({ list: [], total: 0, start: 0, step: { current: 20 } });
    const api = createCommentsApi('/api', 'b1', 'a'.repeat(32), 'tok', r.fetchImpl);
    await api.list(20);
    const list = new URL(r.calls[0]?.url ?? '', 'http://x');
    expect(list.pathname).toBe('/api/public/book/comment/');
    expect(Object.fromEntries(list.searchParams)).toEqual({ id: 'b1', token: 'a'.repeat(32), start: '20', v: '2' });
    await api.post('Hello');
    const post = r.calls[1];
    expect(post?.url).toBe('/api/public/book/comment/create?v=2');
    expect(post?.init.method).toBe('POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({ id: 'b1', token: 'a'.repeat(32), text: 'Hello' });
    expect((post?.init.headers as Record<string, string> | undefined)?.authorization).toBe('Bearer tok');
    await api.follow(false);
    expect(r.calls[2]?.url).toBe('/api/public/book/subscription/delete?v=2');
  });
  it('does not ask for the subscription state without a session, and rejects error envelopes', async () => {
    const r = recorder({ type: 'COMMENT', code: 601 }, 'error');
    const anonymous = createCommentsApi('/api', 'b1', null, null, r.fetchImpl);
    expect(await anonymous.subscription()).toEqual({ subscribed: false });
    expect(r.calls).toHaveLength(0);
    await expect(anonymous.post('x')).rejects.toEqual({ type: 'COMMENT', code: 601 });
  });
});

describe('reader comments machine', () => {
  const comment = (id: string) => ({ id, author_name: 'Ada', text: id, created_at: 1 });
  function start(post: 'published' | 'held' | 'fail', signedIn = true) {
    const actor = createActor(
      commentsMachine.provide({
        actors: {
          loadComments: fromPromise(async () => ({ list: [comment('old')], total: 1, start: 0, step: { current: 20 } })),
          postComment: fromPromise(async ({ input }) => {
            if (post === 'fail') throw new Error('offline');
            return { status: post, comment: comment(input.text) };
          }),
          loadSubscription: fromPromise(async (): Promise<SubscriptionState> => ({ subscribed: false })),
          setSubscription: fromPromise(async (): Promise<SubscriptionState> => {
            throw new Error('refused');
          }),
        },
      }),
      { input: { signedIn } },
    ).start();
    return actor;
  }
  it('posts a published comment to the top of the list and clears the draft', async () => {
    const a = start('published');
    a.send({ type: 'user.open' });
    await settle();
    a.send({ type: 'user.type', text: '  new  ' });
    a.send({ type: 'user.post' });
    await settle();
    expect(a.getSnapshot().context.comments.map((c) => c.id)).toEqual(['new', 'old']);
    expect(a.getSnapshot().context.draft).toBe('');
  });
  it('keeps what is typed while the comments are still loading (the form shows then)', async () => {
    const a = start('published');
    a.send({ type: 'user.open' });
    expect(a.getSnapshot().matches({ panel: 'loading' })).toBe(true);
    a.send({ type: 'user.type', text: 'early bird' });
    await settle();
    expect(a.getSnapshot().matches({ panel: 'ready' })).toBe(true);
    expect(a.getSnapshot().context.draft).toBe('early bird');
    expect(a.getSnapshot().can({ type: 'user.post' })).toBe(true);
  });
  it('keeps a held comment out of the list; keeps the draft when posting fails', async () => {
    const held = start('held');
    held.send({ type: 'user.open' });
    await settle();
    held.send({ type: 'user.type', text: 'wait' });
    held.send({ type: 'user.post' });
    await settle();
    expect(held.getSnapshot().matches({ panel: { ready: { form: 'held' } } })).toBe(true);
    expect(held.getSnapshot().context.comments.map((c) => c.id)).toEqual(['old']);
    const failing = start('fail');
    failing.send({ type: 'user.open' });
    await settle();
    failing.send({ type: 'user.type', text: 'keep me' });
    failing.send({ type: 'user.post' });
    await settle();
    expect(failing.getSnapshot().matches({ panel: { ready: { form: 'postFailed' } } })).toBe(true);
    expect(failing.getSnapshot().context.draft).toBe('keep me');
  });
  it('refuses posting an empty draft or without a session; a refused follow goes back to off', async () => {
    const a = start('published');
    a.send({ type: 'user.open' });
    await settle();
    a.send({ type: 'user.type', text: '   ' });
    expect(a.getSnapshot().can({ type: 'user.post' })).toBe(false);
    const anonymous = start('published', false);
    anonymous.send({ type: 'user.open' });
    await settle();
    anonymous.send({ type: 'user.type', text: 'hi' });
    expect(anonymous.getSnapshot().can({ type: 'user.post' })).toBe(false);
    expect(anonymous.getSnapshot().can({ type: 'user.follow' })).toBe(false);
    await settle();
    a.send({ type: 'user.follow' });
    expect(a.getSnapshot().matches({ follow: 'subscribing' })).toBe(true);
    await settle();
    expect(a.getSnapshot().matches({ follow: 'off' })).toBe(true);
  });
});

describe('owner comments machine', () => {
  it('restores a comment at its place when deleting fails, and drops it when it succeeds', async () => {
    let fail = true;
    const actor = createActor(
      ownerCommentsMachine.provide({
        actors: {
          loadComments: fromPromise(async () => ({
            ...heldPage,
            list: [ownerComment('c1'), ownerComment('c2'), ownerComment('c3')],
            total: 3,
          })),
          deleteComment: fromPromise(async (): Promise<unknown> => {
            if (fail) throw new Error('refused');
            return {};
          }),
        },
      }),
      { input: { filter: 'held' } },
    ).start();
    await settle();
    actor.send({ type: 'user.delete', id: 'c2' });
    expect(actor.getSnapshot().context.items.map((c) => c.id)).toEqual(['c1', 'c3']);
    await settle();
    expect(actor.getSnapshot().context.items.map((c) => c.id)).toEqual(['c1', 'c2', 'c3']);
    fail = false;
    actor.send({ type: 'user.delete', id: 'c2' });
    await settle();
    expect(actor.getSnapshot().context.items.map((c) => c.id)).toEqual(['c1', 'c3']);
    expect(actor.getSnapshot().context.total).toBe(2);
  });
  it('approves only in the held filter and ends empty after the last one', async () => {
    const actor = createActor(
      ownerCommentsMachine.provide({
        actors: {
          loadComments: fromPromise(async ({ input }) => ({
            ...heldPage,
            list: input.filter === 'held' ? [ownerComment('c1')] : [ownerComment('c9', 'published')],
            total: 1,
          })),
        },
      }),
      { input: {} },
    ).start();
    await settle();
    actor.send({ type: 'user.approve', id: 'c1' });
    await settle();
    expect(actor.getSnapshot().value).toBe('empty');
    actor.send({ type: 'user.filter', filter: 'published' });
    await settle();
    expect(actor.getSnapshot().can({ type: 'user.approve', id: 'c9' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'user.delete', id: 'c9' })).toBe(true);
  });
});
