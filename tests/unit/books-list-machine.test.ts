import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AlertRequest } from '../../machines/alert.machine';
import { emptyPage, fullPage, lastOnePage, pageOf, quietPage } from '../../machines/book-list/fixtures';
import type { ListQuery } from '../../machines/book-list/items';
import {
  type BookListContext,
  bookListMachine,
  type DeleteInput,
  type LoadInput,
  type UpdateInput,
} from '../../machines/book-list.machine';
import { BOOK_LIST_POLL_MS, BOOK_SEARCH_DEBOUNCE_MS } from '../../machines/constants';
import type { BookListItem, BulkItemResult, PagedList } from '../../src/contracts/books';

/** A promise the test settles by hand, to look at the optimistic state in between. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

interface Fakes {
  load?: (input: LoadInput) => Promise<PagedList<BookListItem>>;
  remove?: (input: DeleteInput) => Promise<BulkItemResult[]>;
  update?: (input: UpdateInput) => Promise<BulkItemResult[]>;
}

function start(fakes: Fakes = {}, query?: ListQuery) {
  const loads: LoadInput[] = [];
  const urls: ListQuery[] = [];
  const alerts: AlertRequest[] = [];
  const machine = bookListMachine.provide({
    actors: {
      loadBooks: fromPromise(({ input }: { input: LoadInput }) => {
        loads.push(input);
        return fakes.load ? fakes.load(input) : Promise.resolve(fullPage);
      }),
      deleteBooks: fromPromise(({ input }: { input: DeleteInput }) =>
        fakes.remove ? fakes.remove(input) : Promise.resolve(input.ids.map((id) => ({ id, status: 'ok' as const }))),
      ),
      updateBooks: fromPromise(({ input }: { input: UpdateInput }) =>
        fakes.update ? fakes.update(input) : Promise.resolve(input.ids.map((id) => ({ id, status: 'ok' as const }))),
      ),
    },
    actions: {
      syncUrl: ({ context }) => void urls.push(context.query),
      notify: (_, { alerts: list }) => void alerts.push(...list),
    },
  });
  const actor = createActor(machine, { input: query ? { query } : undefined }).start();
  const ctx = (): BookListContext => actor.getSnapshot().context;
  const ids = () => ctx().items.map((b) => b.id);
  return { actor, ctx, ids, loads, urls, alerts };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('book list machine', () => {
  it('loads the page the URL names and shows it', async () => {
    const { actor, ctx, loads } = start({}, { page: 2, sort: 'name_asc', search: 'x' });
    expect(actor.getSnapshot().matches({ list: 'loading' })).toBe(true);
    await flush();
    expect(loads).toEqual([{ query: { page: 2, sort: 'name_asc', search: 'x' }, step: 25 }]);
    expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true);
    expect(ctx().items).toHaveLength(5);
    expect(ctx().sorts.map((s) => s.id)).toEqual(['date_desc', 'date_asc', 'name_asc', 'name_desc']);
  });

  it('a failed load shows the error id and retries', async () => {
    let fail = true;
    const { actor, ctx } = start({
      load: () => (fail ? Promise.reject({ kind: 'server', type: 'SERVER', code: 500 }) : Promise.resolve(quietPage)),
    });
    await flush();
    expect(actor.getSnapshot().matches({ list: 'failed' })).toBe(true);
    expect(ctx().loadError).toBe('errors.SERVER.500');
    fail = false;
    actor.send({ type: 'user.retry' });
    await flush();
    expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true);
    expect(ctx().loadError).toBeNull();
  });

  it('paging and sorting load, mirror the URL, and ignore the URL echo', async () => {
    const { actor, loads, urls } = start();
    await flush();
    expect(actor.getSnapshot().can({ type: 'user.page', page: 3 })).toBe(false); // 30 books: 2 pages
    actor.send({ type: 'user.page', page: 2 });
    await flush();
    expect(urls.at(-1)).toEqual({ page: 2, sort: null, search: '' });
    actor.send({ type: 'query.changed', query: { page: 2, sort: null, search: '' } }); // the echo
    actor.send({ type: 'user.sort', sort: 'name_asc' });
    await flush();
    expect(urls.at(-1)).toEqual({ page: 1, sort: 'name_asc', search: '' });
    expect(loads.map((l) => l.query)).toEqual([
      { page: 1, sort: null, search: '' },
      { page: 2, sort: null, search: '' },
      { page: 1, sort: 'name_asc', search: '' },
    ]);
    // The sort already shown (the server's default) changes nothing.
    actor.send({ type: 'user.sort', sort: 'name_asc' });
    actor.send({ type: 'user.sort', sort: 'bogus' });
    expect(loads).toHaveLength(3);
  });

  it('search waits for a pause of 300 ms, then loads page 1 of the results', async () => {
    const { actor, loads, urls, ctx } = start({}, { page: 2, sort: null, search: '' });
    await flush();
    actor.send({ type: 'user.searchInput', text: 'ann' });
    await vi.advanceTimersByTimeAsync(BOOK_SEARCH_DEBOUNCE_MS - 50);
    actor.send({ type: 'user.searchInput', text: 'annual ' });
    await vi.advanceTimersByTimeAsync(BOOK_SEARCH_DEBOUNCE_MS - 50);
    expect(loads).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60);
    expect(loads.at(-1)?.query).toEqual({ page: 1, sort: null, search: 'annual' });
    expect(urls.at(-1)).toEqual({ page: 1, sort: null, search: 'annual' });
    expect(ctx().searchText).toBe('annual ');
    // Enter applies at once; clearing the search loads the whole list again.
    actor.send({ type: 'user.searchInput', text: 'minutes' });
    actor.send({ type: 'user.searchSubmit' });
    expect(loads.at(-1)?.query.search).toBe('minutes');
    actor.send({ type: 'user.clearSearch' });
    expect(loads.at(-1)?.query.search).toBe('');
    expect(ctx().searchText).toBe('');
  });

  it('polls the shown page while a book converts, and stops when none does', async () => {
    const pages = [fullPage, fullPage, quietPage];
    const { loads } = start({ load: async () => pages.shift() ?? quietPage });
    await flush();
    expect(loads).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(BOOK_LIST_POLL_MS);
    expect(loads).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(BOOK_LIST_POLL_MS);
    expect(loads).toHaveLength(3); // this answer has nothing converting
    await vi.advanceTimersByTimeAsync(BOOK_LIST_POLL_MS * 3);
    expect(loads).toHaveLength(3);
  });

  it('only finished valid books can be selected; select-all takes those of the page', async () => {
    const { actor, ctx } = start();
    await flush();
    actor.send({ type: 'user.toggle', id: 'b3' }); // converting
    actor.send({ type: 'user.toggle', id: 'b4' }); // error
    actor.send({ type: 'user.toggle', id: 'b5' }); // blocked
    expect(ctx().selected).toEqual([]);
    actor.send({ type: 'user.selectPage' });
    expect(ctx().selected).toEqual(['b1', 'b2']);
    actor.send({ type: 'user.toggle', id: 'b1' });
    expect(ctx().selected).toEqual(['b2']);
    actor.send({ type: 'user.clearSelection' });
    expect(ctx().selected).toEqual([]);
  });

  it('a delete is confirmed, applied at once, and restored in place when the server refuses', async () => {
    const answer = deferred<BulkItemResult[]>();
    const { actor, ctx, ids, alerts } = start({ remove: () => answer.promise });
    await flush();
    expect(actor.getSnapshot().can({ type: 'user.deleteOne', id: 'b3' })).toBe(false); // converting
    actor.send({ type: 'user.deleteOne', id: 'b4' });
    expect(ctx().confirm).toEqual(['b4']);
    actor.send({ type: 'user.cancel' });
    expect(ids()).toContain('b4');
    actor.send({ type: 'user.deleteOne', id: 'b4' });
    actor.send({ type: 'user.confirm' });
    expect(ids()).toEqual(['b1', 'b2', 'b3', 'b5']);
    expect(ctx().total).toBe(29);
    answer.resolve([{ id: 'b4', status: 'error', code: 423 }]);
    await flush();
    expect(ids()).toEqual(['b1', 'b2', 'b3', 'b4', 'b5']);
    expect(ctx().total).toBe(30);
    expect(alerts.map((a) => a.message.id)).toEqual(['errors.BULK.423']);
    expect(ctx().outcome).toEqual({ action: 'delete', ok: 0, failed: 1 });
  });

  it('a bulk delete that partly fails keeps the deleted ones gone, then refills the page', async () => {
    const { actor, ids, alerts, loads } = start({
      remove: async ({ ids: sent }) =>
        sent.map((id) => (id === 'b2' ? { id, status: 'error' as const, code: 404 } : { id, status: 'ok' as const })),
    });
    await flush();
    actor.send({ type: 'user.selectPage' });
    actor.send({ type: 'user.deleteSelected' });
    actor.send({ type: 'user.confirm' });
    expect(ids()).toEqual(['b3', 'b4', 'b5']);
    await flush();
    expect(alerts.map((a) => a.message.id)).toEqual(['book.delete.success', 'errors.BULK.404']);
    expect(loads).toHaveLength(2); // the refill
    expect(ids()).toEqual(['b1', 'b2', 'b3', 'b4', 'b5']); // the fake server still has them all
  });

  it('a failed delete call restores everything and says publish.error', async () => {
    const { actor, ids, alerts } = start({ remove: () => Promise.reject({ kind: 'network' }) });
    await flush();
    actor.send({ type: 'user.deleteOne', id: 'b1' });
    actor.send({ type: 'user.confirm' });
    await flush();
    expect(ids()).toEqual(['b1', 'b2', 'b3', 'b4', 'b5']);
    expect(alerts.map((a) => a.message.id)).toEqual(['publish.error']);
  });

  it('deleting the last book of a page goes to the page before', async () => {
    const { actor, loads, urls } = start(
      { load: async ({ query }) => (query.page === 2 ? lastOnePage : fullPage) },
      { page: 2, sort: null, search: '' },
    );
    await flush();
    actor.send({ type: 'user.deleteOne', id: 'b1' });
    actor.send({ type: 'user.confirm' });
    await flush();
    expect(loads.at(-1)?.query.page).toBe(1);
    expect(urls.at(-1)?.page).toBe(1);
  });

  it('a page past the last one goes to the last page', async () => {
    const { loads, urls } = start(
      { load: async ({ query }) => (query.page > 2 ? pageOf([], 30, 200) : fullPage) },
      { page: 9, sort: null, search: '' },
    );
    await flush();
    expect(loads.map((l) => l.query.page)).toEqual([9, 2]);
    expect(urls.at(-1)?.page).toBe(2);
  });

  it('publishing mode: applied at once, refused items get their mode back, success alert', async () => {
    const answer = deferred<BulkItemResult[]>();
    let sent: UpdateInput | undefined;
    const { actor, ctx, alerts } = start({
      update: (input) => {
        sent = input;
        return answer.promise;
      },
    });
    await flush();
    actor.send({ type: 'user.selectPage' });
    expect(actor.getSnapshot().can({ type: 'user.setMode', mode: 2 })).toBe(true);
    actor.send({ type: 'user.setMode', mode: 2 });
    // b2 is already private: only b1 is sent.
    expect(sent).toEqual({ ids: ['b1'], fields: { publishing_mode: 2 } });
    expect(ctx().items.find((b) => b.id === 'b1')?.publishing_mode).toBe(2);
    answer.resolve([{ id: 'b1', status: 'error', code: 409 }]);
    await flush();
    expect(ctx().items.find((b) => b.id === 'b1')?.publishing_mode).toBe(1);
    expect(alerts.map((a) => a.message.id)).toEqual(['errors.BULK.409']);
    actor.send({ type: 'user.toggle', id: 'b1' });
    expect(actor.getSnapshot().can({ type: 'user.setMode', mode: 2 })).toBe(false); // b2 alone is private already
  });

  it('a query change during an edit waits for it, then loads', async () => {
    const answer = deferred<BulkItemResult[]>();
    const { actor, loads } = start({ remove: () => answer.promise });
    await flush();
    actor.send({ type: 'user.deleteOne', id: 'b1' });
    actor.send({ type: 'user.confirm' });
    actor.send({ type: 'query.changed', query: { page: 2, sort: null, search: '' } });
    expect(loads).toHaveLength(1);
    expect(actor.getSnapshot().matches({ list: { ready: 'deleting' } })).toBe(true);
    answer.resolve([{ id: 'b1', status: 'ok' }]);
    await flush();
    expect(loads.at(-1)?.query.page).toBe(2);
  });

  it('an empty account has no selection and no pages', async () => {
    const { actor } = start({ load: async () => emptyPage });
    await flush();
    expect(actor.getSnapshot().can({ type: 'user.selectPage' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'user.page', page: 2 })).toBe(false);
  });
});
