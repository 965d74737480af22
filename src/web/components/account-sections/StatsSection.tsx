import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import {
  type AccountStatsInput,
  accountStatsMachine,
  type ExportInput,
  panelsOf,
  type StatsPanel,
  type StatsRows,
  type StatsTablesResult,
} from '../../../../machines/account-sections/account-stats.machine';
import { callParams, dayOf, parseStatsQuery, type StatsQuery, statsSearch } from '../../../../machines/account-sections/stats-query';
import type { ApiClient } from '../../../api/client';
import type { StatsSummary, StatsTable } from '../../../contracts/stats';
import { useApp } from '../../app/context';
import type { SectionProps } from '../../pages/routes';
import { StatsView } from '../stats/StatsView';

/** The dashboard's calls (src/contracts/stats.ts): GET {api}/account/stats/<table>?from=&to=&book=. */
export function statsApi(api: ApiClient, apiBase: string) {
  const table = (panel: StatsPanel, query: StatsQuery, signal?: AbortSignal) =>
    api.call<StatsRows>(`account/stats/${panel}`, { method: 'GET', searchParams: callParams(query), signal, ignoreAlerts: true });
  return {
    summary: (query: StatsQuery, signal?: AbortSignal) =>
      api.call<StatsSummary>('account/stats/summary', { method: 'GET', searchParams: callParams(query), signal, ignoreAlerts: true }),
    table,
    /** Every table of the view at once; each that fails is named, the others are kept. */
    async tables(query: StatsQuery, signal?: AbortSignal): Promise<StatsTablesResult> {
      const panels = panelsOf(query);
      const settled = await Promise.allSettled(panels.map((p) => table(p, query, signal)));
      const result: StatsTablesResult = { rows: {}, failed: [] };
      settled.forEach((s, i) => {
        const panel = panels[i] as StatsPanel;
        if (s.status === 'fulfilled') (result.rows as Record<string, unknown>)[panel] = s.value;
        else result.failed.push(panel);
      });
      return result;
    },
    /** The CSV text of a table (premium and up). */
    async exportCsv(t: StatsTable, query: StatsQuery, signal?: AbortSignal): Promise<string> {
      const ky = await api.ky();
      const res = await ky.get('account/stats/export', {
        prefix: apiBase,
        searchParams: { table: t, ...callParams(query) },
        headers: { accept: 'text/csv' },
        ...(signal ? { signal } : {}),
      });
      if (!res.ok) throw new Error(`export failed: HTTP ${res.status}`);
      return res.text();
    },
  };
}

/** The CSV's file name: `quire-stats-sources-2026-11-01-2026-11-30.csv`. */
export const csvName = (table: StatsTable, query: StatsQuery) =>
  `quire-stats-${table}${query.book ? `-${query.book}` : ''}-${query.from}-${query.to}.csv`;

/** Hands a CSV text to the browser as a download (with the byte-order mark spreadsheets read as UTF-8). */
function saveCsv(csv: string, name: string): void {
  const bom = csv.startsWith('\uFEFF') ? '' : '\uFEFF';
  const href = URL.createObjectURL(new Blob([bom, csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** /account/stats: the statistics machine with its calls, the address (`?range=…&book=…`) and downloads. */
export default function StatsSection(_: SectionProps) {
  const { api, config } = useApp();
  const calls = useMemo(() => statsApi(api, config.api), [api, config.api]);
  const input = useMemo<AccountStatsInput>(() => {
    const today = dayOf(Date.now());
    return { today, query: parseStatsQuery(globalThis.location?.search ?? '', today) };
  }, []);
  const actor = useActorRef(
    accountStatsMachine.provide({
      actors: {
        loadSummary: fromPromise(({ input: query, signal }: { input: StatsQuery; signal: AbortSignal }) => calls.summary(query, signal)),
        loadTables: fromPromise(({ input: query, signal }: { input: StatsQuery; signal: AbortSignal }) => calls.tables(query, signal)),
        loadPanel: fromPromise(({ input: i, signal }: { input: { query: StatsQuery; panel: StatsPanel }; signal: AbortSignal }) =>
          calls.table(i.panel, i.query, signal),
        ),
        exportTable: fromPromise(({ input: i, signal }: { input: ExportInput; signal: AbortSignal }) =>
          calls.exportCsv(i.table, i.query, signal),
        ),
      },
      actions: {
        syncUrl: (_, { query }) => {
          const url = `${location.pathname}${statsSearch(query)}${location.hash}`;
          history.replaceState(history.state, '', url);
        },
        saveFile: ({ context }, { table, csv }) => saveCsv(csv, csvName(table, context.query)),
      },
    }),
    { input },
  );
  return <StatsView actor={actor} />;
}
