import * as v from 'valibot';
import {
  type BrandFile,
  DEFAULT_SKIN_DESIGN,
  type ImageItem,
  type ImageKind,
  LIBRARY_FIELD,
  libraryLocation,
  type SkinDesign,
  SkinDesignSchema,
  type SkinItem,
} from '../../contracts/library';
import { RESOURCE_TOKEN } from '../../contracts/presets';
import type { ReaderTheme } from '../../contracts/reader';
import type { LibraryItemsTable } from '../db/schema';
import { skinPreviewSvg } from '../presets/svg';

/**
 * What the libraries' rows look like to their owner (the API) and to the reader, and the URLs of
 * their files: `{skins}/brand/<id>/<file>` (routes/library/site.ts). The owner's previews open with
 * the owner's session; the reader's URLs name the book (`b`) and, for a private one, its pages token.
 */

export const brandUrl = (skinsHost: string, id: string, file: BrandFile, query = '') =>
  `${skinsHost}/brand/${id}/${file}${query ? `?${query}` : ''}`;

/** A skin row's design (a stored value that no longer reads is the default's colours). */
export function designOf(row: Pick<LibraryItemsTable, 'design'>): SkinDesign {
  let stored: unknown;
  try {
    stored = JSON.parse(row.design ?? 'null');
  } catch {
    stored = null;
  }
  const parsed = v.safeParse(SkinDesignSchema, stored);
  return parsed.success ? parsed.output : DEFAULT_SKIN_DESIGN;
}

export function skinView(row: LibraryItemsTable, books: number, skinsHost: string): SkinItem {
  return {
    id: row.id,
    kind: 'skin',
    name: row.name,
    location: libraryLocation(row.id),
    books,
    created: row.created_at,
    'url.preview': brandUrl(skinsHost, row.id, 'preview.svg'),
    ...designOf(row),
  };
}

export function imageView(row: LibraryItemsTable, books: number, skinsHost: string): ImageItem {
  return {
    id: row.id,
    kind: row.kind as ImageKind,
    name: row.name,
    location: libraryLocation(row.id),
    books,
    created: row.created_at,
    width: row.width ?? 1,
    height: row.height ?? 1,
    bytes: row.bytes ?? 0,
    'url.preview': brandUrl(skinsHost, row.id, 'preview.webp'),
    'url.image': brandUrl(skinsHost, row.id, 'image.webp'),
  };
}

/** A miniature reader in a skin's colours (the selectors' and the library's preview). */
export function skinPreview(design: SkinDesign): string {
  const bar = design.style === 'minimal' ? design.background : design.toolbar;
  return skinPreviewSvg({
    room: design.background,
    bar,
    ink: design.text,
    accent: design.accent,
    radius: design.style === 'translucent' ? 6 : 0,
    inset: design.style === 'translucent' ? 4 : 0,
  });
}

/** The library id a book field names, when it is a `resource:` value. */
export function resourceId(value: unknown): string | undefined {
  return typeof value === 'string' && RESOURCE_TOKEN.test(value.trim()) ? value.trim().slice('resource:'.length) : undefined;
}

export interface ReaderLibrary {
  theme: ReaderTheme | null;
  background: string | null;
  logo: string | null;
}

/**
 * A book's own library items as the reader shows them: the skin's colours, and the URLs of the
 * background and logo images, which name the book (and its pages token when private) so that whoever
 * may read the book may load them. Only items of the book's own account count.
 */
export function readerLibrary(
  items: LibraryItemsTable[],
  settings: Record<string, unknown>,
  book: { id: string; accountId: string; pagesToken: string | null },
  skinsHost: string,
): ReaderLibrary {
  const of = (kind: LibraryItemsTable['kind']) => {
    const id = resourceId(settings[LIBRARY_FIELD[kind]]);
    return items.find((item) => item.id === id && item.kind === kind && item.account_id === book.accountId);
  };
  const query = `b=${book.id}${book.pagesToken ? `&t=${book.pagesToken}` : ''}`;
  const skin = of('skin');
  const background = of('background');
  const logo = of('logo');
  return {
    theme: skin ? designOf(skin) : null,
    background: background ? brandUrl(skinsHost, background.id, 'image.webp', query) : null,
    logo: logo ? brandUrl(skinsHost, logo.id, 'image.webp', query) : null,
  };
}
