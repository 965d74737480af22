import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import type { ActivationActorRef } from '../../../../machines/activation.machine';
import { Callout, SubmitButton } from './parts';
import { UsageContextFields } from './UsageContextFields';

/**
 * The sign-up modal's activate tab: renders the `activation` child (SPEC §4 Activation). The usage
 * context choice cards, the professional selects, and the validate button once a context is chosen.
 */
export function ActivationStep({ actor }: { actor: ActivationActorRef }) {
  const { i18n, t } = useLingui();
  const state = useSelector(actor, (s) => s.value as string);
  const choice = useSelector(actor, (s) => s.context.usageContext);
  const fields = useSelector(actor, (s) => s.context.fields);
  const errors = useSelector(actor, (s) => s.context.errors);
  const errorId = useSelector(actor, (s) => s.context.errorId);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'user.submit' }));
  const busy = state === 'activating' || state === 'confirming';
  const editable = state === 'choosingContext';

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'user.submit' });
  };

  return (
    <form className="account-view" onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
      <p className="account-intro">
        <Trans id="account.activate.intro">Your e-mail address is confirmed. One last question, so Quire fits the way you publish.</Trans>
      </p>
      {errorId && <Callout tone="danger">{i18n._(errorId)}</Callout>}
      <UsageContextFields
        legend={t({ id: 'account.activate.question', message: 'How will you use Quire?' })}
        choice={choice}
        fields={fields}
        invalid={errors}
        disabled={!editable}
        onChoose={(context) => actor.send({ type: 'user.choose', context })}
        onField={(field, value) => actor.send({ type: 'user.setField', field, value })}
      />
      {(canSubmit || busy) && (
        <SubmitButton busy={busy} disabled={!canSubmit}>
          {state === 'confirming' ? (
            <Trans id="account.activate.signingIn">Signing you in…</Trans>
          ) : (
            <Trans id="account.activate.submit">Activate my account</Trans>
          )}
        </SubmitButton>
      )}
    </form>
  );
}
