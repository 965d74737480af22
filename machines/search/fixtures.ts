import type { BookSearchContent, PublisherSearchContent } from '../../src/contracts/search';
import type { SearchQuery, SearchResults } from './query';

/** Search answers for the path tests and the stories. */

export const bookQuery: SearchQuery = { term: 'harbour', tab: 'books', page: 1, sort: 'relevance' };
export const noTermQuery: SearchQuery = { term: '', tab: 'books', page: 1, sort: 'relevance' };

const hit = (n: number, page: number | null): BookSearchContent['list'][number] => ({
  id: `b${n}`,
  title: n === 1 ? 'Harbour lights: a walking guide' : `Coastal notes ${n}`,
  publisher: { id: `a${n % 3}`, name: n % 3 === 0 ? 'Tidewater Press' : 'Northern Maps' },
  cover: `/thumbs/b${n}/medium.webp?r=1`,
  reader: `/read/b${n}`,
  publishedAt: Date.UTC(2026, 0, n),
  pages: 24,
  reads: 100 - n,
  isAdult: false,
  snippet:
    page === null
      ? { text: 'Harbour lights: a walking guide', marks: [[0, 7]] }
      : {
          text: '…the old harbour wall runs past the fish market to the harbour master’s office…',
          marks: [
            [8, 7],
            [56, 7],
          ],
        },
  page,
});

export const bookResults: SearchResults = {
  tab: 'books',
  content: { list: [hit(1, null), hit(2, 12), hit(3, 3)], total: 53, start: 0, step: 25, sortby: 'relevance' },
};

export const noBooks: SearchResults = { tab: 'books', content: { list: [], total: 0, start: 0, step: 25, sortby: 'relevance' } };

const publishers: PublisherSearchContent = {
  list: [
    { id: 'a1', name: 'Harbour House Books', books: 12 },
    { id: 'a2', name: 'Harbourside Studio', books: 1 },
  ],
  total: 2,
  start: 0,
  step: 25,
};
export const publisherResults: SearchResults = { tab: 'publishers', content: publishers };
export const noPublishers: SearchResults = { tab: 'publishers', content: { list: [], total: 0, start: 0, step: 25 } };
