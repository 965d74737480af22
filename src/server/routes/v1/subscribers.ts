import { listSubscribers } from '../../comments/repo';
import type { V1Handlers } from './types';
import { offsetOf } from './views';

/** The readers who follow the account (the same list as the account's subscribers page, comments/repo.ts). */
const handlers: V1Handlers = {
  listSubscribers: async (ctx) => {
    const { page, perPage, start } = offsetOf(ctx.query);
    const result = await listSubscribers(ctx.app.db, ctx.key.accountId, { start, step: perPage });
    return { items: result.list, page, per_page: perPage, total: result.total };
  },
};

export default handlers;
