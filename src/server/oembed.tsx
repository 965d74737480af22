import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { BOOK_EMBED_RATIO, COVER_RATIO } from '../contracts/widget';
import { listed } from './auth/rules';
import { renderFragment } from './html/render';
import { publicUrlOf } from './public-url';
import { publisherUrl, thumbUrl, viewerUrl } from './publish/views';
import { isPubliclyListed, publicationPath } from './reader/overview';
import { readManifest } from './reader/views';
import { isSafeId, THUMB_WIDTHS } from './storage/paths';

/**
 * oEmbed (https://oembed.com) for the publications anyone may see: GET `/oembed?url=…&format=json`
 * with optional `maxwidth`/`maxheight`, for reader URLs (`{viewer}/read/<id>`) and publication
 * overview URLs (`/publication/<id>`). Answers a `rich` response whose html is an iframe of the
 * reader. Unknown, private, scheduled, blocked and unconverted books: 404; `format=xml`: 501.
 */

export const OEMBED_PATH = '/oembed';
/** Default frame size (the reader's 4:3 embed box), shrunk to maxwidth/maxheight. */
export const OEMBED_WIDTH = 640;
const CACHE_AGE = 300;
/** The iframe's smallest sensible size: a smaller maxwidth/maxheight still gets this. */
const MIN_WIDTH = 200;

/** The book id of a reader or overview URL, or undefined. */
export function bookIdOfUrl(raw: string, viewerHost: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const viewerPath = /^https?:\/\//.test(viewerHost) ? new URL(viewerHost).pathname.replace(/\/$/, '') : viewerHost.replace(/\/$/, '');
  const paths = [
    new RegExp(`^${viewerPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/read/([^/]+)/?$`),
    /^\/read\/([^/]+)\/?$/,
    /^\/publication\/([^/]+)\/?$/,
  ];
  for (const re of paths) {
    const id = re.exec(url.pathname)?.[1];
    if (id && isSafeId(id)) return id;
  }
  return undefined;
}

const positive = (raw: unknown): number | undefined => {
  if (typeof raw !== 'string' || !/^\d{1,5}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n > 0 ? n : undefined;
};

/** The frame size inside maxwidth × maxheight, keeping the embed's ratio. */
export function frameSize(maxwidth?: number, maxheight?: number): { width: number; height: number } {
  let width = Math.max(MIN_WIDTH, Math.min(OEMBED_WIDTH, maxwidth ?? OEMBED_WIDTH));
  let height = Math.round(width * BOOK_EMBED_RATIO);
  if (maxheight !== undefined && height > maxheight) {
    height = Math.max(Math.round(MIN_WIDTH * BOOK_EMBED_RATIO), maxheight);
    width = Math.round(height / BOOK_EMBED_RATIO);
  }
  return { width, height };
}

async function oembed(app: FastifyInstance, request: FastifyRequest, bookId: string, maxwidth?: number, maxheight?: number) {
  const found = await app.db
    .selectFrom('books')
    .innerJoin('accounts', 'accounts.id', 'books.account_id')
    .selectAll('books')
    .select(['accounts.name as account_name'])
    .where('books.id', '=', bookId)
    .executeTakeFirst();
  if (!found || !isPubliclyListed(found, app.clock())) return undefined;
  const absolute = (u: string) => publicUrlOf(app, request, u);
  const { width, height } = frameSize(maxwidth, maxheight);
  const src = absolute(viewerUrl(app.config, found.id));
  const manifest = await readManifest(app.storage, found);
  const first = manifest?.sizes[0];
  const thumbWidth = THUMB_WIDTHS.large;
  return {
    version: '1.0',
    type: 'rich',
    provider_name: 'Quire',
    provider_url: absolute('/'),
    title: found.name,
    author_name: found.account_name,
    author_url: absolute(publisherUrl(found.account_id)),
    html: renderFragment(<ReaderFrame src={src} width={width} height={height} title={found.name} allow="fullscreen; clipboard-write" />),
    width,
    height,
    cache_age: CACHE_AGE,
    thumbnail_url: absolute(thumbUrl(app.config, found, 'large')),
    thumbnail_width: thumbWidth,
    thumbnail_height: first ? Math.round((thumbWidth * first.height) / first.width) : Math.round(thumbWidth * COVER_RATIO),
    url: absolute(publicationPath(found.id)),
  };
}

/** GET /oembed (registered at the root by routes/widget.ts). Answers JSON, never the API envelope. */
export const oembedRoutes: FastifyPluginAsync = async (app) => {
  app.get(OEMBED_PATH, { config: listed({ 'query.url': { resource: 'book', path: '/read/{id}' } }) }, async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    const format = q.format === undefined ? 'json' : q.format;
    reply.header('access-control-allow-origin', '*');
    if (format !== 'json') return reply.code(501).type('text/plain; charset=utf-8').send('Not Implemented');
    const bookId = typeof q.url === 'string' && q.url.length <= 2048 ? bookIdOfUrl(q.url, app.config.hosts.viewer) : undefined;
    const body = bookId ? await oembed(app, request, bookId, positive(q.maxwidth), positive(q.maxheight)) : undefined;
    if (!body) return reply.code(404).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send('Not Found');
    return reply.header('cache-control', `public, max-age=${CACHE_AGE}`).type('application/json; charset=utf-8').send(body);
  });
};

/** The discovery link of a page about a book (publication overview, reader): `pageUrl` absolute. */
export function OembedDiscovery({ absolute, pageUrl, title }: { absolute: (path: string) => string; pageUrl: string; title: string }) {
  const href = absolute(`${OEMBED_PATH}?url=${encodeURIComponent(pageUrl)}&format=json`);
  return <link rel="alternate" type="application/json+oembed" href={href} title={title} />;
}

/** The reader in a frame: the oEmbed answer's html and the embed code of the publication overview. */
export function ReaderFrame(props: { src: string; title: string; width: number; height: number; allow?: string }) {
  const { src, title, width, height, allow } = props;
  return <iframe src={src} width={width} height={height} title={title} style={{ border: 0 }} allow={allow} allowFullScreen />;
}
