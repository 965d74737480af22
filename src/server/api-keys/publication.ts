import type { V1Publication } from '../../contracts/api-v1';
import { CONVERSION_ERROR_CODES, type ConversionErrorCode, DOCUMENT_STATUSES, type DocumentStatus } from '../../contracts/books';
import { BOOK_EMBED_DEFAULTS, bookEmbedUrl } from '../../contracts/widget';
import type { Config } from '../config';
import type { BookRow } from '../db/schema';
import { bookImages, jsonSettingsOf, viewerUrl } from '../publish/views';
import { pagesToken, privateToken, type TokenKeys } from '../reader/access';
import type { FileStore } from '../storage/index';

/**
 * A book row as the public API shows it (V1PublicationSchema, issue 18): the one mapper of the v1
 * endpoints (src/server/routes/v1) and of the API webhooks' payloads (./webhooks.ts). Everything it
 * needs is configuration and the instance keys, never a request: an app (FastifyInstance) fits, and
 * so does the conversion worker of its own process (src/server/jobs/worker-main.ts).
 */
export interface PublicationContext extends TokenKeys {
  config: Pick<Config, 'publicUrl' | 'hosts'>;
  /** The file store a converting book's thumbnails are looked for in (issue 19): the app's, or the worker process's. */
  storage: FileStore;
}

/** An absolute URL on the configured public base (QUIRE_PUBLIC_URL), or the configured host when it is absolute already. */
export const absoluteUrl = (config: Pick<Config, 'publicUrl'>, url: string): string => new URL(url, `${config.publicUrl}/`).toString();

const statusOf = (status: string): DocumentStatus =>
  (DOCUMENT_STATUSES as readonly string[]).includes(status) ? (status as DocumentStatus) : 'ERROR';
const errorCodeOf = (row: Pick<BookRow, 'status' | 'error_code'>): ConversionErrorCode | null => {
  if (row.status !== 'ERROR') return null;
  return (CONVERSION_ERROR_CODES as readonly string[]).includes(row.error_code ?? '') ? (row.error_code as ConversionErrorCode) : 'FAILED';
};

/**
 * The publication of a book row at `now` (whether a scheduled one is still ahead).
 *  - urls.view: the reader (`{viewer}/read/<id>`); urls.embed: the reader URL an iframe shows (the
 *    widget's single-book embed, BOOK_EMBED_DEFAULTS);
 *  - urls.private: the private link, for a private book whose owner turned it on (else null);
 *  - urls.thumbnail: the medium cover once it exists (every DONE book; a converting one once its first
 *    page is drawn), a private book's carrying its pages token.
 */
export async function v1Publication(ctx: PublicationContext, row: BookRow, now: number): Promise<V1Publication> {
  const { config } = ctx;
  const settings = jsonSettingsOf(row);
  const isPrivate = row.publishing_mode === 2;
  const view = absoluteUrl(config, viewerUrl(config, row.id));
  const images = await bookImages(row, { config, now, pagesToken: (book) => pagesToken(ctx, book), storage: ctx.storage });
  const thumbnail = images.medium ?? images.small;
  const publishAt = row.publish_at === null ? null : Number(row.publish_at);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: statusOf(row.status),
    error_code: errorCodeOf(row),
    pages: row.pages_total,
    active: row.is_published === 1,
    visibility: isPrivate ? 'private' : 'public',
    folder_id: settings['subscription.id'] ?? null,
    created_at: Number(row.created_at),
    updated_at: Number(row.modified_at),
    publish_at: publishAt !== null && publishAt > now ? publishAt : null,
    urls: {
      view,
      private: isPrivate && settings.private_url === 1 ? `${view}?token=${privateToken(ctx, row)}` : null,
      embed: absoluteUrl(config, bookEmbedUrl(config.hosts.viewer, row.id, BOOK_EMBED_DEFAULTS)),
      thumbnail: thumbnail ? absoluteUrl(config, thumbnail) : null,
    },
  };
}
