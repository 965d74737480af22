import type { BookRow } from '../../db/schema';
import { ApiError } from '../../envelope';
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
