import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { inject } from 'vitest';
import { newId } from '../../src/server/auth/crypto';
import type { BookManifest } from '../../src/server/convert/index';
import type { NewBook } from '../../src/server/db/schema';
import { defaultJsonSettings } from '../../src/server/publish/views';
import { newTokenSecret, pagesToken, privateToken } from '../../src/server/reader/access';
import { bookPaths, THUMB_SIZES } from '../../src/server/storage/paths';
import { makePdf } from './fixtures/pdf';

/** Hand-made converted books (row, manifest, page JPEGs, text, PDF) and a fake built reader page. */

export const READ_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Quire reader</title>
    <link rel="stylesheet" href="/assets/viewer.css">
    <!--quire-config-->
  </head>
  <body><div id="reader" class="qr"></div></body>
</html>
`;

/** A public dir with read.html (created at collection time, so the app config can point at it). */
export function makeReaderPublicDir(): string {
  const dir = mkdtempSync(path.join(inject('tmpRoot'), 'quire-read-public-'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'read.html'), READ_HTML);
  return dir;
}

export interface BookSpec {
  pages?: number;
  name?: string;
  description?: string;
  columns?: Partial<NewBook>;
  settings?: Record<string, unknown>;
  texts?: string[];
  direction?: 'ltr' | 'rtl';
}

const jpeg = (width: number, height: number, shade: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: shade, g: 120, b: 200 } } })
    .jpeg({ quality: 70 })
    .toBuffer();

/** A DONE book of `accountId` whose files are written by hand (no conversion worker needed). */
export async function makeBook(app: FastifyInstance, accountId: string, spec: BookSpec = {}): Promise<string> {
  const id = newId();
  const pages = spec.pages ?? 3;
  const now = Date.now();
  await app.db
    .insertInto('books')
    .values({
      id,
      account_id: accountId,
      name: spec.name ?? 'A Test Book',
      description: spec.description ?? 'A book written by the reader tests.',
      settings: JSON.stringify({ ...defaultJsonSettings('PREMIUM', now), ...spec.settings }),
      status: 'DONE',
      pages_total: pages,
      pages_done: pages,
      direction: spec.direction ?? 'ltr',
      source_name: 'book.pdf',
      source_kind: 'pdf',
      source_size: 1000,
      start_time: now,
      created_at: now - 60_000,
      modified_at: now,
      ...spec.columns,
      token_secret: spec.columns?.token_secret ?? newTokenSecret(),
    })
    .execute();
  const paths = bookPaths(app.config.dataDir, id);
  await mkdir(path.join(paths.pages, '1240'), { recursive: true });
  await mkdir(paths.text, { recursive: true });
  await mkdir(paths.thumbs, { recursive: true });
  await writeFile(paths.pdf, makePdf({ pages, lines: 2 }));
  const manifest: BookManifest = {
    version: 1,
    pages,
    direction: spec.direction ?? 'ltr',
    sizes: Array.from({ length: pages }, (_, i) => ({
      width: 595,
      height: 842,
      links: i === 0 ? [{ rect: [0.1, 0.1, 0.4, 0.05], url: 'https://example.com/quire' }] : [],
    })),
    outline: [{ title: 'Start', page: 1, items: [] }],
    images: { jpeg: [1240], webp: [] },
  };
  await writeFile(paths.manifest, JSON.stringify(manifest));
  for (let n = 1; n <= pages; n++) {
    await writeFile(path.join(paths.pages, '1240', `${n}.jpg`), await jpeg(1240, 1754, (n * 40) % 255));
    await writeFile(path.join(paths.text, `${n}.txt`), spec.texts?.[n - 1] ?? `Page ${n} text.`);
  }
  for (const size of THUMB_SIZES)
    await sharp(await jpeg(160, 226, 10))
      .webp()
      .toFile(paths.thumb(size));
  return id;
}

/** A book's id and token secret as stored now (renewing the private link replaces the secret). */
const tokenSource = (app: FastifyInstance, id: string) =>
  app.db.selectFrom('books').select(['id', 'token_secret']).where('id', '=', id).executeTakeFirstOrThrow();

/** The private link's token of a book, as the server derives it now. */
export const linkToken = async (app: FastifyInstance, id: string): Promise<string> => privateToken(app, await tokenSource(app, id));

/** The pages token of a book (page images, thumbnails), as the server derives it now. */
export const pagesTokenOf = async (app: FastifyInstance, id: string): Promise<string> => pagesToken(app, await tokenSource(app, id));
