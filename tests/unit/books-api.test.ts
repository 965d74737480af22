import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fullPage } from '../../machines/book-list/fixtures';
import { type Alert, ApiCallError, createApiClient, DEFAULT_CLIENT_CONFIG } from '../../src/api';
import { BOOKS_URL, booksApi, listSearchParams } from '../../src/api/books';
import { fail, type Handler, ok, startServer } from './api/test-server';

let server: Awaited<ReturnType<typeof startServer>>;
let route: Handler;

beforeAll(async () => {
  server = await startServer((req) => route(req));
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  route = () => ok(fullPage);
});

function setup() {
  const alerts: Alert[] = [];
  const client = createApiClient({
    config: { ...DEFAULT_CLIENT_CONFIG, api: `${server.origin}/api` },
    onAlert: (alert) => alerts.push(alert),
    readCookie: () => undefined,
  });
  return { books: booksApi(client), alerts };
}

describe('listSearchParams', () => {
  it('turns 1-based pages into 0-based offsets and leaves out empty filters', () => {
    expect(listSearchParams({ page: 1 })).toEqual({ start: 0, step: 25 });
    expect(listSearchParams({ page: 3, sort: 'name_asc', search: '  flip ' })).toEqual({
      start: 50,
      step: 25,
      sortby: 'name_asc',
      search: 'flip',
    });
    expect(listSearchParams({ page: 2, step: 10, sort: null, search: '   ' })).toEqual({ start: 10, step: 10 });
  });
});

describe('booksApi.list', () => {
  it('GETs the list with start, step, sortby, search and v=2, and answers the paged list', async () => {
    const { books } = setup();
    const page = await books.list({ page: 2, sort: 'date_asc', search: 'report' });
    const [req] = server.requests;
    expect(req?.method).toBe('GET');
    expect(req?.path).toBe(`/api/${BOOKS_URL}`);
    expect(Object.fromEntries(req?.query ?? [])).toEqual({ start: '25', step: '25', sortby: 'date_asc', search: 'report', v: '2' });
    expect(page.list.map((b) => b.id)).toEqual(['b1', 'b2', 'b3', 'b4', 'b5']);
    expect(page.sortby.available[0]).toEqual({ id: 'date_desc', label: 'book.sort.date_desc' });
  });

  it('a list that does not have the contract shape is a parse error, without an alert (the view shows it)', async () => {
    route = () => ok({ ...fullPage, list: [{ id: 7 }] });
    const { books, alerts } = setup();
    await expect(books.list({ page: 1 })).rejects.toMatchObject({ kind: 'parse' });
    expect(alerts).toEqual([]);
  });

  it('a server error rejects with its type and code, without an alert', async () => {
    route = () => fail({ type: 'SERVER', code: 500 }, 500);
    const { books, alerts } = setup();
    await expect(books.list({ page: 1 })).rejects.toMatchObject({ kind: 'server', type: 'SERVER', code: 500 });
    expect(alerts).toEqual([]);
  });
});

describe('booksApi.updateMany', () => {
  it('POSTs ids and fields to account/book/update and answers the per-item results', async () => {
    route = () =>
      ok([
        { id: 'b1', status: 'ok' },
        { id: 'b2', status: 'error', code: 423 },
      ]);
    const { books, alerts } = setup();
    const results = await books.updateMany(['b1', 'b2'], { publishing_mode: 2 });
    const [req] = server.requests;
    expect(req?.method).toBe('POST');
    expect(req?.path).toBe('/api/account/book/update');
    expect(req?.body).toEqual({ publishing_mode: 2, ids: ['b1', 'b2'] });
    expect(results).toEqual([
      { id: 'b1', status: 'ok' },
      { id: 'b2', status: 'error', code: 423 },
    ]);
    expect(alerts).toEqual([]);
  });

  it('accepts results wrapped as {items}', async () => {
    route = () => ok({ items: [{ id: 'b1', status: 'ok' }] });
    const { books } = setup();
    expect(await books.updateMany(['b1'], { publishing_mode: 1 })).toEqual([{ id: 'b1', status: 'ok' }]);
  });

  it('a refusal of every item (error envelope with content.items) resolves as per-item errors', async () => {
    route = () =>
      fail(
        {
          type: 'BULK',
          code: 423,
          items: [
            { id: 'b1', status: 'error', code: 423 },
            { id: 'b2', status: 'error', code: 404 },
          ],
        },
        423,
      );
    const { books, alerts } = setup();
    expect(await books.updateMany(['b1', 'b2'], { publishing_mode: 2 })).toEqual([
      { id: 'b1', status: 'error', code: 423 },
      { id: 'b2', status: 'error', code: 404 },
    ]);
    expect(alerts).toEqual([]);
  });

  it('malformed results are a parse error, not a silent success', async () => {
    route = () => ok([{ id: 'b1', status: 'maybe' }]);
    const { books } = setup();
    await expect(books.updateMany(['b1'], { publishing_mode: 2 })).rejects.toBeInstanceOf(ApiCallError);
  });

  it('an error without items rejects (the caller restores everything)', async () => {
    route = () => fail({ type: 'SERVER', code: 500 }, 500);
    const { books } = setup();
    await expect(books.updateMany(['b1'], { publishing_mode: 2 })).rejects.toMatchObject({ kind: 'server', code: 500 });
  });
});

describe('booksApi.update', () => {
  it('POSTs one id with the fields and answers the book', async () => {
    route = () => ok({ id: 'b1', name: 'New name' });
    const { books } = setup();
    const book = await books.update('b1', { name: 'New name' });
    expect(server.requests[0]?.body).toEqual({ name: 'New name', id: 'b1' });
    expect(book).toMatchObject({ id: 'b1', name: 'New name' });
  });
});

describe('booksApi.renewPrivateLink', () => {
  it('POSTs the id to account/book/private/renew and answers the book with its new link', async () => {
    route = () => ok({ id: 'b2', url: { private: '/read/b2?token=new' } });
    const { books, alerts } = setup();
    const book = await books.renewPrivateLink('b2');
    expect(server.requests[0]?.method).toBe('POST');
    expect(server.requests[0]?.path).toBe(`/api/${BOOKS_URL}private/renew`);
    expect(server.requests[0]?.body).toEqual({ id: 'b2' });
    expect(book.url.private).toBe('/read/b2?token=new');
    expect(alerts).toEqual([]);
  });
});

describe('booksApi.remove', () => {
  it('one book is sent as {id}; an answer without results means it is gone', async () => {
    route = () => ok({ id: 'b1' });
    const { books } = setup();
    expect(await books.remove(['b1'])).toEqual([{ id: 'b1', status: 'ok' }]);
    expect(server.requests[0]?.path).toBe('/api/account/book/delete');
    expect(server.requests[0]?.method).toBe('POST');
    expect(server.requests[0]?.body).toEqual({ id: 'b1' });
  });

  it('several books are sent as {ids} and answer per item', async () => {
    route = () =>
      ok([
        { id: 'b1', status: 'ok' },
        { id: 'b2', status: 'error', code: 404 },
      ]);
    const { books } = setup();
    expect(await books.remove(['b1', 'b2'])).toEqual([
      { id: 'b1', status: 'ok' },
      { id: 'b2', status: 'error', code: 404 },
    ]);
    expect(server.requests[0]?.body).toEqual({ ids: ['b1', 'b2'] });
  });

  it('a refusal of every item names the ids by position when the items carry none', async () => {
    route = () => fail({ type: 'BULK', code: 423, items: [{ status: 'error', code: 423 }, { status: 'error' }] }, 423);
    const { books } = setup();
    expect(await books.remove(['b1', 'b2'])).toEqual([
      { id: 'b1', status: 'error', code: 423 },
      { id: 'b2', status: 'error', code: 423 },
    ]);
  });
});
