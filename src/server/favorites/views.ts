import type { FavoriteItem } from '../../contracts/favorites';
import type { Config } from '../config';
import type { BookRow } from '../db/schema';
import { publisherUrl, thumbUrl, viewerUrl } from '../publish/views';
import { publicationPath } from '../reader/overview';
import type { FavoriteRow } from './repo';

/** What judging and drawing a favourite needs besides its row. */
export interface FavoriteViewContext {
  config: Pick<Config, 'hosts'>;
  now: number;
  /** The caller's account (their own books stay readable to them: the owner's gates). */
  accountId: string;
  /** The visitor confirmed explicit content (SPEC §2 safe mode cookie): explicit covers show. */
  explicitOk: boolean;
  /** The pages token of a book (reader/access.ts): the cover of one's own private book carries it. */
  pagesToken: (book: Pick<BookRow, 'id' | 'token_secret'>) => string;
}

type Gated = Pick<BookRow, 'publishing_mode' | 'is_published' | 'is_valid' | 'status' | 'publish_at'>;

/** Anyone may read it (the reader's visitor gates without a private link; the public pages' gates). */
const publiclyReadable = (row: Gated, now: number) =>
  row.publishing_mode === 1 &&
  row.is_published === 1 &&
  row.is_valid === 1 &&
  row.status === 'DONE' &&
  (row.publish_at === null || row.publish_at <= now);

/**
 * Whether the caller may read a favourite now without a private link: publicly, or as its owner
 * (who passes every gate but blocked and unconverted, reader/access.ts).
 */
export function favoriteAvailable(row: Gated & Pick<BookRow, 'account_id'>, accountId: string, now: number): boolean {
  if (publiclyReadable(row, now)) return true;
  return row.account_id === accountId && row.is_valid === 1 && row.status === 'DONE';
}

/**
 * A list entry: the card of a publication the caller may open, or for one they may no longer open
 * only its id and the date it was added (nothing of its title, cover or publisher).
 */
export function favoriteItem(row: FavoriteRow, ctx: FavoriteViewContext): FavoriteItem {
  if (!favoriteAvailable(row, ctx.accountId, ctx.now)) return { id: row.id, available: false, created_at: row.added_at };
  const adult = row.is_adult === 1;
  const cover = `${thumbUrl(ctx.config, row, 'medium')}${row.publishing_mode === 2 ? `&t=${ctx.pagesToken(row)}` : ''}`;
  const viewer = viewerUrl(ctx.config, row.id);
  return {
    id: row.id,
    available: true,
    created_at: row.added_at,
    name: row.name,
    image: adult && !ctx.explicitOk ? null : cover,
    is_adult: adult,
    account: { name: row.account_name, url: { overview: publisherUrl(row.account_id) } },
    // The publication page exists only for publicly listed books; the owner's others open in the reader.
    url: { viewer, overview: publiclyReadable(row, ctx.now) ? publicationPath(row.id) : viewer },
  };
}
