import { describe, expect, it } from 'vitest';
import { paramsFromQuery, queryFromParams, readerLink, searchParamsOf, snippetParts } from '../../machines/search/query';
import { parseFragment } from '../../src/web/routing/fragment';

describe('search page query', () => {
  it('reads the fragment: term, tab, page and sort, with fallbacks', () => {
    expect(queryFromParams(parseFragment('#search-harbour%20wall/books'))).toEqual({
      term: 'harbour wall',
      tab: 'books',
      page: 1,
      sort: 'relevance',
    });
    expect(queryFromParams(parseFragment('#search-x/publishers/page-3'))).toMatchObject({ tab: 'publishers', page: 3 });
    expect(queryFromParams(parseFragment('#search-x/books/page-0/sort-price'))).toMatchObject({ page: 1, sort: 'relevance' });
    expect(queryFromParams(parseFragment('#search-x/page-99999999'))).toMatchObject({ page: 401 });
    expect(queryFromParams({}).term).toBe('');
  });
  it('writes it back without defaults, and asks the API for 25 from the page start', () => {
    const query = { term: 'a b', tab: 'books', page: 2, sort: 'newest' } as const;
    expect(paramsFromQuery(query)).toEqual({ search: 'a b', books: '', page: '2', sort: 'newest' });
    expect(queryFromParams(paramsFromQuery(query))).toEqual(query);
    expect(searchParamsOf(query)).toEqual({ q: 'a b', start: 25, step: 25, sortby: 'newest' });
    expect(searchParamsOf({ ...query, tab: 'publishers', page: 1 })).toEqual({ q: 'a b', start: 0, step: 25 });
  });
  it('cuts a snippet into plain and marked pieces, ignoring bad ranges', () => {
    expect(snippetParts({ text: 'the harbour wall', marks: [[4, 7]] })).toEqual([
      { text: 'the ', marked: false },
      { text: 'harbour', marked: true },
      { text: ' wall', marked: false },
    ]);
    expect(
      snippetParts({
        text: 'abc',
        marks: [
          [1, 5],
          [-1, 1],
          [0, 1],
          [0, 2],
        ],
      }),
    ).toEqual([
      { text: 'a', marked: true },
      { text: 'bc', marked: false },
    ]);
  });
  it('links the reader at the page with the words', () => {
    expect(readerLink('/read/b1', 12, 'harbour wall')).toBe('/read/b1#page=12&q=harbour%20wall');
    expect(readerLink('/read/b1', null, 'x')).toBe('/read/b1');
  });
});
