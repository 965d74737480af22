import type { ReaderBook } from '../../src/contracts/reader';

/** Small books for the path tests, stories and unit tests (five pages: cover, two spreads). */
const page = (links: ReaderBook['pages'][number]['links'] = []) => ({ width: 595, height: 842, links });

export const sampleBook: ReaderBook = {
  id: 'b1',
  name: 'Welcome to Quire',
  description: 'A short tour.',
  account: { name: 'Demo', url: { overview: '/demo' } },
  publication: 1_700_000_000,
  pages: [
    page(),
    page([{ rect: [0.1, 0.1, 0.3, 0.05], page: 4 }]),
    page([{ rect: [0.1, 0.8, 0.5, 0.05], url: 'https://example.org/' }]),
    page(),
    page(),
  ],
  outline: [
    { title: 'Cover', page: 1, items: [] },
    { title: 'Chapter 1', page: 2, items: [{ title: 'Section 1.1', page: 3, items: [] }] },
  ],
  direction: 'ltr',
  view: 'auto',
  pageUrl: '/pages/b1/{w}/{n}.webp?r=1',
  image: { small: null, medium: null, large: null },
  skin: '2021',
  background: null,
  logo: null,
  music: null,
  sfx: { url: null, enabled: false },
  download: true,
  print: true,
  share: true,
  license: 'by',
  comments: 4,
  subscribe: false,
  is_adult: false,
  publishing_mode: 1,
  source_kind: 'pdf',
};

export const adultBook: ReaderBook = { ...sampleBook, id: 'b2', is_adult: true };
export const rtlBook: ReaderBook = { ...sampleBook, id: 'b3', direction: 'rtl', outline: [], share: false, download: false };

/** sampleBook while its conversion runs (progressive reading): two pages drawn so far, no outline or links yet. */
export const convertingBook: ReaderBook = {
  ...sampleBook,
  pages: sampleBook.pages.map((p) => ({ ...p, links: [] })),
  outline: [],
  download: false,
  print: false,
  converting: { pages_done: 2, pages_total: 5 },
};
/** The same a moment later: four pages drawn. */
export const convertingBookLater: ReaderBook = { ...convertingBook, converting: { pages_done: 4, pages_total: 5 } };
