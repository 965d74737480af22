import type { ImageItem, SkinItem } from '../../src/contracts/library';

/** Library items for the path tests, the stories and the unit tests (issue 16). */

/** Previews as the server names them (the stories draw swatches of `swatchOf` instead). */
const preview = (id: string, file: string) => `/brand/${id}/${file}`;

/** A plain swatch of an item's main colour (stories: no server to load previews from). */
export const SWATCHES: Readonly<Record<string, string>> = {
  a1a1a1a1a1a1a1a1a1a1: '#0b3954',
  b2b2b2b2b2b2b2b2b2b2: '#f5e6c8',
  c3c3c3c3c3c3c3c3c3c3: '#5b8db8',
  d4d4d4d4d4d4d4d4d4d4: '#e8e2d6',
  e5e5e5e5e5e5e5e5e5e5: '#ef6c33',
  f6f6f6f6f6f6f6f6f6f6: '#9ec9f0',
};

export const sampleSkins: SkinItem[] = [
  {
    id: 'a1a1a1a1a1a1a1a1a1a1',
    kind: 'skin',
    name: 'Harbour',
    location: 'resource:a1a1a1a1a1a1a1a1a1a1',
    books: 3,
    created: 1_760_000_000_000,
    'url.preview': preview('a1a1a1a1a1a1a1a1a1a1', 'preview.svg'),
    toolbar: '#0b3954',
    text: '#ffffff',
    accent: '#ff5a5f',
    background: '#e0e0e0',
    style: 'solid',
  },
  {
    id: 'b2b2b2b2b2b2b2b2b2b2',
    kind: 'skin',
    name: 'Paper lantern',
    location: 'resource:b2b2b2b2b2b2b2b2b2b2',
    books: 0,
    created: 1_750_000_000_000,
    'url.preview': preview('b2b2b2b2b2b2b2b2b2b2', 'preview.svg'),
    toolbar: '#f5e6c8',
    text: '#c9b79c',
    accent: '#f0e0c0',
    background: '#fffaf0',
    style: 'translucent',
  },
];

export const sampleBackgrounds: ImageItem[] = [
  {
    id: 'c3c3c3c3c3c3c3c3c3c3',
    kind: 'background',
    name: 'Sea at dawn',
    location: 'resource:c3c3c3c3c3c3c3c3c3c3',
    books: 2,
    created: 1_760_000_000_000,
    width: 1920,
    height: 1080,
    bytes: 182_000,
    'url.preview': preview('c3c3c3c3c3c3c3c3c3c3', 'preview.webp'),
    'url.image': preview('c3c3c3c3c3c3c3c3c3c3', 'image.webp'),
  },
  {
    id: 'd4d4d4d4d4d4d4d4d4d4',
    kind: 'background',
    name: 'Linen',
    location: 'resource:d4d4d4d4d4d4d4d4d4d4',
    books: 0,
    created: 1_750_000_000_000,
    width: 2400,
    height: 1600,
    bytes: 96_000,
    'url.preview': preview('d4d4d4d4d4d4d4d4d4d4', 'preview.webp'),
    'url.image': preview('d4d4d4d4d4d4d4d4d4d4', 'image.webp'),
  },
];

export const sampleLogos: ImageItem[] = [
  {
    id: 'e5e5e5e5e5e5e5e5e5e5',
    kind: 'logo',
    name: 'Our mark',
    location: 'resource:e5e5e5e5e5e5e5e5e5e5',
    books: 1,
    created: 1_760_000_000_000,
    width: 320,
    height: 120,
    bytes: 8_200,
    'url.preview': preview('e5e5e5e5e5e5e5e5e5e5', 'preview.webp'),
    'url.image': preview('e5e5e5e5e5e5e5e5e5e5', 'image.webp'),
  },
];

/** A background the uploader hands over. */
export const uploadedBackground: ImageItem = {
  id: 'f6f6f6f6f6f6f6f6f6f6',
  kind: 'background',
  name: 'New sky',
  location: 'resource:f6f6f6f6f6f6f6f6f6f6',
  books: 0,
  created: 1_770_000_000_000,
  width: 1600,
  height: 1000,
  bytes: 120_000,
  'url.preview': preview('f6f6f6f6f6f6f6f6f6f6', 'preview.webp'),
  'url.image': preview('f6f6f6f6f6f6f6f6f6f6', 'image.webp'),
};

/** Files a user may pick: an image, one of the wrong type, one too large. */
export const PICKED = {
  image: { name: 'Sea_at_dawn.jpg', size: 420_000, type: 'image/jpeg' },
  svg: { name: 'logo.svg', size: 2_000, type: 'image/svg+xml' },
  huge: { name: 'huge.png', size: 6 * 1024 * 1024, type: 'image/png' },
} as const;
