import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { accountStatsMachine, type StatsTablesResult } from '../../machines/account-sections/account-stats.machine';
import { emptySummary, freeSummary, STATS_TODAY, sampleSummary, sampleTables } from '../../machines/account-sections/fixtures';
import {
  addDays,
  callParams,
  daysBetween,
  isDay,
  parseStatsQuery,
  presetQuery,
  type StatsQuery,
  statsSearch,
  validCustom,
} from '../../machines/account-sections/stats-query';
import type { StatsSummary, StatsTable } from '../../src/contracts/stats';
import {
  average,
  changeOf,
  countryName,
  formatChange,
  formatDay,
  formatDuration,
  formatNumber,
  formatRange,
  formatShare,
  languageName,
} from '../../src/web/components/stats/format';

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('statistics formatting', () => {
  it('formats counts and shares in the UI language', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, 'de')).toBe('1.234.567');
    expect(formatNumber(1234, 'ru').replace(/\s/g, ' ')).toBe('1 234');
    expect(formatShare(1, 3, 'en')).toBe('33%');
    expect(formatShare(1, 0, 'en')).toBe('0%');
  });

  it('works out the change against the previous period', () => {
    expect(changeOf(120, 100)).toEqual({ direction: 'up', percent: 20 });
    expect(changeOf(75, 100)).toEqual({ direction: 'down', percent: 25 });
    expect(changeOf(100, 100)).toEqual({ direction: 'same', percent: 0 });
    expect(changeOf(1001, 1000)).toEqual({ direction: 'same', percent: 0 });
    expect(changeOf(5, 0)).toEqual({ direction: 'new', percent: null });
    expect(changeOf(0, 0)).toEqual({ direction: 'same', percent: 0 });
    expect(formatChange(changeOf(120, 100), 'en')).toBe('+20%');
    expect(formatChange(changeOf(75, 100), 'en')).toBe('−25%');
    expect(formatChange(changeOf(75, 100), 'de').replace(/\s/g, ' ')).toBe('−25 %');
    expect(formatChange(changeOf(5, 0), 'en')).toBe('');
  });

  it('writes reading times with short units', () => {
    expect(formatDuration(42_400, 'en')).toBe('42 sec');
    expect(formatDuration(65_000, 'en')).toBe('1 min 5 sec');
    expect(formatDuration(120_000, 'en')).toBe('2 min');
    expect(formatDuration(3_780_000, 'en')).toBe('1 hr 3 min');
    expect(formatDuration(-5, 'en')).toBe('0 sec');
    expect(formatDuration(65_000, 'de')).toMatch(/^1 Min\. 5 Sek\.$/);
    expect(average(90_000, 3)).toBe(30_000);
    expect(average(90_000, 0)).toBe(0);
  });

  it('shows UTC days whatever the time zone, and ranges', () => {
    expect(formatDay('2026-11-01', 'en')).toBe('Nov 1');
    expect(formatDay('2026-11-01', 'de')).toBe('1. Nov.');
    expect(formatDay('2026-11-01', 'en', true)).toBe('Nov 1, 2026');
    expect(formatRange('2026-11-01', '2026-11-30', 'en')).toMatch(/^Nov 1\s?–\s?30, 2026$/);
  });

  it('names countries and languages in the UI language, unknown ones as Unknown', () => {
    expect(countryName('DE', 'en', 'Unknown')).toBe('Germany');
    expect(countryName('DE', 'fr', 'Inconnu')).toBe('Allemagne');
    expect(countryName('ZZ', 'de', 'Unbekannt')).toBe('Unbekannt');
    expect(countryName('', 'en', 'Unknown')).toBe('Unknown');
    expect(languageName('de', 'en', 'Unknown')).toBe('German');
    expect(languageName('en', 'ru', '?')).toBe('английский');
    expect(languageName('', 'en', 'Unknown')).toBe('Unknown');
  });
});

describe('statistics query in the address', () => {
  it('computes preset ranges ending today', () => {
    expect(presetQuery('7d', '2026-11-28', null)).toEqual({ range: '7d', from: '2026-11-22', to: '2026-11-28', book: null });
    expect(presetQuery('365d', '2026-11-28', 'b1')).toEqual({ range: '365d', from: '2025-11-29', to: '2026-11-28', book: 'b1' });
    expect(daysBetween('2025-11-29', '2026-11-28')).toBe(365);
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('reads the range, the days and the publication, falling back to 30 days of the account', () => {
    expect(parseStatsQuery('', STATS_TODAY)).toEqual(presetQuery('30d', STATS_TODAY, null));
    expect(parseStatsQuery('?range=90d&book=b_1-x', STATS_TODAY)).toEqual(presetQuery('90d', STATS_TODAY, 'b_1-x'));
    expect(parseStatsQuery('?range=custom&from=2026-11-02&to=2026-11-15', STATS_TODAY)).toEqual({
      range: 'custom',
      from: '2026-11-02',
      to: '2026-11-15',
      book: null,
    });
    // Wrong values: an unknown range, days out of order, after today, not a day, a bad book id.
    expect(parseStatsQuery('?range=12d', STATS_TODAY).range).toBe('30d');
    expect(parseStatsQuery('?range=custom&from=2026-11-15&to=2026-11-02', STATS_TODAY).range).toBe('30d');
    expect(parseStatsQuery('?range=custom&from=2026-11-15&to=2026-12-02', STATS_TODAY).range).toBe('30d');
    expect(parseStatsQuery('?range=custom&from=2026-02-30&to=2026-03-02', STATS_TODAY).range).toBe('30d');
    expect(parseStatsQuery('?book=../../etc', STATS_TODAY).book).toBeNull();
    expect(isDay('2026-02-29')).toBe(false);
    expect(validCustom('2010-01-01', '2026-11-28', STATS_TODAY)).toBe(false);
  });

  it('writes the same view back (a reload or a shared link shows it again)', () => {
    const views: StatsQuery[] = [
      presetQuery('7d', STATS_TODAY, null),
      presetQuery('365d', STATS_TODAY, 'b1'),
      { range: 'custom', from: '2026-11-02', to: '2026-11-15', book: 'b2' },
    ];
    for (const q of views) expect(parseStatsQuery(statsSearch(q), STATS_TODAY)).toEqual(q);
    expect(statsSearch(presetQuery('30d', STATS_TODAY, null))).toBe('?range=30d');
    expect(statsSearch({ range: 'custom', from: '2026-11-02', to: '2026-11-15', book: 'b2' })).toBe(
      '?range=custom&book=b2&from=2026-11-02&to=2026-11-15',
    );
    expect(callParams(presetQuery('7d', STATS_TODAY, null))).toEqual({ from: '2026-11-22', to: STATS_TODAY });
  });
});

describe('statistics machine', () => {
  function start(options: { summary?: StatsSummary; query?: StatsQuery; tables?: () => Promise<StatsTablesResult> } = {}) {
    const urls: string[] = [];
    const saved: { table: StatsTable; csv: string }[] = [];
    const summaries: StatsQuery[] = [];
    const tables: StatsQuery[] = [];
    const actor = createActor(
      accountStatsMachine.provide({
        actors: {
          loadSummary: fromPromise(async ({ input }) => {
            summaries.push(input);
            return options.summary ?? sampleSummary;
          }),
          loadTables: fromPromise(async ({ input }) => {
            tables.push(input);
            return options.tables ? options.tables() : { rows: sampleTables, failed: [] };
          }),
          loadPanel: fromPromise(async ({ input }) => sampleTables[input.panel]),
          exportTable: fromPromise(async ({ input }) => `csv of ${input.table} ${input.query.from}`),
        },
        actions: {
          syncUrl: (_, { query }) => urls.push(statsSearch(query)),
          saveFile: (_, file) => saved.push(file),
        },
      }),
      { input: { today: STATS_TODAY, query: options.query ?? presetQuery('30d', STATS_TODAY, null) } },
    ).start();
    return { actor, urls, saved, summaries, tables };
  }

  it('loads the summary and the tables together and keeps the address in step with the view', async () => {
    const { actor, urls, summaries, tables } = start();
    expect(summaries).toHaveLength(1);
    expect(tables).toHaveLength(1);
    await settle();
    expect(actor.getSnapshot().value).toEqual({ dashboard: { summary: 'loaded', tables: 'ready', export: 'idle', picker: 'closed' } });
    actor.send({ type: 'user.range', range: '7d' });
    actor.send({ type: 'user.range', range: '7d' }); // the same range: nothing
    actor.send({ type: 'user.book', book: 'b2' });
    actor.send({ type: 'user.custom' });
    actor.send({ type: 'user.draft', from: '2026-11-10', to: null });
    expect(actor.getSnapshot().can({ type: 'user.apply' })).toBe(false);
    actor.send({ type: 'user.draft', from: '2026-11-10', to: '2026-11-12' });
    actor.send({ type: 'user.apply' });
    actor.send({ type: 'user.book', book: null });
    expect(urls).toEqual([
      '?range=7d',
      '?range=7d&book=b2',
      '?range=custom&book=b2&from=2026-11-10&to=2026-11-12',
      '?range=custom&from=2026-11-10&to=2026-11-12',
    ]);
    expect(summaries.map((q) => `${q.from}..${q.to} ${q.book}`)).toEqual([
      '2026-10-30..2026-11-28 null',
      '2026-11-22..2026-11-28 null',
      '2026-11-22..2026-11-28 b2',
      '2026-11-10..2026-11-12 b2',
      '2026-11-10..2026-11-12 null',
    ]);
    actor.stop();
  });

  it('retries one failed table alone, and everything at once', async () => {
    let calls = 0;
    const { actor, tables } = start({
      tables: async () =>
        ++calls === 1 ? { rows: { ...sampleTables, sources: undefined }, failed: ['sources'] } : { rows: sampleTables, failed: [] },
    });
    await settle();
    expect(actor.getSnapshot().context.failed).toEqual(['sources']);
    expect(actor.getSnapshot().can({ type: 'user.retryPanel', panel: 'countries' })).toBe(false);
    actor.send({ type: 'user.retryPanel', panel: 'sources' });
    await settle();
    expect(actor.getSnapshot().context.failed).toEqual([]);
    expect(actor.getSnapshot().context.tables.sources).toEqual(sampleTables.sources);
    actor.send({ type: 'user.retry' });
    expect(tables).toHaveLength(2);
    actor.stop();
  });

  it('exports only where the plan allows it; empty when nothing was read', async () => {
    const premium = start();
    await settle();
    premium.actor.send({ type: 'user.export', table: 'pages' }); // the pages need a publication
    premium.actor.send({ type: 'user.export', table: 'countries' });
    await settle();
    expect(premium.saved).toEqual([{ table: 'countries', csv: 'csv of countries 2026-10-30' }]);
    premium.actor.stop();

    const free = start({ summary: freeSummary });
    await settle();
    expect(free.actor.getSnapshot().can({ type: 'user.export', table: 'countries' })).toBe(false);
    free.actor.stop();

    const empty = start({ summary: emptySummary });
    await settle();
    expect(empty.actor.getSnapshot().matches({ dashboard: { summary: 'empty' } })).toBe(true);
    empty.actor.stop();
  });
});
