import type { ApiKey, ApiKeyCreated } from '../../src/contracts/api-keys';
import type { CommentPage, OwnerComment, Subscriber } from '../../src/contracts/comments';
import type {
  StatsBookRow,
  StatsCountryRow,
  StatsDeviceRow,
  StatsLanguageRow,
  StatsPageRow,
  StatsSourceRow,
  StatsSummary,
  StatsTotals,
} from '../../src/contracts/stats';
import type { StatsTablesData, StatsTablesResult } from './account-stats.machine';
import { addDays } from './stats-query';

/** Small data for the path tests, stories and unit tests of the account sections. */

export const ownerComment = (id: string, status: OwnerComment['status'] = 'held'): OwnerComment => ({
  id,
  author_name: id === 'c1' ? 'Ada Lovelace' : 'Grace Hopper',
  text: id === 'c1' ? 'Lovely issue, thank you!' : 'Page 3 has a typo in the second line.',
  created_at: 1_763_800_000_000,
  status,
  book: { id: 'b1', name: 'Spring catalogue' },
});

const pageOf = <T>(list: T[], total = list.length): CommentPage<T> => ({ list, total, start: 0, step: { current: 20 } });

export const heldPage = pageOf([ownerComment('c1'), ownerComment('c2')]);
export const onePage = pageOf([ownerComment('c1')]);
export const publishedPage = pageOf([ownerComment('c3', 'published')]);
export const noComments = pageOf<OwnerComment>([]);

export const subscriber = (name: string): Subscriber => ({ name, created_at: 1_763_800_000_000 });
export const subscribersFirst = pageOf([subscriber('Ada Lovelace'), subscriber('Grace Hopper')], 3);
export const subscribersRest: CommentPage<Subscriber> = { ...pageOf([subscriber('Alan Turing')], 3), start: 2 };
export const noSubscribers = pageOf<Subscriber>([]);

/** Statistics (issue 17): a 30-day view ending on STATS_TODAY, the contract's shapes. */
export const STATS_TODAY = '2026-11-28';

const zero: StatsTotals = { views: 0, readers: 0, reads: 0, pages: 0, time_ms: 0, downloads: 0, prints: 0, shares: 0, leads: 0 };

/** A day of the series: a weekly rhythm with a slow rise (deterministic). */
function dayTotals(i: number): StatsTotals {
  const weekday = i % 7;
  const views = Math.round((12 + i * 0.8) * (weekday >= 5 ? 0.55 : 1) + ((i * 7) % 5));
  const readers = Math.round(views * 0.72);
  const reads = Math.round(views * 0.6);
  const pages = views * 6;
  return {
    views,
    readers,
    reads,
    pages,
    time_ms: reads * 95_000,
    downloads: i % 3,
    prints: i % 4 === 0 ? 1 : 0,
    shares: i % 5 === 0 ? 2 : 0,
    leads: i % 9 === 0 ? 1 : 0,
  };
}

const sum = (days: StatsTotals[]): StatsTotals =>
  days.reduce(
    (a, d) =>
      Object.fromEntries(Object.keys(a).map((k) => [k, a[k as keyof StatsTotals] + d[k as keyof StatsTotals]])) as unknown as StatsTotals,
    { ...zero },
  );

export function statsSummary(days = 30, options: { canExport?: boolean; limitedFrom?: string | null; scale?: number } = {}): StatsSummary {
  const from = addDays(STATS_TODAY, 1 - days);
  const scale = options.scale ?? 1;
  const series = Array.from({ length: days }, (_, i) => {
    const t = dayTotals(i);
    return {
      day: addDays(from, i),
      ...(Object.fromEntries(Object.entries(t).map(([k, v]) => [k, Math.round(v * scale)])) as unknown as StatsTotals),
    };
  });
  const totals = sum(series);
  const previous = Object.fromEntries(
    Object.entries(totals).map(([k, v]) => [k, Math.round(v * (k === 'shares' ? 1.25 : 0.82))]),
  ) as unknown as StatsTotals;
  return {
    from,
    to: STATS_TODAY,
    previous: { from: addDays(from, -days), to: addDays(from, -1) },
    limited_from: options.limitedFrom ?? null,
    can_export: options.canExport ?? true,
    totals,
    previous_totals: previous,
    series,
  };
}

export const sampleSummary = statsSummary();
export const freeSummary = statsSummary(30, { canExport: false, limitedFrom: addDays(STATS_TODAY, -29) });
export const emptySummary: StatsSummary = {
  ...statsSummary(30, { scale: 0 }),
  previous_totals: { ...zero },
};

export const sampleBooks: StatsBookRow[] = [
  { id: 'b1', name: 'Spring catalogue', views: 412, readers: 301, reads: 260, time_ms: 260 * 120_000 },
  { id: 'b2', name: 'Annual report 2026', views: 198, readers: 150, reads: 101, time_ms: 101 * 240_000 },
  { id: 'b3', name: 'Summer menu', views: 57, readers: 49, reads: 30, time_ms: 30 * 45_000 },
];
export const sampleSources: StatsSourceRow[] = [
  { source: 'direct', host: '', views: 290, readers: 211, shares: 0 },
  { source: 'embed', host: 'blog.example.com', views: 180, readers: 130, shares: 0 },
  { source: 'share', host: 'facebook', views: 96, readers: 80, shares: 14 },
  { source: 'search', host: 'www.google.com', views: 61, readers: 52, shares: 0 },
  { source: 'referrer', host: 'news.example.org', views: 40, readers: 27, shares: 0 },
  { source: 'share', host: 'copy', views: 0, readers: 0, shares: 5 },
];
export const sampleCountries: StatsCountryRow[] = [
  { country: 'DE', views: 240, readers: 180 },
  { country: 'FR', views: 150, readers: 111 },
  { country: 'US', views: 121, readers: 90 },
  { country: 'BR', views: 60, readers: 41 },
  { country: 'ZZ', views: 12, readers: 9 },
];
export const sampleDevices: StatsDeviceRow[] = [
  { device: 'desktop', browser: 'chrome', views: 260, readers: 190 },
  { device: 'phone', browser: 'safari', views: 180, readers: 140 },
  { device: 'phone', browser: 'chrome', views: 120, readers: 95 },
  { device: 'tablet', browser: 'safari', views: 55, readers: 40 },
  { device: 'desktop', browser: 'firefox', views: 40, readers: 31 },
];
export const sampleLanguages: StatsLanguageRow[] = [
  { language: 'de', views: 250, readers: 190 },
  { language: 'en', views: 230, readers: 170 },
  { language: 'fr', views: 140, readers: 100 },
  { language: '', views: 20, readers: 15 },
];
export const samplePages: StatsPageRow[] = Array.from({ length: 12 }, (_, i) => ({
  page: i + 1,
  views: Math.max(20, 400 - i * 31),
  avg_ms: 8_000 + ((i * 7_919) % 40_000),
  exits: i === 11 ? 120 : 6 + ((i * 13) % 30),
}));

export const sampleTables: StatsTablesData = {
  books: sampleBooks,
  sources: sampleSources,
  countries: sampleCountries,
  devices: sampleDevices,
  languages: sampleLanguages,
  pages: samplePages,
};
export const allTables: StatsTablesResult = { rows: sampleTables, failed: [] };
export const someTablesFailed: StatsTablesResult = {
  rows: { books: sampleBooks, countries: sampleCountries, devices: sampleDevices, languages: sampleLanguages, pages: samplePages },
  failed: ['sources'],
};

/** Small answers for the path tests (their committed record stays readable). */
export const pathSummary = statsSummary(2);
export const pathFreeSummary = statsSummary(2, { canExport: false, limitedFrom: addDays(STATS_TODAY, -29) });
export const pathEmptySummary: StatsSummary = { ...statsSummary(2, { scale: 0 }), previous_totals: { ...zero } };
const one = <T>(rows: T[]): T[] => rows.slice(0, 1);
export const pathTables: StatsTablesResult = {
  rows: {
    books: one(sampleBooks),
    sources: one(sampleSources),
    countries: one(sampleCountries),
    devices: one(sampleDevices),
    languages: one(sampleLanguages),
    pages: one(samplePages),
  },
  failed: [],
};
export const pathTablesFailed: StatsTablesResult = { rows: { ...pathTables.rows, sources: undefined }, failed: ['sources'] };

// ── API keys (issue 18) ────────────────────────────────────────────────────────────────────────
/** The day the API key fixtures are seen on (the expiry dates are checked against it). */
export const API_KEYS_TODAY = '2026-11-29';
export const sampleApiKeys: ApiKey[] = [
  {
    id: 'k1',
    name: 'Build server',
    public_key: 'qk_3f9a1c0d5e7b2a4c6d8e0f12',
    rights: ['read', 'publish'],
    created_at: Date.UTC(2026, 10, 20, 9, 30),
    expires_at: null,
    last_used_at: Date.UTC(2026, 10, 28, 17, 5),
    revoked_at: null,
  },
  {
    id: 'k2',
    name: 'Statistics export',
    public_key: 'qk_0a1b2c3d4e5f60718293a4b5',
    rights: ['read', 'statistics'],
    created_at: Date.UTC(2026, 9, 2, 8, 0),
    expires_at: Date.UTC(2027, 9, 2, 22, 59),
    last_used_at: null,
    revoked_at: null,
  },
  {
    id: 'k3',
    name: 'Old CMS plug-in',
    public_key: 'qk_99aa88bb77cc66dd55ee44ff',
    rights: ['read', 'publish', 'edit', 'delete'],
    created_at: Date.UTC(2026, 0, 12, 12, 0),
    expires_at: Date.UTC(2026, 5, 30, 21, 59),
    last_used_at: Date.UTC(2026, 5, 29, 6, 40),
    revoked_at: null,
  },
  {
    id: 'k4',
    name: 'Newsletter sync',
    public_key: 'qk_1234567890abcdef12345678',
    rights: ['subscribers'],
    created_at: Date.UTC(2025, 11, 1, 10, 0),
    expires_at: null,
    last_used_at: Date.UTC(2026, 2, 3, 11, 15),
    revoked_at: Date.UTC(2026, 2, 4, 9, 0),
  },
];
export const createdApiKey: ApiKeyCreated = {
  key: {
    id: 'k9',
    name: 'Nightly import',
    public_key: 'qk_c0ffee00c0ffee00c0ffee00',
    rights: ['read', 'publish'],
    created_at: Date.UTC(2026, 10, 29, 10, 0),
    expires_at: null,
    last_used_at: null,
    revoked_at: null,
  },
  secret: 'qs_Zm9yIHN0b3JpZXMgb25seTogbm90IGEgcmVhbCBzZWN',
};
