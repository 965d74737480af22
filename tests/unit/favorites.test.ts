import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { favorite, favoritesFirst, favoritesPastEnd, unavailable } from '../../machines/favorites/fixtures';
import { favoriteHeartMachine, problemOf } from '../../machines/favorites/heart.machine';
import { type FavoriteListPage, favoriteListMachine, favoritePages } from '../../machines/favorites/list.machine';
import { ERRORS } from '../../src/contracts/errors';
import { FAVORITE_LIMIT_CODE, FAVORITE_PRIVATE_CODE } from '../../src/contracts/favorite-limits';
import type { FavoriteState } from '../../src/contracts/favorites';
import { createFavoriteApi, inFrame, problemOfEnvelope } from '../../src/viewer/render/favorite-api';
import { favoritesUrl, pageParam } from '../../src/web/components/favorites/url';

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('favourite error codes', () => {
  it('are the catalogue’s', () => {
    expect(ERRORS.favoriteLimit).toMatchObject({ type: 'FAVORITE', code: FAVORITE_LIMIT_CODE });
    expect(ERRORS.favoritePrivate).toMatchObject({ type: 'FAVORITE', code: FAVORITE_PRIVATE_CODE });
  });
  it('read as the heart’s problems', () => {
    expect(problemOfEnvelope({ type: 'FAVORITE', code: FAVORITE_LIMIT_CODE })).toBe('limit');
    expect(problemOfEnvelope({ type: 'FAVORITE', code: FAVORITE_PRIVATE_CODE })).toBe('private');
    expect(problemOfEnvelope({ type: 'SESSION', code: 301 })).toBe('session');
    expect(problemOfEnvelope({ type: 'BOOK', code: 410 })).toBe('failed');
    expect(problemOfEnvelope(null)).toBe('failed');
    expect(problemOf({ problem: 'limit' })).toBe('limit');
    expect(problemOf({ problem: 'nonsense' })).toBe('failed');
    expect(problemOf(new Error('x'))).toBe('failed');
    expect(problemOf(null)).toBe('failed');
  });
});

describe("the reader's favourite calls", () => {
  function recorder(content: unknown, status = 'ok') {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ status, content }), { headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    return { calls, fetchImpl };
  }
  it('asks with v=2, the book id and the private token; adds and removes with JSON and the bearer token', async () => {
    const r = recorder({ favorite: true, allowed: true });
    const api = createFavoriteApi('/api', 'b1', 'a'.repeat(32), 'tok', r.fetchImpl);
    expect(await api.state()).toEqual({ favorite: true, allowed: true });
    const get = new URL(r.calls[0]?.url ?? '', 'http://x');
    expect(get.pathname).toBe('/api/public/book/favorite/get');
    expect(Object.fromEntries(get.searchParams)).toEqual({ id: 'b1', token: 'a'.repeat(32), v: '2' });
    await api.add();
    expect(r.calls[1]?.url).toBe('/api/public/book/favorite/create?v=2');
    expect(JSON.parse(String(r.calls[1]?.init.body))).toEqual({ id: 'b1', token: 'a'.repeat(32) });
    expect((r.calls[1]?.init.headers as Record<string, string> | undefined)?.authorization).toBe('Bearer tok');
    await api.remove();
    expect(r.calls[2]?.url).toBe('/api/account/favorite/delete?v=2');
    expect(JSON.parse(String(r.calls[2]?.init.body))).toEqual({ id: 'b1' });
  });
  it('rejects a refusal with its problem, and a network failure as failed', async () => {
    const refused = createFavoriteApi(
      '/api',
      'b1',
      null,
      'tok',
      recorder({ type: 'FAVORITE', code: FAVORITE_LIMIT_CODE }, 'error').fetchImpl,
    );
    await expect(refused.add()).rejects.toEqual({ problem: 'limit' });
    const offline = createFavoriteApi('/api', 'b1', null, 'tok', (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch);
    await expect(offline.remove()).rejects.toEqual({ problem: 'failed' });
  });
  it('knows a frame from the top window', () => {
    const top = {} as Window;
    expect(inFrame({ self: top, top } as unknown as Window)).toBe(false);
    expect(inFrame({ self: {}, top } as unknown as Window)).toBe(true);
    const crossOrigin = {
      self: {},
      get top(): Window {
        throw new DOMException('blocked', 'SecurityError');
      },
    };
    expect(inFrame(crossOrigin as unknown as Window)).toBe(true);
  });
});

describe('the heart machine', () => {
  it('restores the previous state when the server refuses, and keeps why until dismissed', async () => {
    const actor = createActor(
      favoriteHeartMachine.provide({
        actors: {
          loadFavorite: fromPromise<FavoriteState>(async () => ({ favorite: true, allowed: true })),
          removeFavorite: fromPromise<unknown>(async () => {
            throw { problem: 'session' };
          }),
        },
      }),
      { input: { signedIn: true } },
    ).start();
    await settle();
    expect(actor.getSnapshot().value).toBe('on');
    actor.send({ type: 'user.toggle' });
    await settle();
    expect(actor.getSnapshot().value).toBe('on');
    expect(actor.getSnapshot().context.problem).toBe('session');
    actor.send({ type: 'user.dismiss' });
    expect(actor.getSnapshot().context.problem).toBeNull();
  });
  it('shows no heart where none may be kept, and explains sign-in to a signed-out reader', async () => {
    const refused = createActor(
      favoriteHeartMachine.provide({
        actors: { loadFavorite: fromPromise<FavoriteState>(async () => ({ favorite: false, allowed: false })) },
      }),
      { input: { signedIn: false } },
    ).start();
    await settle();
    expect(refused.getSnapshot().value).toBe('unavailable');
    expect(refused.getSnapshot().can({ type: 'user.toggle' })).toBe(false);
    const visitor = createActor(favoriteHeartMachine, { input: { signedIn: false } }).start();
    await settle();
    expect(visitor.getSnapshot().value).toEqual({ signedOut: 'idle' });
    visitor.send({ type: 'user.toggle' });
    expect(visitor.getSnapshot().value).toEqual({ signedOut: 'prompt' });
  });
});

describe('the favourite list machine', () => {
  it('takes a removed card out at once and puts it back with its first date on Undo', async () => {
    const restored: unknown[] = [];
    const actor = createActor(
      favoriteListMachine.provide({
        actors: {
          loadFavorites: fromPromise<FavoriteListPage, { page: number; step: number }>(async () => favoritesFirst),
          removeFavorite: fromPromise<unknown, { id: string }>(async () => ({})),
          restoreFavorite: fromPromise<unknown, { id: string; added: number }>(async ({ input }) => {
            restored.push(input);
            return {};
          }),
        },
      }),
      { input: {} },
    ).start();
    await settle();
    actor.send({ type: 'user.remove', id: 'f2' });
    expect(actor.getSnapshot().context.items.map((f) => f.id)).toEqual(['f1', 'f3', 'f4']);
    await settle();
    expect(actor.getSnapshot().value).toEqual({ loaded: 'removed' });
    expect(actor.getSnapshot().context.total).toBe(26);
    actor.send({ type: 'user.undo' });
    await settle();
    expect(restored).toEqual([{ id: 'f2', added: favorite('f2', '', 3).created_at }]);
    expect(actor.getSnapshot().context.items.map((f) => f.id)).toEqual(['f1', 'f2', 'f3', 'f4']);
    expect(actor.getSnapshot().context.total).toBe(27);
    // An unavailable entry cannot be added again: no Undo.
    actor.send({ type: 'user.remove', id: 'f3' });
    await settle();
    expect(actor.getSnapshot().context.removed?.item).toEqual(unavailable('f3', 9));
    expect(actor.getSnapshot().can({ type: 'user.undo' })).toBe(false);
  });
  it('loads the last page instead of one past the end, in place of it in the URL', async () => {
    const urls: unknown[] = [];
    const pages: number[] = [];
    const actor = createActor(
      favoriteListMachine.provide({
        actors: {
          loadFavorites: fromPromise<FavoriteListPage, { page: number; step: number }>(async ({ input }) => {
            pages.push(input.page);
            return input.page === 3 ? favoritesPastEnd : { ...favoritesFirst, start: 25 };
          }),
        },
        actions: { syncUrl: (_, params) => urls.push(params) },
      }),
      { input: { page: 3 } },
    ).start();
    await settle();
    await settle();
    expect(pages).toEqual([3, 2]);
    expect(urls).toEqual([{ page: 2, replace: true }]);
    expect(actor.getSnapshot().value).toEqual({ loaded: 'idle' });
  });
  it('counts pages and reads and writes the page of the URL', () => {
    expect(favoritePages(0, 25)).toBe(1);
    expect(favoritePages(25, 25)).toBe(1);
    expect(favoritePages(26, 25)).toBe(2);
    expect(favoritesUrl(1)).toBe('/account/favorite');
    expect(favoritesUrl(3)).toBe('/account/favorite#page-3');
    expect(pageParam({ page: '3' })).toBe(3);
    for (const bad of ['0', '-1', 'x', '1.5', '']) expect(pageParam({ page: bad })).toBe(1);
    expect(pageParam({})).toBe(1);
  });
});
