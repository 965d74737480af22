import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { hasFeature, statsFirstDay, viewerOf } from '../../../contracts/gating';
import { isCalendarDate } from '../../../contracts/limits';
import {
  STATS_LIMITS,
  StatsExportQuerySchema,
  StatsPagesQuerySchema,
  StatsQuerySchema,
  type StatsSummary,
  type StatsTable,
} from '../../../contracts/stats';
import { csvLine } from '../../../contracts/triggers';
import { profileView } from '../../accounts/views';
import { gated, owner } from '../../auth/rules';
import { authOf } from '../../auth/session';
import { ApiError, ok, parse } from '../../envelope';
import { findOwnedBook } from '../../publish/repo';
import {
  addDays,
  closedThrough,
  dayOf,
  rangeDays,
  type StatsScope,
  statsBooks,
  statsCountries,
  statsDevices,
  statsLanguages,
  statsPages,
  statsSeries,
  statsSources,
  statsTotals,
  sumSeries,
  TOTAL_KEYS,
} from '../../stats/queries';

/**
 * The statistics dashboard's calls (issue 17; contract src/contracts/stats.ts, queries
 * src/server/stats/queries.ts): GET {api}/account/stats/{summary,books,sources,countries,devices,
 * languages,pages,export}. Signed in, own books only (another account's `book` is bookNotFound), on the
 * `stats` page of the gating table. The plan's features come from FEATURE_GATES (src/contracts/gating.ts):
 * without `statsHistory` a range is clipped to the last STATS_LIMITS.freeHistoryDays days
 * (`limited_from`), without `statsExport` the CSV export is featureLocked.
 */

interface Range {
  scope: StatsScope;
  /** The first day the plan shows, or null (the whole history). */
  limitedFrom: string | null;
  canExport: boolean;
  /** The named book's page count (the pages table). */
  pagesTotal: number;
}

/** from ≤ to, both real calendar days, at most STATS_LIMITS.maxRangeDays days: else the validation envelope. */
function checkRange(from: string, to: string): void {
  const fields = [...(isCalendarDate(from) ? [] : ['from']), ...(isCalendarDate(to) ? [] : ['to'])];
  if (fields.length > 0) throw new ApiError('validation', { message: 'validation.invalid', fields });
  const days = rangeDays(from, to);
  if (days < 1 || days > STATS_LIMITS.maxRangeDays)
    throw new ApiError('validation', { message: 'validation.range', fields: ['from', 'to'] });
}

/** The caller's scope of a call: the range (checked, then clipped to what the plan shows), the named book checked as theirs. */
async function rangeOf(
  app: Parameters<FastifyPluginAsync>[0],
  request: FastifyRequest,
  query: { from: string; to: string; book?: string | undefined },
): Promise<Range> {
  const auth = authOf(request);
  checkRange(query.from, query.to);
  let pagesTotal = 0;
  if (query.book !== undefined) {
    const book = await findOwnedBook(app.db, auth.account.id, query.book);
    if (!book) throw new ApiError('bookNotFound');
    pagesTotal = book.pages_total;
  }
  const viewer = viewerOf(auth.account, profileView(auth.profile));
  const limitedFrom = statsFirstDay(viewer, dayOf(app.clock()), STATS_LIMITS.freeHistoryDays);
  let { from, to } = query;
  if (limitedFrom !== null && from < limitedFrom) {
    // A range wholly before what the plan shows becomes its first day.
    from = limitedFrom;
    if (to < from) to = from;
  }
  return {
    scope: {
      accountId: auth.account.id,
      ...(query.book !== undefined ? { bookId: query.book } : {}),
      from,
      to,
      closed: closedThrough(dayOf(app.clock())),
    },
    limitedFrom,
    canExport: hasFeature('statsExport', viewer),
    pagesTotal,
  };
}

/** The summary: the range's totals and series, and the previous range of the same length (within what the plan shows). */
async function summaryOf(app: Parameters<FastifyPluginAsync>[0], range: Range): Promise<StatsSummary> {
  const { scope, limitedFrom } = range;
  const length = rangeDays(scope.from, scope.to);
  const previous = { from: addDays(scope.from, -length), to: addDays(scope.from, -1) };
  const series = await statsSeries(app.db, scope);
  // The previous range counts only days the plan shows (none, when it lies wholly before them).
  const shownFrom = limitedFrom !== null && previous.from < limitedFrom ? limitedFrom : previous.from;
  const previousTotals =
    shownFrom <= previous.to ? await statsTotals(app.db, { ...scope, from: shownFrom, to: previous.to }) : sumSeries([]);
  return {
    from: scope.from,
    to: scope.to,
    previous,
    limited_from: limitedFrom,
    can_export: range.canExport,
    totals: sumSeries(series),
    previous_totals: previousTotals,
    series,
  };
}

/** A table's rows as CSV lines (a header, then the same rows and numbers as the table's call). */
async function tableCsv(app: Parameters<FastifyPluginAsync>[0], table: StatsTable, range: Range): Promise<string> {
  const { scope } = range;
  const lines = (header: string[], rows: (string | number)[][]) => [header, ...rows].map(csvLine).join('');
  switch (table) {
    case 'series': {
      const summary = await summaryOf(app, range);
      return lines(
        ['day', ...TOTAL_KEYS],
        summary.series.map((row) => [row.day, ...TOTAL_KEYS.map((key) => row[key])]),
      );
    }
    case 'books':
      return lines(
        ['id', 'name', 'views', 'readers', 'reads', 'time_ms'],
        (await statsBooks(app.db, scope)).map((r) => [r.id, r.name, r.views, r.readers, r.reads, r.time_ms]),
      );
    case 'sources':
      return lines(
        ['source', 'host', 'views', 'readers', 'shares'],
        (await statsSources(app.db, scope)).map((r) => [r.source, r.host, r.views, r.readers, r.shares]),
      );
    case 'countries':
      return lines(
        ['country', 'views', 'readers'],
        (await statsCountries(app.db, scope)).map((r) => [r.country, r.views, r.readers]),
      );
    case 'devices':
      return lines(
        ['device', 'browser', 'views', 'readers'],
        (await statsDevices(app.db, scope)).map((r) => [r.device, r.browser, r.views, r.readers]),
      );
    case 'languages':
      return lines(
        ['language', 'views', 'readers'],
        (await statsLanguages(app.db, scope)).map((r) => [r.language, r.views, r.readers]),
      );
    case 'pages':
      return lines(
        ['page', 'views', 'avg_ms', 'exits'],
        (await statsPages(app.db, scope.bookId ?? '', range.pagesTotal, scope.from, scope.to)).map((r) => [
          r.page,
          r.views,
          r.avg_ms,
          r.exits,
        ]),
      );
  }
}

const statsRoutes: FastifyPluginAsync = async (app) => {
  const options = { preHandler: app.requireSession, config: { ...owner({ 'query.book': 'book' }), ...gated('stats') } };
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

  app.get('/account/stats/summary', options, async (request, reply) => {
    const range = await rangeOf(app, request, parse(StatsQuerySchema, request.query));
    return ok(noStore(reply), await summaryOf(app, range));
  });

  const table = (path: string, rows: (scope: StatsScope) => Promise<unknown>) =>
    app.get(path, options, async (request, reply) => {
      const { scope } = await rangeOf(app, request, parse(StatsQuerySchema, request.query));
      return ok(noStore(reply), await rows(scope));
    });
  // The top publications of the account (a `book` narrows it to that one).
  table('/account/stats/books', (scope) => statsBooks(app.db, scope));
  table('/account/stats/sources', (scope) => statsSources(app.db, scope));
  table('/account/stats/countries', (scope) => statsCountries(app.db, scope));
  table('/account/stats/devices', (scope) => statsDevices(app.db, scope));
  table('/account/stats/languages', (scope) => statsLanguages(app.db, scope));

  app.get('/account/stats/pages', options, async (request, reply) => {
    const query = parse(StatsPagesQuerySchema, request.query);
    const range = await rangeOf(app, request, query);
    return ok(noStore(reply), await statsPages(app.db, query.book, range.pagesTotal, range.scope.from, range.scope.to));
  });

  app.get('/account/stats/export', options, async (request, reply) => {
    const query = parse(StatsExportQuerySchema, request.query);
    if (query.table === 'pages' && query.book === undefined)
      throw new ApiError('validation', { message: 'validation.required', fields: ['book'] });
    const range = await rangeOf(app, request, query);
    if (!range.canExport) throw new ApiError('featureLocked');
    const csv = await tableCsv(app, query.table, range);
    const name = `quire-stats-${query.table}-${range.scope.from}-${range.scope.to}.csv`;
    return noStore(reply)
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(`\uFEFF${csv}`);
  });
};

export default statsRoutes;
