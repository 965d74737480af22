import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { CSSProperties, ReactNode } from 'react';
import type { AccountStatsActorRef, StatsPanel } from '../../../../machines/account-sections/account-stats.machine';
import type { StatsTable } from '../../../contracts/stats';
import { AppLink, Button, LockIcon } from '../ui';
import { type Change, formatChange } from './format';

/** Small pieces of the statistics dashboard: the change against the previous period, the table cards. */

export function TrendIcon({ direction }: { direction: 'up' | 'down' }) {
  return (
    <svg aria-hidden="true" focusable="false" width="12" height="12" viewBox="0 0 12 12" className="icon stats-trend__icon">
      <path d={direction === 'up' ? 'M6 2 11 9H1z' : 'M6 10 1 3h10z'} fill="currentColor" />
    </svg>
  );
}

/** `▲ +12 %` with its words for screen readers ("up 12 % on the previous period"). */
export function ChangeBadge({ change }: { change: Change }) {
  const { i18n } = useLingui();
  const value = formatChange(change, i18n.locale);
  if (change.direction === 'new')
    return (
      <span className="stats-trend stats-trend--new">
        <Trans id="stats.change.new">new</Trans>
        <span className="visually-hidden">
          <Trans id="stats.change.newSr">nothing in the previous period</Trans>
        </span>
      </span>
    );
  if (change.direction === 'same')
    return (
      <span className="stats-trend stats-trend--same">
        <span aria-hidden="true">±0%</span>
        <span className="visually-hidden">
          <Trans id="stats.change.sameSr">the same as in the previous period</Trans>
        </span>
      </span>
    );
  return (
    <span className={`stats-trend stats-trend--${change.direction}`}>
      <TrendIcon direction={change.direction} />
      <span aria-hidden="true">{value}</span>
      <span className="visually-hidden">
        {change.direction === 'up' ? (
          <Trans id="stats.change.upSr">up {value} on the previous period</Trans>
        ) : (
          <Trans id="stats.change.downSr">down {value} on the previous period</Trans>
        )}
      </span>
    </span>
  );
}

/** "Export CSV" for a table, or the upgrade link where the plan has no export. */
export function ExportControl({ actor, table }: { actor: AccountStatsActorRef; table: StatsTable }) {
  const canExport = useSelector(actor, (s) => s.context.summary?.can_export);
  const allowed = useSelector(actor, (s) => s.can({ type: 'user.export', table }));
  const busy = useSelector(actor, (s) => s.context.exporting === table);
  const failed = useSelector(actor, (s) => s.context.exportFailed === table);
  if (canExport === undefined) return null;
  if (!canExport)
    return (
      <AppLink href="/upgrade" className="stats-export stats-export--locked" data-testid={`stats-export-upgrade-${table}`}>
        <LockIcon size={14} />
        <Trans id="stats.export.upgrade">Upgrade to export CSV</Trans>
      </AppLink>
    );
  return (
    <span className="stats-export">
      {failed && (
        <span className="stats-export__error" role="alert">
          <Trans id="stats.export.failed">The export failed.</Trans>
        </span>
      )}
      <Button
        size="sm"
        disabled={!allowed}
        aria-busy={busy || undefined}
        onClick={() => actor.send({ type: 'user.export', table })}
        data-testid={`stats-export-${table}`}
      >
        {busy ? <Trans id="stats.export.busy">Exporting…</Trans> : <Trans id="stats.export">Export CSV</Trans>}
      </Button>
    </span>
  );
}

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** A number, right-aligned. */
  num?: boolean;
  /** A bar behind the cell: the row's share of the column's largest value (0…1). */
  bar?: (row: T) => number;
  /** The row's header cell (scope="row"). */
  rowHeader?: boolean;
}

/** One table of the dashboard in its card: loading, failed (retry this table), empty (what will appear), rows. */
export function TableCard<T>({
  actor,
  panel,
  title,
  caption,
  columns,
  rowKey,
  empty,
  extra,
}: {
  actor: AccountStatsActorRef;
  panel: StatsPanel;
  title: ReactNode;
  caption: ReactNode;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  empty: ReactNode;
  /** Shown above the table (a summary line, the device split). */
  extra?: (rows: T[]) => ReactNode;
}) {
  const state = useSelector(actor, (s) => {
    const tables = (s.value as { dashboard?: { tables?: unknown } }).dashboard?.tables;
    if (tables === 'loading' || (tables === 'retrying' && s.context.retrying === panel)) return 'loading';
    return s.context.failed.includes(panel) ? 'failed' : 'ready';
  });
  const rows = useSelector(actor, (s) => (s.context.tables[panel] ?? []) as T[]);
  const canRetry = useSelector(actor, (s) => s.can({ type: 'user.retryPanel', panel }));
  const headingId = `stats-${panel}-title`;
  return (
    <section className="stats-card" aria-labelledby={headingId} aria-busy={state === 'loading'} data-testid={`stats-panel-${panel}`}>
      <header className="stats-card__head">
        <h3 id={headingId}>{title}</h3>
        {state === 'ready' && rows.length > 0 && <ExportControl actor={actor} table={panel} />}
      </header>
      {state === 'loading' ? (
        <span className="spinner" />
      ) : state === 'failed' ? (
        <div className="stats-card__failed">
          <p className="callout callout--danger" role="alert">
            <Trans id="account.sections.failed">This could not be loaded.</Trans>
          </p>
          <Button size="sm" disabled={!canRetry} onClick={() => actor.send({ type: 'user.retryPanel', panel })}>
            <Trans id="account.sections.retry">Try again</Trans>
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <p className="stats-card__empty">{empty}</p>
      ) : (
        <>
          {extra?.(rows)}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than its card (a phone) scrolls from the keyboard. */}
          <section className="stats-scroll" aria-labelledby={headingId} tabIndex={0}>
            <table className="stats-table">
              <caption className="visually-hidden">{caption}</caption>
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c.key} scope="col" className={c.num ? 'num' : undefined}>
                      {c.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={rowKey(row)}>
                    {columns.map((c) => {
                      const share = c.bar ? Math.round(c.bar(row) * 100) : null;
                      // A label's bar is drawn behind it; a number's bar is a small meter before it.
                      const style = share !== null && !c.num ? ({ '--bar': `${share}%` } as CSSProperties) : undefined;
                      const cls = [c.num && 'num', share !== null && !c.num && 'stats-bar'].filter(Boolean).join(' ') || undefined;
                      const content =
                        share !== null && c.num ? (
                          <span key={c.key} className="stats-meter">
                            <span className="stats-meter__track" aria-hidden="true">
                              <span className="stats-meter__fill" style={{ inlineSize: `${share}%` }} />
                            </span>
                            <span>{c.cell(row)}</span>
                          </span>
                        ) : (
                          c.cell(row)
                        );
                      return c.rowHeader ? (
                        <th key={c.key} scope="row" className={cls} style={style}>
                          {content}
                        </th>
                      ) : (
                        <td key={c.key} className={cls} style={style}>
                          {content}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </section>
  );
}
