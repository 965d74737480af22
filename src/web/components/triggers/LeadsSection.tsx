import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { LEADS_STEP, type LeadsActorRef, leadsMachine } from '../../../../machines/triggers/leads.machine';
import { useApp } from '../../app/context';
import type { SectionProps } from '../../pages/routes';
import { Button, ButtonLink } from '../ui';
import { triggersApi } from './api';
import { SectionStatus } from './SectionStatus';
import { TYPE_LABELS } from './TriggerTabView';
import './triggers.css';

/** Hands a CSV text to the browser as a download. */
function saveCsv(csv: string): void {
  const href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = href;
  a.download = 'quire-leads.csv';
  a.click();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * /account/trigger: the leads readers left through the triggers of the account's publications, newest
 * first, with the CSV export (the server escapes it and defuses spreadsheet formulas); drawn from the
 * leads machine (machines/triggers/leads.machine.ts).
 */
export default function LeadsSection(_props: SectionProps) {
  const { api, config } = useApp();
  const calls = useMemo(() => triggersApi(api), [api]);
  const actor = useActorRef(
    leadsMachine.provide({
      actors: {
        loadLeads: fromPromise(async ({ input }: { input: { start: number } }) => {
          const { list, total } = await calls.leads(input.start, LEADS_STEP);
          return { list, total };
        }),
        exportLeads: fromPromise(() => calls.exportCsv(config.api)),
      },
      actions: { saveFile: (_, csv: string) => saveCsv(csv) },
    }),
  );
  return <LeadsView actor={actor} />;
}

export function LeadsView({ actor }: { actor: LeadsActorRef }) {
  const { i18n } = useLingui();
  const state = useSelector(actor, (s) =>
    s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches({ ready: 'empty' }) ? 'empty' : 'loaded',
  );
  const { list, total, start, error } = useSelector(actor, (s) => s.context);
  const canExport = useSelector(actor, (s) => s.can({ type: 'user.export' }));
  const canNewer = useSelector(actor, (s) => s.can({ type: 'user.page', start: s.context.start - LEADS_STEP }));
  const canOlder = useSelector(actor, (s) => s.can({ type: 'user.page', start: s.context.start + LEADS_STEP }));
  const date = (s: number) => new Date(s * 1000).toLocaleString(i18n.locale);
  return (
    <section className="account-card triggers" aria-labelledby="leads-title">
      <h2 id="leads-title">
        <Trans id="menu.account.trigger">Triggers</Trans>
      </h2>
      <p>
        <Trans id="leads.intro">Readers who filled in a lead form on one of your publications.</Trans>
      </p>
      <div className="account-actions">
        <Button variant="primary" disabled={!canExport} onClick={() => actor.send({ type: 'user.export' })}>
          <Trans id="leads.export">Export CSV</Trans>
        </Button>
        <ButtonLink href="/account/integration" variant="ghost">
          <Trans id="menu.account.integration">Integrations</Trans>
        </ButtonLink>
      </div>
      <SectionStatus
        state={state}
        error={error}
        onRetry={() => actor.send({ type: 'user.retry' })}
        emptyTestId="leads-empty"
        empty={<Trans id="leads.empty">No lead yet.</Trans>}
      />
      {state === 'loaded' && (
        <>
          <div className="leads__scroll">
            <table className="leads__table" data-testid="leads">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans id="leads.col.date">Date</Trans>
                  </th>
                  <th scope="col">
                    <Trans id="leads.col.name">Name</Trans>
                  </th>
                  <th scope="col">
                    <Trans id="leads.col.email">E-mail</Trans>
                  </th>
                  <th scope="col">
                    <Trans id="leads.col.book">Publication</Trans>
                  </th>
                  <th scope="col">
                    <Trans id="leads.col.trigger">Trigger</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((l) => (
                  <tr key={l.id} data-testid="lead">
                    <td>{date(l.created)}</td>
                    <td>{l.name}</td>
                    <td>{l.email}</td>
                    <td>{l.book.name}</td>
                    <td>{i18n._(TYPE_LABELS[l.type])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {total > LEADS_STEP && (
            <div className="account-actions">
              <Button size="sm" disabled={!canNewer} onClick={() => actor.send({ type: 'user.page', start: start - LEADS_STEP })}>
                <Trans id="leads.prev">Newer</Trans>
              </Button>
              <Button size="sm" disabled={!canOlder} onClick={() => actor.send({ type: 'user.page', start: start + LEADS_STEP })}>
                <Trans id="leads.next">Older</Trans>
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
