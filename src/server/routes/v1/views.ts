import type { FastifyInstance } from 'fastify';
import type { V1Publication } from '../../../contracts/api-v1';
import type { ConversionErrorCode, DocumentStatus } from '../../../contracts/books';
import { BOOK_EMBED_DEFAULTS, bookEmbedUrl } from '../../../contracts/widget';
import type { BookRow } from '../../db/schema';
import { ApiError } from '../../envelope';
import { findOwnedBook } from '../../publish/repo';
import { bookImages, jsonSettingsOf, viewerUrl } from '../../publish/views';
import { pagesToken, privateToken } from '../../reader/access';
import type { V1Context } from './types';

/**
 * Publications as the API v1 shows them (V1PublicationSchema). Absolute URLs are made on the configured
 * public URL (QUIRE_PUBLIC_URL; the configured hosts when they are absolute), never from request headers.
 */
export const absolute = (app: FastifyInstance, url: string): string => new URL(url, `${app.config.publicUrl}/`).toString();

export async function v1Publication(app: FastifyInstance, row: BookRow, now: number): Promise<V1Publication> {
  const settings = jsonSettingsOf(row);
  const view = absolute(app, viewerUrl(app.config, row.id));
  const isPrivate = row.publishing_mode === 2;
  const images = await bookImages(row, { config: app.config, now, pagesToken: (book) => pagesToken(app, book) });
  const thumbnail = images.medium ?? images.small;
  const publishAt = row.publish_at === null ? null : Number(row.publish_at);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status as DocumentStatus,
    error_code: (row.error_code as ConversionErrorCode | null) ?? null,
    pages: row.pages_total,
    active: row.is_published === 1,
    visibility: isPrivate ? 'private' : 'public',
    folder_id: settings['subscription.id'] ?? null,
    created_at: Number(row.created_at),
    updated_at: Number(row.modified_at),
    publish_at: publishAt !== null && publishAt > now ? publishAt : null,
    urls: {
      view,
      private: isPrivate && settings.private_url === 1 ? `${view}?token=${privateToken(app, row)}` : null,
      embed: absolute(app, bookEmbedUrl(app.config.hosts.viewer, row.id, BOOK_EMBED_DEFAULTS)),
      thumbnail: thumbnail ? absolute(app, thumbnail) : null,
    },
  };
}

/** The key's account's publication named by `{id}`, or bookNotFound (another account's reads as unknown). */
export async function ownedPublication(ctx: V1Context, db = ctx.app.db): Promise<BookRow> {
  const row = await findOwnedBook(db, ctx.key.accountId, String(ctx.params.id));
  if (!row) throw new ApiError('bookNotFound');
  return row;
}

/** `{items, page, per_page, total}` paging: the offset of a page. */
export const offsetOf = (query: Record<string, unknown>) => {
  const page = Number(query.page);
  const perPage = Number(query.per_page);
  return { page, perPage, start: (page - 1) * perPage };
};
