import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import type { UsageContextActorRef } from '../../../../machines/usage-context.machine';
import { Modal } from '../ui';
import { Illustration } from './icons';
import { AccountErrorBoundary, Callout, ResultPanel, SubmitButton } from './parts';
import type { FullModalProps } from './TermsModal';
import { type ProFieldName, UsageContextFields } from './UsageContextFields';
import './account.css';

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Full-screen usage context (SPEC §2, §4, §5): the choice cards and professional selects shared with
 * activation, a validate button once a context is chosen, empty selects marked, a thank-you state.
 */
export function UsageContextModal(props: { actor: UsageContextActorRef } & FullModalProps) {
  return (
    <AccountErrorBoundary>
      <UsageContextModalView {...props} />
    </AccountErrorBoundary>
  );
}

const noop = () => {};

function UsageContextModalView({ actor, onEscape = noop }: { actor: UsageContextActorRef } & FullModalProps) {
  const { i18n, t } = useLingui();
  const open = useSelector(actor, (s) => s.status === 'active');
  const state = useSelector(actor, (s) => s.value as string);
  const choice = useSelector(actor, (s) => s.context.choice);
  const fields = useSelector(actor, (s) => s.context.fields);
  const emptyFields = useSelector(actor, (s) => s.context.emptyFields, sameList);
  const error = useSelector(actor, (s) => s.context.error);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'user.submit' }));
  const busy = state === 'submitting' || state === 'refreshingUser';
  const thanking = state === 'thanking' || state === 'done';
  const invalid: Partial<Record<ProFieldName, string>> = Object.fromEntries(emptyFields.map((f) => [f, error ?? 'validation.required']));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'user.submit' });
  };

  return (
    <Modal full open={open} title={<Trans id="account.usageContext.title">Tell us about you</Trans>} onEscape={onEscape}>
      <div className="account-step account-step--wide">
        {thanking ? (
          <div role="status">
            <ResultPanel picture={<Illustration kind="success" />} title={<Trans id="account.usageContext.thanks">Thank you!</Trans>}>
              <p>
                <Trans id="account.usageContext.thanksText">Your answer helps us shape Quire around the way you publish.</Trans>
              </p>
            </ResultPanel>
          </div>
        ) : (
          <form className="account-view" onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
            <p className="account-lead">
              <Trans id="account.usageContext.intro">
                One quick question before you continue. It helps us suggest the right features and templates.
              </Trans>
            </p>
            {error && <Callout tone="danger">{i18n._(error)}</Callout>}
            <UsageContextFields
              legend={t({ id: 'account.activate.question', message: 'How will you use Quire?' })}
              choice={choice}
              fields={fields}
              invalid={invalid}
              disabled={busy}
              onChoose={(context) => actor.send({ type: 'user.choose', context })}
              onField={(field, value) => actor.send({ type: 'user.setField', field, value })}
            />
            {(canSubmit || busy) && (
              <SubmitButton busy={busy} disabled={!canSubmit}>
                <Trans id="account.usageContext.submit">Validate</Trans>
              </SubmitButton>
            )}
          </form>
        )}
      </div>
    </Modal>
  );
}
