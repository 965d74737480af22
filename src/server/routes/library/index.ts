import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  IMAGE_KINDS,
  type ImageItem,
  type ImageKind,
  ImageUploadFieldsSchema,
  LIBRARY_MAX,
  LIBRARY_PAGE,
  type LibraryDeleteResult,
  LibraryIdSchema,
  type LibraryItem,
  type LibraryKind,
  type LibraryList,
  nameFromFile,
  SkinCreateSchema,
  type SkinItem,
  SkinUpdateSchema,
} from '../../../contracts/library';
import { newId } from '../../auth/crypto';
import { gated, owner, SIGNED_IN } from '../../auth/rules';
import { authOf } from '../../auth/session';
import type { LibraryItemsTable } from '../../db/schema';
import { ApiError, ok, parse } from '../../envelope';
import { receiveImage, removeImageFiles, storeImage } from '../../library/images';
import { countItems, deleteItem, findOwnedItem, insertItem, listItems, updateSkin, usage } from '../../library/repo';
import { imageView, skinView } from '../../library/views';
import { rateLimit } from '../../plugins/security';
import { discardPart } from '../../publish/upload';

/**
 * The account's branding libraries (issue 16; SPEC §2 `/account/theme`, `/account/background`,
 * `/account/logo`; DESIGN §8 model calls), one API path per page, each gated like its page (SPEC §6:
 * platinum accounts acting as themselves; `gated`):
 *   GET  {api}/account/<page>/            the account's items, newest first, each with the number of
 *                                         publications using it, and the account's limit
 *   GET  {api}/account/<page>/get?id=     one item (its usage counted now: the delete confirmation)
 *   POST {api}/account/theme/create       a skin {name, toolbar, text, accent, background, style}
 *   POST {api}/account/theme/update       (or PATCH) {id, …the same}
 *   POST {api}/account/background/create  an image: multipart, field `file` (+ `name`), re-encoded
 *   POST {api}/account/logo/create        (library/images.ts)
 *   POST {api}/account/<page>/delete      (or DELETE) {id}: the books that used it go back to the
 *                                         default (skin 2021, no background, no logo); answers how many
 * Another account's id is answered exactly like an unknown one (libraryNotFound) and changes nothing.
 */

const DEFAULT_NAMES: Record<ImageKind, string> = { background: 'Background', logo: 'Logo' };

function libraryRoutesOf(kind: LibraryKind): FastifyPluginAsync {
  const page = LIBRARY_PAGE[kind];
  const base = `/account/${page}`;
  return async (app) => {
    const guarded = { preHandler: app.requireSession };
    const listed = { ...guarded, config: { ...SIGNED_IN, ...gated(page) } };
    const byId = (field: 'query.id' | 'body.id') => ({ ...guarded, config: { ...owner({ [field]: kind }), ...gated(page) } });
    const skins = () => app.config.hosts.skins;
    const view = (row: LibraryItemsTable, books: number): LibraryItem =>
      row.kind === 'skin' ? skinView(row, books, skins()) : imageView(row, books, skins());

    app.get(base, listed, async (request, reply) => {
      const { account } = authOf(request);
      const rows = await listItems(app.db, account.id, kind);
      const counts = await usage(
        app.db,
        app.dialect,
        account.id,
        kind,
        rows.map((r) => r.id),
      );
      const list: LibraryList<LibraryItem> = { items: rows.map((r) => view(r, counts.get(r.id) ?? 0)), limit: LIBRARY_MAX[kind] };
      reply.header('cache-control', 'private, no-store');
      return ok(reply, list);
    });

    app.get(`${base}/get`, byId('query.id'), async (request, reply) => {
      const { account } = authOf(request);
      const { id } = parse(LibraryIdSchema, request.query ?? {});
      const row = await findOwnedItem(app.db, account.id, kind, id);
      if (!row) throw new ApiError('libraryNotFound');
      const counts = await usage(app.db, app.dialect, account.id, kind, [id]);
      reply.header('cache-control', 'private, no-store');
      return ok(reply, view(row, counts.get(id) ?? 0));
    });

    const remove = async (request: FastifyRequest, reply: FastifyReply) => {
      const { account } = authOf(request);
      const { id } = parse(LibraryIdSchema, request.body ?? {});
      const books = await app.db.transaction().execute((trx) => deleteItem(trx, app.dialect, account.id, kind, id, app.clock()));
      if (books === null) throw new ApiError('libraryNotFound');
      // After the commit: no book points at the files any more.
      if (kind !== 'skin') await removeImageFiles(app.storage, account.id, id);
      const result: LibraryDeleteResult = { id, books };
      return ok(reply, result);
    };
    app.post(`${base}/delete`, byId('body.id'), remove);
    app.delete(`${base}/delete`, byId('body.id'), remove);

    if (kind === 'skin') registerSkinCalls(app, base, listed, byId('body.id'));
    else await app.register(imageCreate(kind, base, listed));
  };
}

/** Inserts a new item unless the account already has its kind's limit (checked in the transaction). */
async function insertWithinLimit(app: FastifyInstance, item: LibraryItemsTable): Promise<void> {
  const kind = item.kind;
  await app.db.transaction().execute(async (trx) => {
    // Two uploads at once must not both pass the count: on PostgreSQL the account's row is locked
    // for the transaction (SQLite runs one write transaction at a time anyway).
    if (app.dialect === 'postgres') await trx.selectFrom('accounts').select('id').where('id', '=', item.account_id).forUpdate().execute();
    if ((await countItems(trx, item.account_id, kind)) >= LIBRARY_MAX[kind]) throw new ApiError('libraryLimit');
    await insertItem(trx, item);
  });
}

function registerSkinCalls(
  app: FastifyInstance,
  base: string,
  listed: { preHandler: FastifyInstance['requireSession']; config: object },
  byBodyId: { preHandler: FastifyInstance['requireSession']; config: object },
): void {
  const skins = () => app.config.hosts.skins;

  app.post(`${base}/create`, listed, async (request, reply) => {
    const { account } = authOf(request);
    const { name, ...design } = parse(SkinCreateSchema, request.body ?? {});
    const row: LibraryItemsTable = {
      id: newId(),
      account_id: account.id,
      kind: 'skin',
      name,
      design: JSON.stringify(design),
      width: null,
      height: null,
      bytes: null,
      created_at: app.clock(),
    };
    await insertWithinLimit(app, row);
    const item: SkinItem = skinView(row, 0, skins());
    return ok(reply, item);
  });

  const update = async (request: FastifyRequest, reply: FastifyReply) => {
    const { account } = authOf(request);
    const { id, name, ...design } = parse(SkinUpdateSchema, request.body ?? {});
    if (!(await updateSkin(app.db, account.id, id, name, design))) throw new ApiError('libraryNotFound');
    const row = await findOwnedItem(app.db, account.id, 'skin', id);
    if (!row) throw new ApiError('libraryNotFound');
    const counts = await usage(app.db, app.dialect, account.id, 'skin', [id]);
    return ok(reply, skinView(row, counts.get(id) ?? 0, skins()));
  };
  app.post(`${base}/update`, byBodyId, update);
  app.patch(`${base}/update`, byBodyId, update);
}

/** The image upload, in a scope of its own: only it parses multipart bodies. */
function imageCreate(kind: ImageKind, base: string, listed: { config: object }): FastifyPluginAsync {
  return async (app) => {
    await app.register(multipart, { throwFileSizeLimit: false });
    const options = { preHandler: app.requireSession, config: { ...listed.config, ...rateLimit(30, '1 minute') } };
    app.post(`${base}/create`, options, async (request, reply) => {
      const { account } = authOf(request);
      const dataDir = app.config.dataDir;
      let received: Awaited<ReturnType<typeof receiveImage>>;
      try {
        // A full library refuses before the body is read.
        if ((await countItems(app.db, account.id, kind)) >= LIBRARY_MAX[kind]) throw new ApiError('libraryLimit');
        received = await receiveImage(request, dataDir);
      } catch (error) {
        // The rest of the body is not read: close the connection after the answer instead of draining it.
        if (!request.raw.readableEnded) reply.header('connection', 'close');
        throw error;
      }
      let item: ImageItem;
      try {
        const fields = parse(ImageUploadFieldsSchema, received.fields);
        const name = fields.name ?? (nameFromFile(received.filename) || DEFAULT_NAMES[kind]);
        const stored = await storeImage(app, account.id, kind, received);
        const row: LibraryItemsTable = {
          id: stored.id,
          account_id: account.id,
          kind,
          name,
          design: null,
          width: stored.width,
          height: stored.height,
          bytes: stored.bytes,
          created_at: app.clock(),
        };
        try {
          await insertWithinLimit(app, row);
        } catch (error) {
          await removeImageFiles(app.storage, account.id, stored.id);
          throw error;
        }
        item = imageView(row, 0, app.config.hosts.skins);
      } finally {
        // Before the answer goes out: what was sent is never kept.
        await discardPart(received.partPath);
      }
      return ok(reply, item);
    });
  };
}

/** Every library page's calls (registered under /api by routes/index.ts). */
const libraryRoutes: FastifyPluginAsync = async (app) => {
  for (const kind of ['skin', ...IMAGE_KINDS] as const) await app.register(libraryRoutesOf(kind));
};

export default libraryRoutes;
