import * as v from 'valibot';
import { COMMENT_TEXT_MAX, COMMENTS_PAGE_SIZE } from './comment-limits';
import { count, epochMs, pageNumber } from './limits';

export { COMMENT_TEXT_MAX, COMMENTS_PAGE_SIZE } from './comment-limits';

/**
 * Comments on publications and subscribers of publishers (issue "Reading"; SPEC §3 Book comment_mode
 * 4 accept, 1 moderate, 0 refuse; subscribe_mode 0/1). Shared by the server, the reader (types only:
 * the reader bundle stays free of valibot) and the account sections.
 *
 * Public calls (the reader; gated like the public book call, `token` = the private link's):
 *   GET  {api}/public/book/comment/?id=&token=&start=&step=   → CommentPage<PublicComment>
 *   POST {api}/public/book/comment/create {id, token?, text}  → PostCommentContent   (signed in)
 *   GET  {api}/public/book/subscription/get?id=&token=        → SubscriptionState
 *   POST {api}/public/book/subscription/create {id, token?}   → SubscriptionState    (signed in)
 *   POST {api}/public/book/subscription/delete {id, token?}   → SubscriptionState    (signed in)
 * Owner calls (signed in):
 *   GET  {api}/account/comment/?status=&start=&step=          → CommentPage<OwnerComment>
 *   POST {api}/account/comment/update {id}                    → OwnerComment (approved: published)
 *   POST {api}/account/comment/delete {id}                    → {id}
 *   GET  {api}/account/subscriber/?start=&step=               → CommentPage<Subscriber>
 */

export const COMMENT_STATUSES = ['published', 'held', 'rejected'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/** A published comment as every reader sees it. Times are epoch ms. */
export interface PublicComment {
  id: string;
  author_name: string;
  text: string;
  created_at: number;
}

/** A comment on one of the caller's books, as the moderation screen shows it. */
export interface OwnerComment extends PublicComment {
  status: CommentStatus;
  book: { id: string; name: string };
}

export interface Subscriber {
  name: string;
  created_at: number;
}

/** A page of a list (SPEC §3 paged list: list, total, start, step.current). */
export interface CommentPage<T> {
  list: T[];
  total: number;
  start: number;
  step: { current: number };
}

export interface PostCommentContent {
  /** published (comment_mode 4, or the book's owner) or held (comment_mode 1: awaits the publisher). */
  status: 'published' | 'held';
  comment: PublicComment;
}

export interface SubscriptionState {
  /** The caller follows the book's publisher (false for anonymous callers). */
  subscribed: boolean;
}

const bookId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/));
const readerToken = v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,128}$/)));
const paging = { start: pageNumber(0, 1_000_000), step: pageNumber(COMMENTS_PAGE_SIZE, 100) };

export const CommentListQuerySchema = v.object({ id: bookId, token: readerToken, ...paging });

/** Control characters (other than line breaks and tabs) are dropped; the text is trimmed. */
export const CommentTextSchema = v.pipe(
  v.string(),
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  v.transform((s) => s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim()),
  v.minLength(1, 'validation.required'),
  v.maxLength(COMMENT_TEXT_MAX, 'validation.max'),
);

export const PostCommentSchema = v.object({ id: bookId, token: readerToken, text: CommentTextSchema });
export const SubscriptionRequestSchema = v.object({ id: bookId, token: readerToken });

export const OwnerCommentQuerySchema = v.object({
  status: v.optional(v.picklist(['held', 'published'] as const), 'held'),
  ...paging,
});
export const CommentIdSchema = v.object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)) });
export const SubscriberQuerySchema = v.object({ ...paging });

// Client-side checks of the owner's answers (the account sections validate what they show).
const PublicCommentSchema = v.object({ id: v.string(), author_name: v.string(), text: v.string(), created_at: epochMs() });
export const OwnerCommentSchema = v.object({
  ...PublicCommentSchema.entries,
  status: v.picklist(COMMENT_STATUSES),
  book: v.object({ id: v.string(), name: v.string() }),
});
const page = <T extends v.GenericSchema>(item: T) =>
  v.object({ list: v.array(item), total: count(), start: count(), step: v.object({ current: count() }) });
export const OwnerCommentPageSchema = page(OwnerCommentSchema);
export const SubscriberPageSchema = page(v.object({ name: v.string(), created_at: epochMs() }));
