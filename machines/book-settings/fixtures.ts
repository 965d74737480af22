import type { Book } from '../../src/contracts/books';
import type { Folder, PresetItem, PresetLists } from '../../src/contracts/presets';

/**
 * Presets, folders and books for the book settings machine's path tests, unit tests and stories
 * (previews are drawn in place: the real ones live on the server).
 */

const swatch = (colour: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 30"><rect width="40" height="30" fill="${colour}"/></svg>`)}`;

const item = (type: string, id: string, name: string, location: string, preview: string): PresetItem => ({
  id,
  name,
  description: `${name} (${type})`,
  type,
  location,
  enabled: true,
  'url.preview': preview,
});

export const PRESETS: PresetLists = {
  skins: [
    item('skin', '2021', 'Quire 2021', '2021', swatch('#3d3ad6')),
    item('skin', 'classic', 'Classic', 'classic', swatch('#8a6d3b')),
    item('skin', 'night', 'Night', 'night', swatch('#1c1c28')),
  ],
  backgrounds: [
    item('background', 'a1', 'Paper', 'resource:a1', swatch('#f4efe4')),
    item('background', 'a2', 'Slate', 'resource:a2', swatch('#4b5563')),
  ],
  logos: [item('logo', 'b1', 'Round mark', 'resource:b1', swatch('#f08a3e'))],
  logolinks: [item('logolink', 'c1', 'Quire', 'https://quire.example/', swatch('#1a7f52'))],
  musics: [item('music', 'd1', 'Calm', 'resource:d1', '/presets/d1.wav')],
  sfx: [item('sfx', 'e1', 'Page turn', 'resource:e1', '/presets/e1.wav')],
};

export const FOLDERS: Folder[] = [
  { id: 'f1', name: 'Reports', books: 2 },
  { id: 'f2', name: 'Catalogues', books: 0 },
];

/** 2026-01-01T12:00:00Z in seconds (the book list fixtures' publication). */
const CREATED = 1_767_268_800;

export function makeSettingsBook(id: string, overrides: Partial<Book> = {}): Book {
  return {
    id,
    name: `Book ${id}`,
    description: 'An annual report.',
    is_adult: 0,
    adult_mode: 0,
    'document.view': 'auto',
    'skin.url': '2021',
    'bg.url': null,
    'logo.url': null,
    'logo.link': null,
    'music.url': null,
    'music.mode': 0,
    'sfx.url': null,
    'sfx.mode': 0,
    read_mode: 0,
    comment_mode: 4,
    download_mode: 2,
    print_mode: 2,
    share_mode: 1,
    license_mode: '',
    publishing_mode: 1,
    private_url: 0,
    subscribe_mode: 0,
    'subscription.id': null,
    date: '2026-01-01',
    files: [{ name: `${id}.pdf`, size: 1000, kind: 'pdf' }],
    is_scheduled: false,
    publication: CREATED,
    publish_date: null,
    is_published: true,
    image: { small: null, medium: null, large: null },
    url: { overview: `/publication/${id}`, viewer: `/read/${id}` },
    document: { status: 'DONE', error_code: null, pages_done: 12, pages_total: 12, pages: 12, direction: 'ltr' },
    start_time: CREATED * 1000,
    triggers: [],
    ...overrides,
  } as Book;
}

/** A public book with a custom logo link (its switch starts on) and a private one with its private link. */
export const settingsBook = makeSettingsBook('b1', { name: 'Annual report 2025', 'logo.link': 'https://example.org/about' });
export const privateBook = makeSettingsBook('b2', {
  name: 'Board minutes',
  publishing_mode: 2,
  private_url: 1,
  url: { overview: '/read/b2', viewer: '/read/b2', private: '/read/b2?token=abc' },
});

/** A fixed "now" for tests and stories: 2026-03-02T09:02:00Z (rounds up to 09:05). */
export const NOW = Date.UTC(2026, 2, 2, 9, 2);
