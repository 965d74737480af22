import { FOLDERS_MAX } from '../../../contracts/presets';
import { newId } from '../../auth/crypto';
import { ApiError } from '../../envelope';
import { countFolders, deleteFolder, insertFolder, listFolders, renameFolder, uniqueName } from '../../folders/repo';
import type { V1Context, V1Handlers } from './types';
import { offsetOf } from './views';

/**
 * Folders through the API: the same repository and rules as the account's folder calls
 * (src/server/routes/account/folders.ts): FOLDERS_MAX (folderLimit), names unique ignoring case
 * (folderExists), deleting a folder takes its publications out of it.
 */

/** The account's folders with their counts and creation times, by name. */
async function folders(ctx: V1Context) {
  const { app, key } = ctx;
  const [list, rows] = await Promise.all([
    listFolders(app.db, app.dialect, key.accountId),
    app.db.selectFrom('folders').select(['id', 'created_at']).where('account_id', '=', key.accountId).execute(),
  ]);
  const created = new Map(rows.map((r) => [r.id, Number(r.created_at)]));
  return list.map((f) => ({ id: f.id, name: f.name, publications: f.books, created_at: created.get(f.id) ?? 0 }));
}

async function folderOf(ctx: V1Context, id: string) {
  const folder = (await folders(ctx)).find((f) => f.id === id);
  if (!folder) throw new ApiError('folderNotFound');
  return folder;
}

const handlers: V1Handlers = {
  listFolders: async (ctx) => {
    const all = await folders(ctx);
    const { page, perPage, start } = offsetOf(ctx.query);
    return { items: all.slice(start, start + perPage), page, per_page: perPage, total: all.length };
  },

  createFolder: async (ctx) => {
    const { app, key } = ctx;
    const { name } = ctx.body as { name: string };
    const id = newId();
    await uniqueName(() =>
      app.db.transaction().execute(async (trx) => {
        if ((await countFolders(trx, key.accountId)) >= FOLDERS_MAX) throw new ApiError('folderLimit', { limit: FOLDERS_MAX });
        await insertFolder(trx, { id, account_id: key.accountId, name, created_at: ctx.now });
      }),
    );
    return folderOf(ctx, id);
  },

  updateFolder: async (ctx) => {
    const id = String(ctx.params.id);
    const { name } = ctx.body as { name: string };
    const renamed = await uniqueName(() => renameFolder(ctx.app.db, ctx.key.accountId, id, name));
    if (!renamed) throw new ApiError('folderNotFound');
    return folderOf(ctx, id);
  },

  deleteFolder: async (ctx) => {
    const { app, key } = ctx;
    const id = String(ctx.params.id);
    const unassigned = await app.db.transaction().execute((trx) => deleteFolder(trx, app.dialect, key.accountId, id, ctx.now));
    if (unassigned === null) throw new ApiError('folderNotFound');
    return { deleted: true as const };
  },
};

export default handlers;
