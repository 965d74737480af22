import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { type AccountStatsActorRef, accountStatsMachine } from '../../../../machines/account-sections/account-stats.machine';
import type { BookListItem, PagedList } from '../../../contracts/books';
import { READER_DEVICES, type ReaderStatsSummary } from '../../../contracts/reader';
import { useApp } from '../../app/context';
import type { SectionProps } from '../../pages/routes';
import { Button, Select } from '../ui';
import { formatDuration, statsTotals } from './format';
import { FailedCard, LoadingCard } from './shared';

/** A small bar chart in SVG (no chart library: a dozen lines are enough and cost nothing at load). */
function BarChart({ bars, label }: { bars: { key: string; label: string; value: number; className?: string }[]; label: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const width = Math.max(240, bars.length * 28);
  const height = 140;
  const slot = width / bars.length;
  return (
    <svg className="as-chart" viewBox={`0 0 ${width} ${height + 36}`} role="img" aria-label={label}>
      {bars.map((b, i) => {
        const h = Math.round((b.value / max) * height);
        const x = i * slot + slot * 0.15;
        return (
          <g key={b.key}>
            <rect className={`as-bar ${b.className ?? ''}`} x={x} y={height - h + 16} width={slot * 0.7} height={h}>
              <title>{`${b.label}: ${b.value}`}</title>
            </rect>
            <text x={x + slot * 0.35} y={height - h + 12} textAnchor="middle">
              {b.value}
            </text>
            <text x={x + slot * 0.35} y={height + 32} textAnchor="middle">
              {b.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function StatsFigures({ stats }: { stats: ReaderStatsSummary }) {
  const { t } = useLingui();
  const { pageViews, avgMs } = statsTotals(stats);
  const deviceNames = {
    desktop: t({ id: 'account.stats.device.desktop', message: 'Desktop' }),
    tablet: t({ id: 'account.stats.device.tablet', message: 'Tablet' }),
    phone: t({ id: 'account.stats.device.phone', message: 'Phone' }),
  };
  return (
    <>
      <dl className="account-facts">
        <div>
          <dt>
            <Trans id="account.stats.views">Views</Trans>
          </dt>
          <dd data-testid="stats-views">{stats.views}</dd>
        </div>
        <div>
          <dt>
            <Trans id="account.stats.readers">Readers</Trans>
          </dt>
          <dd data-testid="stats-readers">{stats.readers}</dd>
        </div>
        <div>
          <dt>
            <Trans id="account.stats.pageViews">Pages viewed</Trans>
          </dt>
          <dd data-testid="stats-page-views">{pageViews}</dd>
        </div>
        <div>
          <dt>
            <Trans id="account.stats.avgTime">Average reading time</Trans>
          </dt>
          <dd>{formatDuration(avgMs)}</dd>
        </div>
      </dl>
      <h3>
        <Trans id="account.stats.devices">Devices</Trans>
      </h3>
      <BarChart
        label={t({ id: 'account.stats.devices', message: 'Devices' })}
        bars={READER_DEVICES.map((d, i) => ({
          key: d,
          label: deviceNames[d],
          value: stats.devices[d],
          className: i ? `as-bar--${i + 1}` : '',
        }))}
      />
      {stats.pages.length > 0 && (
        <>
          <h3>
            <Trans id="account.stats.perPage">Readers per page</Trans>
          </h3>
          <BarChart
            label={t({ id: 'account.stats.perPage', message: 'Readers per page' })}
            bars={stats.pages.map((p) => ({ key: String(p.page), label: String(p.page), value: p.views }))}
          />
        </>
      )}
    </>
  );
}

/** /account/stats drawn from the statistics machine. */
export function StatsView({ actor }: { actor: AccountStatsActorRef }) {
  const { t } = useLingui();
  const state = useSelector(actor, (s) =>
    s.matches('loadingBooks') ? 'loading' : s.matches('failed') ? 'failed' : s.matches('empty') ? 'empty' : 'ready',
  );
  const books = useSelector(actor, (s) => s.context.books);
  const selected = useSelector(actor, (s) => s.context.selected);
  const stats = useSelector(actor, (s) => s.context.stats);
  const statsState = useSelector(actor, (s) =>
    s.matches({ ready: 'loading' }) ? 'loading' : s.matches({ ready: 'failed' }) ? 'failed' : 'loaded',
  );
  const title = <Trans id="menu.account.stats">Statistics</Trans>;
  if (state === 'loading') return <LoadingCard title={title} />;
  if (state === 'failed') return <FailedCard title={title} onRetry={() => actor.send({ type: 'user.retry' })} />;
  return (
    <section className="account-card" aria-labelledby="stats-title" aria-busy={statsState === 'loading'}>
      <h2 id="stats-title">{title}</h2>
      {state === 'empty' ? (
        <p data-testid="stats-empty">
          <Trans id="account.stats.empty">Publish a document to see how it is read.</Trans>
        </p>
      ) : (
        <>
          <Select
            label={t({ id: 'account.stats.book', message: 'Publication' })}
            value={selected ?? ''}
            onChange={(e) => actor.send({ type: 'user.select', id: e.target.value })}
            options={books.map((b) => ({ value: b.id, label: b.name }))}
          />
          {statsState === 'loading' ? (
            <span className="spinner" />
          ) : statsState === 'failed' ? (
            <>
              <p className="callout callout--danger" role="alert">
                <Trans id="account.sections.failed">This could not be loaded.</Trans>
              </p>
              <Button onClick={() => actor.send({ type: 'user.retry' })}>
                <Trans id="account.sections.retry">Try again</Trans>
              </Button>
            </>
          ) : stats ? (
            <StatsFigures stats={stats} />
          ) : null}
        </>
      )}
    </section>
  );
}

export default function StatsSection(_: SectionProps) {
  const { api } = useApp();
  const actor = useActorRef(
    accountStatsMachine.provide({
      actors: {
        loadBooks: fromPromise(async ({ signal }) => {
          const page = await api.call<PagedList<BookListItem>>('account/book/', {
            method: 'GET',
            searchParams: { start: 0, step: 200, sortby: 'date_desc' },
            signal,
          });
          return page.list.map((b) => ({ id: b.id, name: b.name }));
        }),
        loadStats: fromPromise(({ input, signal }) =>
          api.call<ReaderStatsSummary>('account/book/stats', { method: 'GET', searchParams: { id: input.id }, signal }),
        ),
      },
    }),
  );
  return <StatsView actor={actor} />;
}
