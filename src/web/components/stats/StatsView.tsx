import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type AccountStatsActorRef, panelsOf } from '../../../../machines/account-sections/account-stats.machine';
import {
  STAT_DEVICES,
  type StatBrowser,
  type StatDevice,
  type StatSource,
  type StatsBookRow,
  type StatsCountryRow,
  type StatsDeviceRow,
  type StatsLanguageRow,
  type StatsPageRow,
  type StatsSourceRow,
  type StatsSummary,
  type StatsTotals,
} from '../../../contracts/stats';
import { AppLink, Button, Select } from '../ui';
import { average, changeOf, countryName, formatDuration, formatNumber, formatShare, languageName, maxOf } from './format';
import { ChangeBadge, type Column, ExportControl, TableCard } from './parts';
import { RangeBar } from './RangeBar';
import { SeriesChart } from './SeriesChart';
import './stats.css';

export const SOURCE_LABELS: Record<StatSource, MessageDescriptor> = {
  direct: msg({ id: 'stats.source.direct', message: 'Direct' }),
  embed: msg({ id: 'stats.source.embed', message: 'Embedded on a site' }),
  share: msg({ id: 'stats.source.share', message: 'Shared' }),
  search: msg({ id: 'stats.source.search', message: 'Search engine' }),
  referrer: msg({ id: 'stats.source.referrer', message: 'Link on a site' }),
};
export const DEVICE_LABELS: Record<StatDevice, MessageDescriptor> = {
  desktop: msg({ id: 'stats.device.desktop', message: 'Desktop' }),
  tablet: msg({ id: 'stats.device.tablet', message: 'Tablet' }),
  phone: msg({ id: 'stats.device.phone', message: 'Phone' }),
};
const BROWSER_NAMES: Record<Exclude<StatBrowser, 'other'>, string> = {
  chrome: 'Chrome',
  safari: 'Safari',
  firefox: 'Firefox',
  edge: 'Edge',
  opera: 'Opera',
  samsung: 'Samsung Internet',
};

const SHARES_LABEL = msg({ id: 'stats.shares', message: 'Shares' });
type TotalKey = 'views' | 'readers' | 'reads' | 'avg' | 'pages' | 'downloads' | 'shares' | 'leads';
const TOTALS: { key: TotalKey; label: MessageDescriptor }[] = [
  { key: 'views', label: msg({ id: 'stats.views', message: 'Views' }) },
  { key: 'readers', label: msg({ id: 'stats.readers', message: 'Readers' }) },
  { key: 'reads', label: msg({ id: 'stats.reads', message: 'Reads' }) },
  { key: 'avg', label: msg({ id: 'stats.avgTime', message: 'Average reading time' }) },
  { key: 'pages', label: msg({ id: 'stats.pagesViewed', message: 'Pages viewed' }) },
  { key: 'downloads', label: msg({ id: 'stats.downloads', message: 'Downloads' }) },
  { key: 'shares', label: SHARES_LABEL },
  { key: 'leads', label: msg({ id: 'stats.leads', message: 'Leads' }) },
];
const totalOf = (t: StatsTotals, key: TotalKey) => (key === 'avg' ? average(t.time_ms, t.reads) : t[key]);

type Phase = 'loading' | 'failed' | 'empty' | 'loaded';
const summaryPhase = (value: unknown): Phase => {
  const v = (value as { dashboard?: { summary?: string } }).dashboard?.summary;
  return v === 'loaded' || v === 'empty' || v === 'failed' ? v : 'loading';
};

/** /account/stats drawn from the statistics machine (machines/account-sections/account-stats.machine.ts). */
export function StatsView({ actor }: { actor: AccountStatsActorRef }) {
  const phase = useSelector(actor, (s) => summaryPhase(s.value));
  const book = useSelector(actor, (s) => s.context.query.book);
  const limitedFrom = useSelector(actor, (s) => s.context.summary?.limited_from ?? null);
  // Everything failed (the summary and every table): one failure for the whole, one retry.
  const wholeFailed = useSelector(
    actor,
    (s) =>
      summaryPhase(s.value) === 'failed' &&
      (s.value as { dashboard?: { tables?: string } }).dashboard?.tables === 'ready' &&
      s.context.failed.length === panelsOf(s.context.query).length,
  );
  return (
    <section className="account-card stats" aria-labelledby="stats-title" data-testid="stats">
      <header className="stats-head">
        <h2 id="stats-title">
          <Trans id="menu.account.stats">Statistics</Trans>
        </h2>
        <BookSelect actor={actor} />
      </header>
      <RangeBar actor={actor} />
      {limitedFrom && (
        <p className="callout stats-limited" data-testid="stats-limited">
          <Trans id="stats.limited">
            Free accounts see the last 30 days — <AppLink href="/upgrade">upgrade for the whole history</AppLink>
          </Trans>
        </p>
      )}
      {book && <BookHeading actor={actor} />}
      {wholeFailed ? (
        <div className="stats-failed">
          <p className="callout callout--danger" role="alert">
            <Trans id="stats.failed">The statistics could not be loaded.</Trans>
          </p>
          <Button onClick={() => actor.send({ type: 'user.retry' })}>
            <Trans id="account.sections.retry">Try again</Trans>
          </Button>
        </div>
      ) : phase === 'empty' ? (
        <EmptyState book={book} />
      ) : (
        <>
          <Overview actor={actor} phase={phase} />
          {book ? <BookPanels actor={actor} /> : <AccountPanels actor={actor} />}
        </>
      )}
    </section>
  );
}

/** The publication select: the account, or one of the publications read in these days. */
function BookSelect({ actor }: { actor: AccountStatsActorRef }) {
  const { t } = useLingui();
  const book = useSelector(actor, (s) => s.context.query.book);
  const rows = useSelector(actor, (s) => s.context.tables.books ?? null);
  const options = [
    { value: '', label: t({ id: 'stats.allBooks', message: 'All publications' }) },
    ...(rows ?? []).map((b) => ({ value: b.id, label: b.name })),
  ];
  if (book && !options.some((o) => o.value === book))
    options.push({ value: book, label: t({ id: 'stats.thisBook', message: 'This publication' }) });
  return (
    <div className="stats-book-select">
      <Select
        label={t({ id: 'stats.book', message: 'Publication' })}
        value={book ?? ''}
        onChange={(e) => actor.send({ type: 'user.book', book: e.target.value || null })}
        options={options}
      />
    </div>
  );
}

function BookHeading({ actor }: { actor: AccountStatsActorRef }) {
  const name = useSelector(actor, (s) => s.context.tables.books?.find((b) => b.id === s.context.query.book)?.name ?? null);
  return (
    <div className="stats-book-head">
      <Button size="sm" variant="ghost" onClick={() => actor.send({ type: 'user.book', book: null })}>
        <Trans id="stats.backToAccount">← All publications</Trans>
      </Button>
      <h3 className="stats-book-head__name" data-testid="stats-book-name">
        {name ?? <Trans id="stats.thisBook">This publication</Trans>}
      </h3>
    </div>
  );
}

function EmptyState({ book }: { book: string | null }) {
  return (
    <div className="stats-empty" data-testid="stats-empty">
      <svg aria-hidden="true" focusable="false" width="48" height="48" viewBox="0 0 48 48" className="stats-empty__icon">
        <path d="M6 40h36M10 34V22M20 34V12M30 34V26M40 34V16" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {book ? (
        <p>
          <Trans id="stats.empty.book">
            No one has read this publication in these days. When people read it, its views, the pages they read and where they come from
            appear here.
          </Trans>
        </p>
      ) : (
        <p>
          <Trans id="stats.empty.account">
            When people read your publications, their views appear here — share a publication to get started.
          </Trans>
        </p>
      )}
      <AppLink href="/account/book" className="btn btn--primary">
        <Trans id="stats.empty.toBooks">Go to my publications</Trans>
      </AppLink>
    </div>
  );
}

/** The totals with their change, and the series. */
function Overview({ actor, phase }: { actor: AccountStatsActorRef; phase: Phase }) {
  const { i18n } = useLingui();
  const summary = useSelector(actor, (s) => s.context.summary);
  const canRetry = useSelector(actor, (s) => s.can({ type: 'user.retryPanel', panel: 'summary' }));
  if (phase === 'failed' || !summary)
    return (
      <div className="stats-overview" aria-busy={phase === 'loading'} data-testid="stats-overview">
        {phase === 'failed' ? (
          <div className="stats-card__failed">
            <p className="callout callout--danger" role="alert">
              <Trans id="account.sections.failed">This could not be loaded.</Trans>
            </p>
            <Button size="sm" disabled={!canRetry} onClick={() => actor.send({ type: 'user.retryPanel', panel: 'summary' })}>
              <Trans id="account.sections.retry">Try again</Trans>
            </Button>
          </div>
        ) : (
          <span className="spinner" />
        )}
      </div>
    );
  return (
    <div className="stats-overview" data-testid="stats-overview">
      <dl className="stats-totals">
        {TOTALS.map(({ key, label }) => {
          const value = totalOf(summary.totals, key);
          return (
            <div key={key} className="stats-total">
              <dt>{i18n._(label)}</dt>
              <dd>
                <span className="stats-total__value" data-testid={`stats-${key}`}>
                  {key === 'avg' ? formatDuration(value, i18n.locale) : formatNumber(value, i18n.locale)}
                </span>
                <ChangeBadge change={changeOf(value, totalOf(summary.previous_totals, key))} />
              </dd>
            </div>
          );
        })}
      </dl>
      <SeriesCard actor={actor} summary={summary} />
    </div>
  );
}

function SeriesCard({ actor, summary }: { actor: AccountStatsActorRef; summary: StatsSummary }) {
  return (
    <section className="stats-card stats-card--wide" aria-labelledby="stats-series-title">
      <header className="stats-card__head">
        <h3 id="stats-series-title">
          <Trans id="stats.series.title">Views and readers per day</Trans>
        </h3>
        <ExportControl actor={actor} table="series" />
      </header>
      <SeriesChart series={summary.series} />
    </section>
  );
}

function useLabels() {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const n = (v: number) => formatNumber(v, locale);
  return {
    i18n,
    locale,
    n,
    views: t({ id: 'stats.views', message: 'Views' }),
    readers: t({ id: 'stats.readers', message: 'Readers' }),
    unknown: t({ id: 'stats.unknown', message: 'Unknown' }),
  };
}

function AccountPanels({ actor }: { actor: AccountStatsActorRef }) {
  const L = useLabels();
  const books = useSelector(actor, (s) => s.context.tables.books ?? []);
  const booksMax = maxOf(books, (b) => b.views);
  const bookColumns: Column<StatsBookRow>[] = [
    {
      key: 'name',
      rowHeader: true,
      header: <Trans id="stats.col.book">Publication</Trans>,
      bar: (b) => b.views / booksMax,
      cell: (b) => (
        <button type="button" className="stats-link" onClick={() => actor.send({ type: 'user.book', book: b.id })}>
          {b.name}
        </button>
      ),
    },
    { key: 'views', num: true, header: L.views, cell: (b) => L.n(b.views) },
    { key: 'readers', num: true, header: L.readers, cell: (b) => L.n(b.readers) },
    { key: 'reads', num: true, header: <Trans id="stats.reads">Reads</Trans>, cell: (b) => L.n(b.reads) },
    {
      key: 'avg',
      num: true,
      header: <Trans id="stats.col.avgTime">Average time</Trans>,
      cell: (b) => formatDuration(average(b.time_ms, b.reads), L.locale),
    },
  ];
  return (
    <div className="stats-grid">
      <div className="stats-grid__wide">
        <TableCard
          actor={actor}
          panel="books"
          title={<Trans id="stats.books.title">Top publications</Trans>}
          caption={<Trans id="stats.books.caption">Publications by views; choose one to see its pages and sources</Trans>}
          columns={bookColumns}
          rowKey={(b) => b.id}
          empty={<Trans id="stats.books.empty">Your most read publications appear here.</Trans>}
        />
      </div>
      <SourcesCard actor={actor} />
      <CountriesCard actor={actor} />
      <DevicesCard actor={actor} />
      <LanguagesCard actor={actor} />
    </div>
  );
}

function BookPanels({ actor }: { actor: AccountStatsActorRef }) {
  return (
    <div className="stats-grid">
      <div className="stats-grid__wide">
        <PagesCard actor={actor} />
      </div>
      <SourcesCard actor={actor} />
      <DevicesCard actor={actor} />
      <CountriesCard actor={actor} />
      <LanguagesCard actor={actor} />
    </div>
  );
}

function SourcesCard({ actor }: { actor: AccountStatsActorRef }) {
  const L = useLabels();
  const rows = useSelector(actor, (s) => s.context.tables.sources ?? []);
  const max = maxOf(rows, (r) => r.views);
  const columns: Column<StatsSourceRow>[] = [
    { key: 'source', rowHeader: true, header: <Trans id="stats.col.source">Source</Trans>, cell: (r) => L.i18n._(SOURCE_LABELS[r.source]) },
    {
      key: 'host',
      header: <Trans id="stats.col.site">Site or service</Trans>,
      bar: (r) => r.views / max,
      cell: (r) => (r.host ? <span className="stats-host">{r.host}</span> : '—'),
    },
    { key: 'views', num: true, header: L.views, cell: (r) => L.n(r.views) },
    { key: 'readers', num: true, header: L.readers, cell: (r) => L.n(r.readers) },
    // Shares made from the reader to a share row's service (or the link copied): beside the visits it brought.
    { key: 'shares', num: true, header: L.i18n._(SHARES_LABEL), cell: (r) => (r.source === 'share' ? L.n(r.shares) : '—') },
  ];
  return (
    <TableCard
      actor={actor}
      panel="sources"
      title={<Trans id="stats.sources.title">Sources</Trans>}
      caption={
        <Trans id="stats.sources.caption">
          Where readers came from: directly, from a site that embeds it, a share, a search engine or a link
        </Trans>
      }
      columns={columns}
      rowKey={(r) => `${r.source}:${r.host}`}
      empty={<Trans id="stats.sources.empty">Where readers come from (a link, a site that embeds it, a share) appears here.</Trans>}
    />
  );
}

function CountriesCard({ actor }: { actor: AccountStatsActorRef }) {
  const L = useLabels();
  const rows = useSelector(actor, (s) => s.context.tables.countries ?? []);
  const max = maxOf(rows, (r) => r.views);
  const columns: Column<StatsCountryRow>[] = [
    {
      key: 'country',
      rowHeader: true,
      header: <Trans id="stats.col.country">Country</Trans>,
      bar: (r) => r.views / max,
      cell: (r) => countryName(r.country, L.locale, L.unknown),
    },
    { key: 'views', num: true, header: L.views, cell: (r) => L.n(r.views) },
    { key: 'readers', num: true, header: L.readers, cell: (r) => L.n(r.readers) },
  ];
  return (
    <TableCard
      actor={actor}
      panel="countries"
      title={<Trans id="stats.countries.title">Countries</Trans>}
      caption={<Trans id="stats.countries.caption">Views and readers by country</Trans>}
      columns={columns}
      rowKey={(r) => r.country}
      empty={<Trans id="stats.countries.empty">The countries your readers are in appear here.</Trans>}
    />
  );
}

/** Views per device class as one stacked bar with its legend (the device split). */
function DeviceSplit({ rows }: { rows: StatsDeviceRow[] }) {
  const { i18n } = useLingui();
  const total = rows.reduce((a, r) => a + r.views, 0);
  const byDevice = STAT_DEVICES.map((d) => ({
    device: d,
    views: rows.filter((r) => r.device === d).reduce((a, r) => a + r.views, 0),
  })).filter((d) => d.views > 0);
  return (
    <div className="stats-split" data-testid="stats-device-split">
      <div className="stats-split__bar" aria-hidden="true">
        {byDevice.map((d) => (
          <span key={d.device} className={`stats-split__part stats-split__part--${d.device}`} style={{ flexGrow: d.views }} />
        ))}
      </div>
      <ul className="stats-split__legend">
        {byDevice.map((d) => (
          <li key={d.device} data-testid={`stats-device-${d.device}`}>
            <span className={`stats-split__dot stats-split__part--${d.device}`} aria-hidden="true" />
            {i18n._(DEVICE_LABELS[d.device])} <strong>{formatShare(d.views, total, i18n.locale)}</strong>{' '}
            <span className="stats-muted">({formatNumber(d.views, i18n.locale)})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function DevicesCard({ actor }: { actor: AccountStatsActorRef }) {
  const L = useLabels();
  const { t } = useLingui();
  const rows = useSelector(actor, (s) => s.context.tables.devices ?? []);
  const max = maxOf(rows, (r) => r.views);
  const other = t({ id: 'stats.browser.other', message: 'Other' });
  const columns: Column<StatsDeviceRow>[] = [
    { key: 'device', rowHeader: true, header: <Trans id="stats.col.device">Device</Trans>, cell: (r) => L.i18n._(DEVICE_LABELS[r.device]) },
    {
      key: 'browser',
      header: <Trans id="stats.col.browser">Browser</Trans>,
      bar: (r) => r.views / max,
      cell: (r) => (r.browser === 'other' ? other : BROWSER_NAMES[r.browser]),
    },
    { key: 'views', num: true, header: L.views, cell: (r) => L.n(r.views) },
    { key: 'readers', num: true, header: L.readers, cell: (r) => L.n(r.readers) },
  ];
  return (
    <TableCard
      actor={actor}
      panel="devices"
      title={<Trans id="stats.devices.title">Devices</Trans>}
      caption={<Trans id="stats.devices.caption">Views and readers by device and browser</Trans>}
      columns={columns}
      rowKey={(r) => `${r.device}:${r.browser}`}
      empty={<Trans id="stats.devices.empty">Whether people read on a phone, a tablet or a computer appears here.</Trans>}
      extra={(r) => <DeviceSplit rows={r} />}
    />
  );
}

function LanguagesCard({ actor }: { actor: AccountStatsActorRef }) {
  const L = useLabels();
  const rows = useSelector(actor, (s) => s.context.tables.languages ?? []);
  const max = maxOf(rows, (r) => r.views);
  const columns: Column<StatsLanguageRow>[] = [
    {
      key: 'language',
      rowHeader: true,
      header: <Trans id="stats.col.language">Language</Trans>,
      bar: (r) => r.views / max,
      cell: (r) => languageName(r.language, L.locale, L.unknown),
    },
    { key: 'views', num: true, header: L.views, cell: (r) => L.n(r.views) },
    { key: 'readers', num: true, header: L.readers, cell: (r) => L.n(r.readers) },
  ];
  return (
    <TableCard
      actor={actor}
      panel="languages"
      title={<Trans id="stats.languages.title">Languages</Trans>}
      caption={<Trans id="stats.languages.caption">Views and readers by the language of their browser</Trans>}
      columns={columns}
      rowKey={(r) => r.language || '-'}
      empty={<Trans id="stats.languages.empty">The languages your readers use appear here.</Trans>}
    />
  );
}

function PagesCard({ actor }: { actor: AccountStatsActorRef }) {
  const L = useLabels();
  const rows = useSelector(actor, (s) => s.context.tables.pages ?? []);
  const viewsMax = maxOf(rows, (r) => r.views);
  const timeMax = maxOf(rows, (r) => r.avg_ms);
  const exitsMax = maxOf(rows, (r) => r.exits);
  const columns: Column<StatsPageRow>[] = [
    { key: 'page', rowHeader: true, header: <Trans id="stats.col.page">Page</Trans>, cell: (r) => L.n(r.page) },
    { key: 'views', num: true, header: L.views, bar: (r) => r.views / viewsMax, cell: (r) => L.n(r.views) },
    {
      key: 'avg',
      num: true,
      header: <Trans id="stats.col.avgSeconds">Average time on the page</Trans>,
      bar: (r) => r.avg_ms / timeMax,
      cell: (r) => formatDuration(r.avg_ms, L.locale),
    },
    {
      key: 'exits',
      num: true,
      header: <Trans id="stats.col.exits">Readers who stopped here</Trans>,
      bar: (r) => r.exits / exitsMax,
      cell: (r) => L.n(r.exits),
    },
  ];
  return (
    <TableCard
      actor={actor}
      panel="pages"
      title={<Trans id="stats.pages.title">Pages: what holds readers and where they stop</Trans>}
      caption={<Trans id="stats.pages.caption">Views, average time and readers who stopped, page by page</Trans>}
      columns={columns}
      rowKey={(r) => String(r.page)}
      empty={<Trans id="stats.pages.empty">How long readers stay on each page, and where they stop, appears here.</Trans>}
    />
  );
}
