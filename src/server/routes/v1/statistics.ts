import { statsFirstDay, viewerOf } from '../../../contracts/gating';
import { isCalendarDate } from '../../../contracts/limits';
import { STATS_LIMITS } from '../../../contracts/stats';
import { profileView } from '../../accounts/views';
import { ApiError } from '../../envelope';
import { addDays, closedThrough, dayOf, rangeDays, statsSeries, sumSeries } from '../../stats/queries';
import type { V1Context, V1Handlers } from './types';
import { ownedPublication } from './views';

/**
 * Daily statistics through the API, from the rollups the dashboard reads (src/server/stats/queries.ts,
 * as src/server/routes/account/stats.ts uses them): default the last 30 days (today included); a range
 * is real days, from ≤ to, at most STATS_LIMITS.maxRangeDays; a plan without `statsHistory` sees only its
 * last STATS_LIMITS.freeHistoryDays days (the range is clipped as the dashboard clips it).
 */
export const V1_STATS_DEFAULT_DAYS = 30;

async function statistics(ctx: V1Context, bookId: string | undefined) {
  const { app, key, now } = ctx;
  const today = dayOf(now);
  let to = typeof ctx.query.to === 'string' ? ctx.query.to : today;
  const given = typeof ctx.query.from === 'string' ? ctx.query.from : undefined;
  const fields = [...(given === undefined || isCalendarDate(given) ? [] : ['from']), ...(isCalendarDate(to) ? [] : ['to'])];
  if (fields.length > 0) throw new ApiError('validation', { message: 'validation.invalid', fields });
  // The default range ends at `to` (a real day by now).
  let from = given ?? addDays(to, -(V1_STATS_DEFAULT_DAYS - 1));
  const days = rangeDays(from, to);
  if (days < 1 || days > STATS_LIMITS.maxRangeDays)
    throw new ApiError('validation', { message: 'validation.range', fields: ['from', 'to'] });
  const [account, profile] = await Promise.all([
    app.db.selectFrom('accounts').selectAll().where('id', '=', key.accountId).executeTakeFirstOrThrow(),
    app.db.selectFrom('profiles').selectAll().where('id', '=', key.profileId).executeTakeFirstOrThrow(),
  ]);
  const limitedFrom = statsFirstDay(viewerOf(account, profileView(profile)), today, STATS_LIMITS.freeHistoryDays);
  if (limitedFrom !== null && from < limitedFrom) {
    from = limitedFrom;
    if (to < from) to = from;
  }
  const series = await statsSeries(app.db, {
    accountId: key.accountId,
    ...(bookId !== undefined ? { bookId } : {}),
    from,
    to,
    closed: closedThrough(today),
  });
  return { from, to, totals: sumSeries(series), days: series };
}

const handlers: V1Handlers = {
  getAccountStatistics: (ctx) => statistics(ctx, undefined),
  getPublicationStatistics: async (ctx) => statistics(ctx, (await ownedPublication(ctx)).id),
};

export default handlers;
