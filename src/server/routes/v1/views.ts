import type { BookSettings } from '../../../contracts/books';
import type { BookRow } from '../../db/schema';
import { ApiError } from '../../envelope';
import { assertOwnFolder } from '../../folders/repo';
import { findOwnedBook } from '../../publish/repo';
import type { V1Context } from './types';

/** Publications as the API v1 shows them: the one mapper, shared with the API webhooks' payloads. */
export { v1Publication } from '../../api-keys/publication';

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

/**
 * The folder a v1 call names (`folder_id`) is one of the key's account's: another account's or an
 * unknown one is `folderNotFound` (the API's convention for ids), not the app's validation error, which
 * names the app's internal field.
 */
export async function assertV1Folder(ctx: V1Context, settings: Pick<BookSettings, 'subscription.id'>): Promise<void> {
  try {
    await assertOwnFolder(ctx.app.db, ctx.key.accountId, settings);
  } catch (error) {
    if (error instanceof ApiError && error.errorName === 'validation') throw new ApiError('folderNotFound');
    throw error;
  }
}
