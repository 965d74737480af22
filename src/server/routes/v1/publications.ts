import type { V1TocEntry } from '../../../contracts/api-v1';
import type { BookSettings, BookSort } from '../../../contracts/books';
import { listOfBook } from '../../comments/repo';
import { ApiError } from '../../envelope';
import { deleteOwnedBooks, listOwnedBooks, updateBook } from '../../publish/repo';
import { updateColumns } from '../../publish/settings';
import { newTokenSecret } from '../../reader/access';
import { readManifest } from '../../reader/views';
import { bookKeys } from '../../storage/paths';
import type { V1Context, V1Handlers } from './types';
import { assertV1Folder, offsetOf, ownedPublication, v1Publication } from './views';

/**
 * Publications through the API, on the repositories of the account's book calls
 * (src/server/routes/book/books.ts): the same scoping (another account's id is bookNotFound), the same
 * refusals (a blocked book is not edited: bookBlocked), the same settings columns (updateColumns: a
 * private link revoked when the book leaves private publishing), the same deletion (files after the commit).
 */

const SORTS: Record<string, BookSort> = {
  created_desc: 'date_desc',
  created_asc: 'date_asc',
  name_asc: 'name_asc',
  name_desc: 'name_desc',
};

/** The book settings a v1 update means. */
export function settingsOfUpdate(body: Record<string, unknown>): BookSettings {
  const out: BookSettings = {};
  if (typeof body.name === 'string') out.name = body.name;
  if (typeof body.description === 'string') out.description = body.description;
  if (body.visibility === 'private') {
    out.publishing_mode = 2;
    out.private_url = 1;
  } else if (body.visibility === 'public') out.publishing_mode = 1;
  if (body.folder_id !== undefined) out['subscription.id'] = body.folder_id as string | null;
  if (typeof body.downloadable === 'boolean') out.download_mode = body.downloadable ? 2 : 0;
  if (typeof body.printable === 'boolean') out.print_mode = body.printable ? 2 : 0;
  if (typeof body.comments === 'boolean') out.comment_mode = body.comments ? 4 : 0;
  return out;
}

/** Changes the key's account's publication `{id}` with these settings (one transaction), answers it. */
async function change(ctx: V1Context, fields: BookSettings, extra: { token_secret?: string } = {}) {
  const { app, now } = ctx;
  await assertV1Folder(ctx, fields);
  const row = await app.db.transaction().execute(async (trx) => {
    const current = await ownedPublication(ctx, trx);
    if (current.is_valid === 0) throw new ApiError('bookBlocked');
    return updateBook(trx, current.id, { ...updateColumns(current, fields, now), ...extra }, now);
  });
  return v1Publication(app, row, now);
}

const toc = (items: readonly { title: string; page: number | null; items: readonly unknown[] }[]): V1TocEntry[] =>
  items.map((item) => ({
    title: item.title,
    page: item.page,
    items: toc(item.items as { title: string; page: number | null; items: readonly unknown[] }[]),
  }));

const handlers: V1Handlers = {
  listPublications: async (ctx) => {
    const { app, key, query, now } = ctx;
    const { page, perPage, start } = offsetOf(query);
    const { rows, total } = await listOwnedBooks(
      app.db,
      key.accountId,
      {
        start,
        step: perPage,
        sortby: SORTS[String(query.sort)] ?? 'date_desc',
        search: typeof query.search === 'string' ? query.search : '',
      },
      {
        ...(typeof query.folder === 'string' ? { folder: { id: query.folder, dialect: app.dialect } } : {}),
        ...(typeof query.status === 'string' ? { status: query.status } : {}),
      },
    );
    return { items: await Promise.all(rows.map((row) => v1Publication(app, row, now))), page, per_page: perPage, total };
  },

  getPublication: async (ctx) => v1Publication(ctx.app, await ownedPublication(ctx), ctx.now),

  updatePublication: async (ctx) => change(ctx, settingsOfUpdate(ctx.body as Record<string, unknown>)),
  activatePublication: async (ctx) => change(ctx, { is_published: 1 }),
  deactivatePublication: async (ctx) => change(ctx, { is_published: 0 }),
  // A new token secret: the private link (and page addresses) handed out before stop opening anything.
  renewPrivateLink: async (ctx) => change(ctx, {}, { token_secret: newTokenSecret() }),

  deletePublication: async (ctx) => {
    const { app, key } = ctx;
    const id = String(ctx.params.id);
    const deleted = await app.db.transaction().execute((trx) => deleteOwnedBooks(trx, key.accountId, [id]));
    if (deleted.length === 0) throw new ApiError('bookNotFound');
    // Files go after the commit: a failed transaction leaves the book whole.
    await app.storage.remove(bookKeys(id).dir).catch((err: unknown) => {
      ctx.request.log.warn({ err, bookId: id }, 'could not remove the files of a deleted book');
    });
    return { deleted: true as const };
  },

  getPublicationToc: async (ctx) => {
    const row = await ownedPublication(ctx);
    if (row.status !== 'DONE') return { items: [] };
    const manifest = await readManifest(ctx.app.storage, row);
    return { items: toc(manifest?.outline ?? []) };
  },

  listPublicationComments: async (ctx) => {
    const row = await ownedPublication(ctx);
    const { page, perPage, start } = offsetOf(ctx.query);
    const result = await listOfBook(ctx.app.db, row.id, { start, step: perPage });
    return { items: result.list, page, per_page: perPage, total: result.total };
  },
};

export default handlers;
