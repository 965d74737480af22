import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  FOLDERS_MAX,
  type Folder,
  FolderCreateSchema,
  type FolderDeleteResult,
  FolderDeleteSchema,
  FolderUpdateSchema,
} from '../../../contracts/presets';
import { newId } from '../../auth/crypto';
import { owner, SIGNED_IN } from '../../auth/rules';
import { authOf } from '../../auth/session';
import { ApiError, ok, parse } from '../../envelope';
import { countFolders, deleteFolder, findOwnedFolder, insertFolder, listFolders, renameFolder, uniqueName } from '../../folders/repo';

/**
 * Folders (SPEC §3 Subscription, §7 `account/subscription/`; DESIGN §8 model calls): list with book
 * counts, create, update (rename), delete (its books leave the folder). Every call is scoped to the
 * caller's account: another account's folder id is folderNotFound. A book is put in a folder through
 * the book update (`subscription.id`), which checks the folder is the caller's.
 */
const folderRoutes: FastifyPluginAsync = async (app) => {
  const guarded = { preHandler: app.requireSession };

  app.get('/account/subscription', { ...guarded, config: SIGNED_IN }, async (request, reply) => {
    const { account } = authOf(request);
    return ok(reply, await listFolders(app.db, app.dialect, account.id));
  });

  app.post('/account/subscription/create', { ...guarded, config: SIGNED_IN }, async (request, reply) => {
    const { account } = authOf(request);
    const { name } = parse(FolderCreateSchema, request.body ?? {});
    const id = newId();
    await uniqueName(() =>
      app.db.transaction().execute(async (trx) => {
        if ((await countFolders(trx, account.id)) >= FOLDERS_MAX) throw new ApiError('folderLimit', { limit: FOLDERS_MAX });
        await insertFolder(trx, { id, account_id: account.id, name, created_at: app.clock() });
      }),
    );
    const folder: Folder = { id, name, books: 0 };
    return ok(reply, folder);
  });

  const update = async (request: FastifyRequest, reply: FastifyReply) => {
    const { account } = authOf(request);
    const { id, name } = parse(FolderUpdateSchema, request.body ?? {});
    const renamed = await uniqueName(() => renameFolder(app.db, account.id, id, name));
    if (!renamed) throw new ApiError('folderNotFound');
    const folder = (await listFolders(app.db, app.dialect, account.id)).find((f) => f.id === id);
    return ok(reply, folder ?? { id, name, books: 0 });
  };
  const folderOptions = { ...guarded, config: owner({ 'body.id': 'folder' }) };
  app.post('/account/subscription/update', folderOptions, update);
  app.patch('/account/subscription/update', folderOptions, update);

  const remove = async (request: FastifyRequest, reply: FastifyReply) => {
    const { account } = authOf(request);
    const { id } = parse(FolderDeleteSchema, request.body ?? {});
    const unassigned = await app.db.transaction().execute((trx) => deleteFolder(trx, app.dialect, account.id, id, app.clock()));
    if (unassigned === null) throw new ApiError('folderNotFound');
    const result: FolderDeleteResult = { id, books: unassigned };
    return ok(reply, result);
  };
  app.post('/account/subscription/delete', folderOptions, remove);
  app.delete('/account/subscription/delete', folderOptions, remove);

  app.get('/account/subscription/get', { ...guarded, config: owner({ 'query.id': 'folder' }) }, async (request, reply) => {
    const { account } = authOf(request);
    const { id } = parse(FolderDeleteSchema, request.query ?? {});
    if (!(await findOwnedFolder(app.db, account.id, id))) throw new ApiError('folderNotFound');
    const folder = (await listFolders(app.db, app.dialect, account.id)).find((f) => f.id === id);
    return ok(reply, folder);
  });
};

export default folderRoutes;
