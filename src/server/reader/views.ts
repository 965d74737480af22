import type { FastifyInstance } from 'fastify';
import type { DocumentKind, PublishingMode } from '../../contracts/books';
import { isHttpUrl } from '../../contracts/presets';
import type { ReaderBook } from '../../contracts/reader';
import { type BookManifest, type BookSizes, SIZES_FILE } from '../convert/index';
import { ownedItems } from '../library/repo';
import { readerLibrary, resourceId } from '../library/views';
import { defaultSfxUrl, presentationUrl, readerSkin } from '../presets/catalogue';
import { bookImages, publisherUrl } from '../publish/views';
import type { FileStore } from '../storage/index';
import { bookKeys, isSafeId } from '../storage/paths';
import { stored } from '../storage/serve';
import { pagesToken, type ReaderAccess, type ReaderRow } from './access';

/**
 * The reader's view of a publication (ReaderBook) from its row, its settings (SPEC §3 presentation
 * fields) and its manifest.json (page sizes, links, outline, direction).
 */

/** Parsed manifests by store, book id and revision: a DONE book's manifest does not change within a revision. */
const manifests = new Map<string, BookManifest>();
const MANIFEST_CACHE = 500;

/**
 * A book's manifest.json from the file store (issue 19: another machine may have converted it);
 * undefined when there is none (not converted yet) or it does not parse. A store failure rejects
 * (StoreUnavailable: 503).
 */
export async function readManifest(store: FileStore, row: Pick<ReaderRow, 'id' | 'revision'>): Promise<BookManifest | undefined> {
  const key = `${store.root}\0${row.id}\0${row.revision}`;
  const cached = manifests.get(key);
  if (cached) return cached;
  if (!isSafeId(row.id)) return undefined;
  const bytes = await stored(store.read(`books/${row.id}/manifest.json`));
  if (!bytes) return undefined;
  let manifest: BookManifest;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as BookManifest;
  } catch {
    return undefined;
  }
  if (manifests.size >= MANIFEST_CACHE) manifests.delete(manifests.keys().next().value as string);
  manifests.set(key, manifest);
  return manifest;
}

/** Page image URL pattern (`{w}`, `{n}`); a private book's carries the pages token. */
export function pageUrlPattern(app: FastifyInstance, row: ReaderRow): string {
  const base = `${app.config.hosts.thumbs}/pages/${row.id}/{w}/{n}.webp?r=${row.revision}`;
  return row.publishing_mode === 2 ? `${base}&t=${pagesToken(app, row)}` : base;
}

/** logo.link: only a web link (older rows may hold anything). */
const httpOnly = (value: string | null | undefined): string | null => {
  const v = value?.trim() ?? '';
  return isHttpUrl(v) ? v : null;
};

const nonEmpty = (value: string | null | undefined): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/**
 * What the reader lays out while a book converts (progressive reading): sizes.json (convert/manifest.ts
 * SIZES_FILE, written as soon as pdfinfo knew them), else page 1's proportions for every page
 * (pages_total of the row, at least pages_done), else A4.
 */
export async function convertingManifest(
  store: FileStore,
  row: Pick<ReaderRow, 'id' | 'pages_done' | 'pages_total'>,
): Promise<BookManifest> {
  let known: BookSizes | undefined;
  if (isSafeId(row.id)) {
    const bytes = await stored(store.read(`${bookKeys(row.id).dir}/${SIZES_FILE}`));
    try {
      known = bytes ? (JSON.parse(bytes.toString('utf8')) as BookSizes) : undefined;
    } catch {
      known = undefined;
    }
  }
  const count = Math.max(1, row.pages_total, row.pages_done);
  const sizes = Array.isArray(known?.sizes) ? known.sizes : [];
  const first = sizes[0] ?? A4;
  return {
    version: 1,
    pages: count,
    direction: 'ltr',
    sizes: Array.from({ length: count }, (_, i) => {
      const size = sizes[i] ?? first;
      return { width: size.width, height: size.height, links: [] };
    }),
    outline: [],
    images: { jpeg: [], webp: [] },
  };
}

/** Page proportions assumed before anything is known (A4 portrait, points; the reader's A4_PAGE). */
const A4 = { width: 595, height: 842 } as const;

/**
 * The reader's book. `manifest` undefined: the book is being converted (the owner's progressive
 * reading, access.ts): laid out from convertingManifest, with `converting` set and the features that
 * need the finished book (download, print; outline and links are empty) off.
 */
export async function readerBook(app: FastifyInstance, access: ReaderAccess, manifest: BookManifest | undefined): Promise<ReaderBook> {
  if (!manifest) {
    const { row } = access;
    const book = await readerBook(app, access, await convertingManifest(app.storage, row));
    return {
      ...book,
      download: false,
      print: false,
      converting: { pages_done: row.pages_done, pages_total: Math.max(row.pages_total, row.pages_done) },
    };
  }
  const { row, settings: s } = access;
  // Preset values (`resource:<hex>`) become the URLs of the catalogue's files on the skins host; remote
  // http(s) URLs stay; anything the reader could not load is left out rather than shown broken.
  const skins = app.config.hosts.skins;
  // The account's own skin, background and logo (issue 16): looked up among its library items only.
  const ownIds = [s['skin.url'], s['bg.url'], s['logo.url']].flatMap((value) => resourceId(value) ?? []);
  const own = readerLibrary(
    await ownedItems(app.db, row.account_id, ownIds),
    s,
    { id: row.id, accountId: row.account_id, pagesToken: row.publishing_mode === 2 ? pagesToken(app, row) : null },
    skins,
  );
  const logo = own.logo ?? presentationUrl(s['logo.url'], 'image', skins);
  const music = presentationUrl(s['music.url'], 'audio', skins);
  // No sound chosen: the catalogue's first page-turn sound, while page-turn sounds are on.
  const sfxOn = s['sfx.mode'] !== 1;
  const sfx = nonEmpty(s['sfx.url']) === null ? (sfxOn ? defaultSfxUrl(skins) : null) : presentationUrl(s['sfx.url'], 'audio', skins);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    account: { name: row.account_name, url: { overview: publisherUrl(row.account_id) } },
    publication: Math.floor((row.publish_at ?? row.created_at) / 1000),
    pages: manifest.sizes.map((size) => ({ width: size.width, height: size.height, links: size.links ?? [] })),
    outline: manifest.outline ?? [],
    // read_mode 1 is the owner's choice of right to left; otherwise the PDF's own reading direction.
    direction: s.read_mode === 1 ? 'rtl' : manifest.direction === 'rtl' ? 'rtl' : 'ltr',
    view: s['document.view'],
    pageUrl: pageUrlPattern(app, row),
    image: await bookImages(row, {
      config: app.config,
      now: app.clock(),
      pagesToken: (book) => pagesToken(app, book),
      storage: app.storage,
    }),
    // A catalogue skin id; anything else (a remote skin URL too: never loaded as code) is the default.
    skin: readerSkin(s['skin.url']),
    theme: own.theme,
    background: own.background ?? presentationUrl(s['bg.url'], 'background', skins),
    logo: logo ? { url: logo, link: httpOnly(s['logo.link']) } : null,
    // music.mode / sfx.mode (SPEC §3 "0/1; play once, no effect"): 0 plays (music in a loop, the
    // page-turn sound on every turn), 1 is the other choice (music once, no page-turn sound).
    music: music ? { url: music, loop: s['music.mode'] !== 1 } : null,
    sfx: { url: sfx, enabled: sfxOn },
    // download_mode / print_mode: 2 checked, 1 the account default (on), 0 unchecked (SPEC §3).
    download: s.download_mode !== 0,
    print: s.print_mode !== 0,
    share: s.share_mode === 1,
    license: s.license_mode,
    comments: s.comment_mode,
    subscribe: s.subscribe_mode === 1,
    is_adult: row.is_adult === 1,
    publishing_mode: row.publishing_mode as PublishingMode,
    source_kind: row.source_kind as DocumentKind,
  };
}
