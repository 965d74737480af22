import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { type IntegrationChange, type IntegrationsActorRef, integrationsMachine } from '../../../../machines/triggers/integrations.machine';
import { useApp } from '../../app/context';
import type { SectionProps } from '../../pages/routes';
import { Button, ButtonLink, Field, Switch } from '../ui';
import { type TriggersApi, triggersApi } from './api';
import { SectionStatus } from './SectionStatus';
import './triggers.css';

/** The integrations machine's actor (its type lives beside the machine). */
export type IntegrationsActor = IntegrationsActorRef;

/** One change, then the list as it now is. */
async function change(calls: TriggersApi, c: IntegrationChange) {
  if (c.action === 'create')
    await calls.createIntegration(c.kind === 'webhook' ? { kind: c.kind, name: c.name, url: c.url ?? '' } : { kind: c.kind, name: c.name });
  else if (c.action === 'toggle') await calls.updateIntegration({ id: c.id, is_enabled: c.on });
  else if (c.action === 'rotate') await calls.updateIntegration({ id: c.id, rotate_secret: true });
  else await calls.removeIntegration(c.id);
  return calls.integrations();
}

/**
 * /account/integration: the integrations book triggers can use — the built-in lead form (readers
 * leave a name and an e-mail address) and webhooks (each lead POSTed as signed JSON to a URL), drawn
 * from the integrations machine (machines/triggers/integrations.machine.ts).
 */
export default function IntegrationsSection(_props: SectionProps) {
  const { api } = useApp();
  const calls = useMemo(() => triggersApi(api), [api]);
  const actor = useActorRef(
    integrationsMachine.provide({
      actors: {
        loadIntegrations: fromPromise(() => calls.integrations()),
        changeIntegration: fromPromise(({ input }: { input: IntegrationChange }) => change(calls, input)),
      },
    }),
  );
  return <IntegrationsView actor={actor} />;
}

export function IntegrationsView({ actor }: { actor: IntegrationsActor }) {
  const { t } = useLingui();
  const state = useSelector(actor, (s) =>
    s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches({ ready: { idle: 'empty' } }) ? 'empty' : 'loaded',
  );
  const list = useSelector(actor, (s) => s.context.items);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.matches({ ready: 'working' }) || s.matches({ ready: 'creating' }));
  const { kind, name, url } = useSelector(actor, (s) => s.context.draft);
  const canCreate = useSelector(actor, (s) => s.can({ type: 'user.create' }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'user.create' });
  };

  const title = <Trans id="menu.account.integration">Integrations</Trans>;
  return (
    <section className="account-card triggers" aria-labelledby="integrations-title">
      <h2 id="integrations-title">{title}</h2>
      <p>
        <Trans id="integration.intro">
          Attach an integration to a publication in its settings (Trigger tab): readers then see a short form when they open, download or
          print it.
        </Trans>
      </p>
      <SectionStatus
        state={state}
        error={error}
        onRetry={() => actor.send({ type: 'user.retry' })}
        emptyTestId="integrations-empty"
        empty={<Trans id="integration.empty">No integration yet.</Trans>}
      />
      {state === 'loaded' && (
        <ul className="triggers__list" data-testid="integrations">
          {list.map((i) => (
            <li key={i.id} className="triggers__item" data-testid="integration">
              <div className="triggers__head">
                <strong>{i.name}</strong>
                <span className="triggers__integration">
                  {i.kind === 'webhook' ? (
                    <Trans id="integration.kind.webhook">Webhook</Trans>
                  ) : (
                    <Trans id="integration.kind.leadform">Lead form</Trans>
                  )}
                </span>
              </div>
              {i.kind === 'webhook' && (
                <>
                  <span className="integrations__secret">{i.url}</span>
                  <details>
                    <summary>
                      <Trans id="integration.secret">Signing secret</Trans>
                    </summary>
                    <p className="integrations__secret">{i.secret}</p>
                    <p className="triggers__hint">
                      <Trans id="integration.secret.help">
                        Each delivery carries X-Quire-Signature: sha256= followed by the hex HMAC-SHA256 of the raw body with this secret.
                      </Trans>
                    </p>
                    <Button size="sm" disabled={busy} onClick={() => actor.send({ type: 'user.rotate', id: i.id })}>
                      <Trans id="integration.rotate">New secret</Trans>
                    </Button>
                  </details>
                </>
              )}
              <Switch
                checked={i.is_enabled}
                disabled={busy}
                onChange={(on) => actor.send({ type: 'user.toggle', id: i.id, on })}
                label={<Trans id="integration.enabled">Enabled</Trans>}
              />
              <Button
                size="sm"
                variant="ghost"
                disabled={busy}
                aria-label={t({ id: 'integration.delete.label', message: `Delete the integration “${i.name}”` })}
                onClick={() => actor.send({ type: 'user.delete', id: i.id })}
              >
                <Trans id="integration.delete">Delete</Trans>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className="integrations__form" onSubmit={submit}>
        <h3>
          <Trans id="integration.add">Add an integration</Trans>
        </h3>
        <fieldset className="triggers__modes">
          <legend>
            <Trans id="integration.kind">Kind</Trans>
          </legend>
          <label className="triggers__mode">
            <input
              type="radio"
              name="integration-kind"
              checked={kind === 'leadform'}
              onChange={() => actor.send({ type: 'user.setKind', kind: 'leadform' })}
            />
            <Trans id="integration.kind.leadform">Lead form</Trans>
          </label>
          <label className="triggers__mode">
            <input
              type="radio"
              name="integration-kind"
              checked={kind === 'webhook'}
              onChange={() => actor.send({ type: 'user.setKind', kind: 'webhook' })}
            />
            <Trans id="integration.kind.webhook">Webhook</Trans>
          </label>
        </fieldset>
        <Field
          label={<Trans id="integration.name">Name</Trans>}
          value={name}
          required
          maxLength={80}
          onChange={(e) => actor.send({ type: 'user.setName', name: e.target.value })}
          noValidate
        />
        {kind === 'webhook' && (
          <Field
            label={<Trans id="integration.url">URL (http or https)</Trans>}
            type="url"
            value={url}
            required
            maxLength={2000}
            pattern="https?://.+"
            onChange={(e) => actor.send({ type: 'user.setUrl', url: e.target.value })}
            noValidate
          />
        )}
        <div className="account-actions">
          <Button type="submit" variant="primary" disabled={!canCreate}>
            <Trans id="integration.create">Add</Trans>
          </Button>
          <ButtonLink href="/account/trigger" variant="ghost">
            <Trans id="integration.leads">See the leads</Trans>
          </ButtonLink>
        </div>
      </form>
    </section>
  );
}
