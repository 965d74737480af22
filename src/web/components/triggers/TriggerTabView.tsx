import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import type { TriggerActorRef, TriggerContext } from '../../../../machines/trigger.machine';
import { type BookTrigger, REPEATING_MODES, type RepeatingMode, TRIGGER_TYPES, type TriggerType } from '../../../contracts/triggers';
import { Button, ButtonLink, Switch } from '../ui';
import './triggers.css';

export const TYPE_LABELS: Record<TriggerType, MessageDescriptor> = {
  1: msg({ id: 'trigger.type.1', message: 'When the publication opens' }),
  2: msg({ id: 'trigger.type.2', message: 'Before a download' }),
  3: msg({ id: 'trigger.type.3', message: 'Before printing' }),
};
const MODE_LABELS: Record<RepeatingMode, MessageDescriptor> = {
  1: msg({ id: 'trigger.repeat.1', message: 'Once' }),
  2: msg({ id: 'trigger.repeat.2', message: 'Until done' }),
  3: msg({ id: 'trigger.repeat.3', message: 'Always' }),
};

/**
 * The settings modal's trigger tab (SPEC §2 "a triggers section"): renders the trigger machine and
 * sends it events; what may be chosen is asked of the machine (`snapshot.can`).
 */
export function TriggerTabView({ actor }: { actor: TriggerActorRef }) {
  const { i18n } = useLingui();
  const state = useSelector(actor, (s) => {
    if (s.matches('loading')) return 'loading';
    if (s.matches('failed')) return 'failed';
    if (s.matches({ ready: 'none' })) return 'none';
    if (s.matches({ ready: { editing: 'empty' } })) return 'empty';
    if (s.matches({ ready: 'saving' }) || s.matches({ ready: 'deleting' })) return 'busy';
    return 'loaded';
  });
  const context = useSelector(actor, (s) => s.context);
  const error = context.error && (
    <p className="callout callout--danger" role="alert">
      {i18n._(context.error)}
    </p>
  );

  if (state === 'loading')
    return (
      <p className="triggers__status" aria-busy="true">
        <Trans id="trigger.loading">Loading triggers…</Trans>
      </p>
    );
  if (state === 'failed')
    return (
      <div className="triggers">
        {error}
        <Button onClick={() => actor.send({ type: 'user.retry' })}>
          <Trans id="trigger.retry">Try again</Trans>
        </Button>
      </div>
    );
  if (state === 'none')
    return (
      <div className="triggers triggers--none">
        <p>
          <Trans id="trigger.none">
            No integration is available yet. Set up a lead form or a webhook first, then attach it to this publication.
          </Trans>
        </p>
        <ButtonLink href="/account/integration" variant="primary">
          <Trans id="trigger.none.setup">Set up an integration</Trans>
        </ButtonLink>
      </div>
    );

  return (
    <div className="triggers" aria-busy={state === 'busy' || undefined}>
      {error}
      {state === 'empty' ? (
        <p className="triggers__status">
          <Trans id="trigger.empty">No trigger on this publication yet.</Trans>
        </p>
      ) : (
        <ul className="triggers__list">
          {context.triggers.map((t) => (
            <TriggerRow
              key={t.id}
              actor={actor}
              trigger={t}
              integrationName={context.integrations.find((i) => i.id === t.config)?.name ?? ''}
            />
          ))}
        </ul>
      )}
      <AddTrigger actor={actor} context={context} />
    </div>
  );
}

function TriggerRow({ actor, trigger, integrationName }: { actor: TriggerActorRef; trigger: BookTrigger; integrationName: string }) {
  const { i18n, t } = useLingui();
  const id = useId();
  const canMandatory = useSelector(actor, (s) => s.can({ type: 'user.setMandatory', id: trigger.id, value: !trigger.is_mandatory }));
  const allowed = useSelector(actor, (s) =>
    REPEATING_MODES.map((mode) => mode === trigger.repeating_mode || s.can({ type: 'user.setRepeating', id: trigger.id, mode })).join(),
  ).split(',');
  const canRemove = useSelector(actor, (s) => s.can({ type: 'user.remove', id: trigger.id }));
  const saving = trigger.id.startsWith('new-');
  return (
    <li className="triggers__item" data-trigger-type={trigger.type}>
      <div className="triggers__head">
        <strong>{i18n._(TYPE_LABELS[trigger.type])}</strong>
        <span className="triggers__integration">{integrationName}</span>
      </div>
      <Switch
        checked={trigger.is_mandatory}
        disabled={!canMandatory || saving}
        onChange={(value) => actor.send({ type: 'user.setMandatory', id: trigger.id, value })}
        label={<Trans id="trigger.mandatory">Mandatory (the reader cannot skip it)</Trans>}
      />
      <fieldset className="triggers__modes">
        <legend id={`${id}-legend`}>
          <Trans id="trigger.repeat">Ask again</Trans>
        </legend>
        {REPEATING_MODES.map((mode, i) => (
          <label key={mode} className="triggers__mode">
            <input
              type="radio"
              name={`${id}-mode`}
              value={mode}
              checked={trigger.repeating_mode === mode}
              disabled={allowed[i] !== 'true' || saving}
              onChange={() => actor.send({ type: 'user.setRepeating', id: trigger.id, mode })}
            />
            {i18n._(MODE_LABELS[mode])}
          </label>
        ))}
      </fieldset>
      <Button
        variant="ghost"
        size="sm"
        disabled={!canRemove || saving}
        aria-label={t({ id: 'trigger.remove.label', message: `Remove the trigger “${i18n._(TYPE_LABELS[trigger.type])}”` })}
        onClick={() => actor.send({ type: 'user.remove', id: trigger.id })}
      >
        <Trans id="trigger.remove">Remove</Trans>
      </Button>
    </li>
  );
}

/** Type and integration pickers; options the rules refuse are disabled (asked of the machine's rules). */
function AddTrigger({ actor, context }: { actor: TriggerActorRef; context: TriggerContext }) {
  const { i18n } = useLingui();
  const id = useId();
  const integrations = context.integrations.filter((i) => i.is_enabled);
  const [config, setConfig] = useState(integrations[0]?.id ?? '');
  // The types the machine would accept now with this integration (a string keeps the selection stable).
  const addableKey = useSelector(actor, (s) => TRIGGER_TYPES.filter((tt) => s.can({ type: 'user.add', triggerType: tt, config })).join());
  const addable = addableKey ? addableKey.split(',').map((x) => Number(x) as TriggerType) : [];
  const [chosen, setChosen] = useState<TriggerType | 0>(0);
  const type = chosen && addable.includes(chosen) ? chosen : (addable[0] ?? 0);
  // While a change is saved nothing can be added (the machine is busy): the form waits out of sight.
  const busy = useSelector(actor, (s) => s.matches({ ready: 'saving' }) || s.matches({ ready: 'deleting' }));
  if (integrations.length === 0 || (busy && addable.length === 0)) return null;
  if (addable.length === 0)
    return (
      <p className="triggers__hint">
        <Trans id="trigger.add.nothing">
          Every trigger this publication allows is set. Download and print triggers need download or print turned on.
        </Trans>
      </p>
    );
  return (
    <form
      className="triggers__add"
      onSubmit={(e) => {
        e.preventDefault();
        if (type) actor.send({ type: 'user.add', triggerType: type, config });
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor={`${id}-type`}>
          <Trans id="trigger.add.type">Show</Trans>
        </label>
        <select
          id={`${id}-type`}
          className="select__native"
          value={type}
          onChange={(e) => setChosen(Number(e.target.value) as TriggerType)}
        >
          {TRIGGER_TYPES.map((tt) => (
            <option key={tt} value={tt} disabled={!addable.includes(tt)}>
              {i18n._(TYPE_LABELS[tt])}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-config`}>
          <Trans id="trigger.add.integration">Integration</Trans>
        </label>
        <select id={`${id}-config`} className="select__native" value={config} onChange={(e) => setConfig(e.target.value)}>
          {integrations.map((i) => (
            <option key={i.id} value={i.id}>
              {i.name}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="primary" disabled={type === 0}>
        <Trans id="trigger.add">Add trigger</Trans>
      </Button>
    </form>
  );
}
