import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { AccountMode } from '../../../contracts/accounts';
import {
  BOOK_SORTS,
  BookDeleteRequestSchema,
  type BookListItem,
  BookListQuerySchema,
  BookRenewRequestSchema,
  type BookSettings,
  BookUpdateRequestSchema,
  type BulkItemResult,
  DEFAULT_PAGE_SIZE,
  hasAcceptedExtension,
  MAX_PAGE_SIZE,
  type PagedList,
  type PreflightContent,
  PreflightQuerySchema,
} from '../../../contracts/books';
import { ERRORS, type ErrorName } from '../../../contracts/errors';
import { owner, SIGNED_IN } from '../../auth/rules';
import { authOf } from '../../auth/session';
import type { Config } from '../../config';
import type { BookRow } from '../../db/schema';
import { ApiError, ok, parse } from '../../envelope';
import { assertOwnFolder } from '../../folders/repo';
import { assertOwnResources } from '../../library/repo';
import { deleteOwnedBooks, findOwnedBook, findOwnedBooks, listOwnedBooks, updateBook } from '../../publish/repo';
import { assertScheduling, coerceFormNumbers, pickSettings, updateColumns } from '../../publish/settings';
import { bookListItem, bookView, type ViewContext } from '../../publish/views';
import { newTokenSecret, pagesToken, privateToken } from '../../reader/access';
import { bookKeys } from '../../storage/paths';
import { bookTriggers } from '../../triggers/repo';

/** The upload size limit of an account mode (QUIRE_FILESIZE_LIMITS). */
export const filesizeLimit = (config: Pick<Config, 'filesizeLimits'>, mode: AccountMode): number =>
  config.filesizeLimits[mode] ?? config.filesizeLimits.FREE;

const BookGetQuerySchema = v.object({ id: v.pipe(v.string(), v.maxLength(64)) });

/** Why an edit of this book is refused, if it is (per item of a bulk edit: 404, 423, 409). */
function refusal(row: BookRow | undefined, fields: BookSettings): ErrorName | undefined {
  if (!row) return 'bookNotFound';
  if (row.is_valid === 0) return 'bookBlocked';
  const converting = row.status === 'QUEUED' || row.status === 'CONVERTING';
  if (converting && fields.publishing_mode !== undefined && fields.publishing_mode !== row.publishing_mode) return 'bookConverting';
  return undefined;
}

/** Results of a bulk call: an error envelope (the first item's error) when every item failed. */
function answerBulk(reply: FastifyReply, items: BulkItemResult[], failures: ErrorName[]): FastifyReply {
  if (items.length > 0 && failures.length === items.length) throw new ApiError(failures[0] as ErrorName, { items });
  return ok(reply, items);
}

/**
 * The caller's books (DESIGN §8 `{api}/account/book/…`): preflight, list, get, update (one id or a
 * list), delete. Every call is scoped to the caller's account: another account's id is bookNotFound.
 */
const bookRoutes: FastifyPluginAsync = async (app) => {
  const guarded = { preHandler: app.requireSession };
  const viewContext = (): ViewContext => ({
    config: app.config,
    now: app.clock(),
    privateToken: (book) => privateToken(app, book),
    pagesToken: (book) => pagesToken(app, book),
    triggersOf: (id) => bookTriggers(app.db, id),
    storage: app.storage,
  });

  app.get('/account/book/preflight', { ...guarded, config: SIGNED_IN }, async (request, reply) => {
    const { account } = authOf(request);
    const query = parse(PreflightQuerySchema, request.query);
    const limit = filesizeLimit(app.config, account.mode);
    if (!hasAcceptedExtension(query.name)) throw new ApiError('fileUnsupported');
    if (query.size === 0) throw new ApiError('fileEmpty');
    if (query.size > limit) throw new ApiError('fileTooLarge', { limit });
    const content: PreflightContent = { host: app.config.hosts.upload, limit };
    return ok(reply, content);
  });

  app.get('/account/book', { ...guarded, config: SIGNED_IN }, async (request, reply) => {
    const { account } = authOf(request);
    const query = parse(BookListQuerySchema, request.query);
    const step = query.step === 0 ? DEFAULT_PAGE_SIZE : query.step;
    const { rows, total, all } = await listOwnedBooks(app.db, account.id, { ...query, step });
    const ctx = viewContext();
    const list = await Promise.all(rows.map((row) => bookListItem(row, account, ctx)));
    const page: PagedList<BookListItem> = {
      list,
      total,
      start: query.start,
      step: { current: step },
      sortby: { available: BOOK_SORTS.map((id) => ({ id, label: `book.sort.${id}` })), selected: query.sortby },
      currency: null,
      from: list.length > 0 ? query.start + 1 : 0,
      to: query.start + list.length,
      max: MAX_PAGE_SIZE,
      metadata: { search: query.search },
      all,
    };
    return ok(reply, page);
  });

  app.get('/account/book/get', { ...guarded, config: owner({ 'query.id': 'book' }) }, async (request, reply) => {
    const { account } = authOf(request);
    const { id } = parse(BookGetQuerySchema, request.query);
    const row = await findOwnedBook(app.db, account.id, id);
    if (!row) throw new ApiError('bookNotFound');
    return ok(reply, await bookView(row, viewContext()));
  });

  const update = async (request: FastifyRequest, reply: FastifyReply) => {
    const { account } = authOf(request);
    const body = parse(BookUpdateRequestSchema, coerceFormNumbers(request.body ?? {}));
    const now = app.clock();
    const fields = pickSettings(body);
    assertScheduling(account.mode, fields, now);
    await assertOwnFolder(app.db, account.id, fields);
    await assertOwnResources(app.db, account.id, fields);

    if (body.ids === undefined) {
      if (body.id === undefined) throw new ApiError('validation', { fields: ['id'] });
      const id = body.id;
      const row = await app.db.transaction().execute(async (trx) => {
        const current = await findOwnedBook(trx, account.id, id);
        const problem = refusal(current, fields);
        if (problem || !current) throw new ApiError(problem ?? 'bookNotFound');
        return updateBook(trx, current.id, updateColumns(current, fields, now), now);
      });
      return ok(reply, await bookView(row, viewContext()));
    }

    const ids = [...new Set(body.ids)];
    const outcome = await app.db.transaction().execute(async (trx) => {
      const rows = new Map((await findOwnedBooks(trx, account.id, ids)).map((r) => [r.id, r]));
      const results: ({ id: string; row: BookRow } | { id: string; problem: ErrorName })[] = [];
      for (const id of ids) {
        const current = rows.get(id);
        const problem = refusal(current, fields);
        if (problem || !current) results.push({ id, problem: problem ?? 'bookNotFound' });
        else results.push({ id, row: await updateBook(trx, id, updateColumns(current, fields, now), now) });
      }
      return results;
    });
    const ctx = viewContext();
    const failures: ErrorName[] = [];
    const items = await Promise.all(
      outcome.map(async (r): Promise<BulkItemResult> => {
        if ('problem' in r) {
          failures.push(r.problem);
          return { id: r.id, status: 'error', code: ERRORS[r.problem].code };
        }
        return { id: r.id, status: 'ok', code: 200, book: await bookListItem(r.row, account, ctx) };
      }),
    );
    return answerBulk(reply, items, failures);
  };
  const updateOptions = {
    ...guarded,
    config: owner({
      'body.id': 'book',
      'body.ids': { resource: 'book', list: true },
      'body.subscription.id': { resource: 'folder', refusal: 'validation' },
      // The account's own library items (issue 16); anything else named `resource:` is refused alike.
      'body.skin.url': { resource: 'skin', prefix: 'resource:', refusal: 'validation' },
      'body.bg.url': { resource: 'background', prefix: 'resource:', refusal: 'validation' },
      'body.logo.url': { resource: 'logo', prefix: 'resource:', refusal: 'validation' },
    }),
  };
  app.post('/account/book/update', updateOptions, update);
  app.patch('/account/book/update', updateOptions, update);

  // Renew the private link: the book gets a new token secret, so the link and the pages token handed
  // out before stop opening anything, on every route; the answer carries the new ones.
  app.post('/account/book/private/renew', { ...guarded, config: owner({ 'body.id': 'book' }) }, async (request, reply) => {
    const { account } = authOf(request);
    const { id } = parse(BookRenewRequestSchema, request.body ?? {});
    const row = await app.db.transaction().execute(async (trx) => {
      const current = await findOwnedBook(trx, account.id, id);
      const problem = refusal(current, {});
      if (problem || !current) throw new ApiError(problem ?? 'bookNotFound');
      return updateBook(trx, current.id, { token_secret: newTokenSecret() }, app.clock());
    });
    return ok(reply, await bookView(row, viewContext()));
  });

  const remove = async (request: FastifyRequest, reply: FastifyReply) => {
    const { account } = authOf(request);
    const body = parse(BookDeleteRequestSchema, request.body ?? {});
    const ids = body.ids ? [...new Set(body.ids)] : body.id !== undefined ? [body.id] : undefined;
    if (!ids) throw new ApiError('validation', { fields: ['id'] });
    const deleted = await app.db.transaction().execute((trx) => deleteOwnedBooks(trx, account.id, ids));
    // Files go after the commit: a failed transaction leaves every book whole.
    await Promise.all(
      deleted.map((id) =>
        app.storage.remove(bookKeys(id).dir).catch((err: unknown) => {
          request.log.warn({ err, bookId: id }, 'could not remove the files of a deleted book');
        }),
      ),
    );
    if (!body.ids) {
      if (deleted.length === 0) throw new ApiError('bookNotFound');
      return ok(reply, { id: ids[0] });
    }
    const gone = new Set(deleted);
    const failures: ErrorName[] = [];
    const items = ids.map((id): BulkItemResult => {
      if (gone.has(id)) return { id, status: 'ok', code: 200 };
      failures.push('bookNotFound');
      return { id, status: 'error', code: ERRORS.bookNotFound.code };
    });
    return answerBulk(reply, items, failures);
  };
  const removeOptions = { ...guarded, config: owner({ 'body.id': 'book', 'body.ids': { resource: 'book', list: true } }) };
  app.post('/account/book/delete', removeOptions, remove);
  app.delete('/account/book/delete', removeOptions, remove);
};

export default bookRoutes;
