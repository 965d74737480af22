import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  CommentIdSchema,
  CommentListQuerySchema,
  OwnerCommentQuerySchema,
  type PostCommentContent,
  PostCommentSchema,
  SubscriberQuerySchema,
  SubscriptionRequestSchema,
  type SubscriptionState,
} from '../../../contracts/comments';
import { gated, owner, reader, SIGNED_IN } from '../../auth/rules';
import { authOf, optionalAuth } from '../../auth/session';
import {
  authorName,
  countRecentComments,
  deleteComment,
  findOwnedComment,
  insertComment,
  isSubscribed,
  listOwned,
  listPublished,
  listSubscribers,
  setCommentStatus,
  subscribe,
  unsubscribe,
} from '../../comments/repo';
import { ApiError, ok, parse } from '../../envelope';
import { rateLimit } from '../../plugins/security';
import { requireAccess } from '../../reader/access';

/** Comments one author may write per minute, whatever address they write from. */
const COMMENTS_PER_MINUTE = 5;

/**
 * Comments and subscriptions (issue "Reading"; calls listed in src/contracts/comments.ts). The public
 * calls pass the reader's gates first (reader/access.ts: a private book only through its link or for
 * its owner), then the book's comment_mode (4 accept, 1 moderate, 0 refuse) or subscribe_mode. Texts
 * are stored as written and only ever rendered as text (textContent / React), never as HTML.
 */
const commentRoutes: FastifyPluginAsync = async (app) => {
  const readerGet = reader({ book: 'query.id', token: 'query.token', key: 'link' });
  const readerPost = reader({ book: 'body.id', token: 'body.token', key: 'link', signedIn: true });
  const ownComment = owner({ 'body.id': 'comment' });
  app.get('/public/book/comment', { config: { ...readerGet, ...rateLimit(120, '1 minute') } }, async (request, reply) => {
    const query = parse(CommentListQuerySchema, request.query);
    const access = await requireAccess(app, request, query.id, query.token);
    if (access.settings.comment_mode === 0) throw new ApiError('commentsRefused');
    reply.header('cache-control', 'private, no-store');
    return ok(reply, await listPublished(app.db, access.row.id, query));
  });

  const postOptions = { preHandler: app.requireSession, config: { ...readerPost, ...rateLimit(10, '1 minute') } };
  app.post('/public/book/comment/create', postOptions, async (request, reply) => {
    const { profile, account } = authOf(request);
    const body = parse(PostCommentSchema, request.body);
    const access = await requireAccess(app, request, body.id, body.token);
    const mode = access.settings.comment_mode;
    if (mode === 0) throw new ApiError('commentsRefused');
    const now = app.clock();
    if ((await countRecentComments(app.db, profile.id, now - 60_000)) >= COMMENTS_PER_MINUTE) throw new ApiError('rateLimited');
    // The publisher moderates: their own comments need no approval.
    const status = mode === 4 || account.id === access.row.account_id ? 'published' : 'held';
    const comment = await insertComment(
      app.db,
      { bookId: access.row.id, profileId: profile.id, authorName: authorName(profile, account.name), text: body.text, status },
      now,
    );
    const content: PostCommentContent = { status, comment };
    return ok(reply, content);
  });

  app.get('/public/book/subscription/get', { config: readerGet }, async (request, reply) => {
    const query = parse(SubscriptionRequestSchema, request.query);
    const access = await requireAccess(app, request, query.id, query.token);
    const auth = await optionalAuth(app, request);
    const state: SubscriptionState = { subscribed: !!auth && (await isSubscribed(app.db, access.row.account_id, auth.profile.id)) };
    reply.header('cache-control', 'private, no-store');
    return ok(reply, state);
  });

  const toggle = (on: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { profile, account } = authOf(request);
    const body = parse(SubscriptionRequestSchema, request.body);
    const access = await requireAccess(app, request, body.id, body.token);
    // Following is offered by the book (subscribe_mode 1); one does not follow oneself.
    if (access.settings.subscribe_mode !== 1 || account.id === access.row.account_id) throw new ApiError('subscribeRefused');
    if (on) await subscribe(app.db, access.row.account_id, profile.id, app.clock());
    else await unsubscribe(app.db, access.row.account_id, profile.id);
    const state: SubscriptionState = { subscribed: on };
    return ok(reply, state);
  };
  const toggleOptions = { preHandler: app.requireSession, config: { ...readerPost, ...rateLimit(30, '1 minute') } };
  app.post('/public/book/subscription/create', toggleOptions, toggle(true));
  app.post('/public/book/subscription/delete', toggleOptions, toggle(false));

  // ── The owner's moderation and subscribers ──────────────────────────────────────────────────────
  // The comments page (SPEC §6 menu gating: hasSubscription).
  app.get('/account/comment', { preHandler: app.requireSession, config: { ...SIGNED_IN, ...gated('comment') } }, async (request, reply) => {
    const { account } = authOf(request);
    const query = parse(OwnerCommentQuerySchema, request.query);
    reply.header('cache-control', 'private, no-store');
    return ok(reply, await listOwned(app.db, account.id, query.status, query));
  });

  app.post(
    '/account/comment/update',
    { preHandler: app.requireSession, config: { ...ownComment, ...gated('comment') } },
    async (request, reply) => {
      const { account } = authOf(request);
      const { id } = parse(CommentIdSchema, request.body);
      const comment = await findOwnedComment(app.db, account.id, id);
      if (!comment) throw new ApiError('commentNotFound');
      await setCommentStatus(app.db, id, 'published');
      return ok(reply, { ...comment, status: 'published' });
    },
  );

  app.post(
    '/account/comment/delete',
    { preHandler: app.requireSession, config: { ...ownComment, ...gated('comment') } },
    async (request, reply) => {
      const { account } = authOf(request);
      const { id } = parse(CommentIdSchema, request.body);
      if (!(await findOwnedComment(app.db, account.id, id))) throw new ApiError('commentNotFound');
      await deleteComment(app.db, id);
      return ok(reply, { id });
    },
  );

  app.get(
    '/account/subscriber',
    { preHandler: app.requireSession, config: { ...SIGNED_IN, ...gated('subscriber') } },
    async (request, reply) => {
      const { account } = authOf(request);
      const query = parse(SubscriberQuerySchema, request.query);
      reply.header('cache-control', 'private, no-store');
      return ok(reply, await listSubscribers(app.db, account.id, query));
    },
  );
};

export default commentRoutes;
