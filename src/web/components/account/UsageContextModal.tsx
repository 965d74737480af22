import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { UsageContextActorRef } from '../../../../machines/usage-context.machine';
import { Modal } from '../ui';
import { Illustration } from './icons';
import { AccountErrorBoundary, Callout, ResultPanel, SubmitButton } from './parts';
import type { FullModalProps } from './TermsModal';
import { UsageContextFields, useUsageContextForm } from './UsageContextFields';
import './account.css';

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
  const { i18n } = useLingui();
  const open = useSelector(actor, (s) => s.status === 'active');
  const { state, error, canSubmit, busy, onSubmit, fieldsProps } = useUsageContextForm(actor);
  const thanking = state === 'thanking' || state === 'done';

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
            <UsageContextFields {...fieldsProps} />
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
