import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ConsentsActorRef } from '../../../../machines/consents.machine';
import { Modal } from '../ui';
import { ConsentsForm } from './ConsentsForm';
import { AccountErrorBoundary } from './parts';
import type { FullModalProps } from './TermsModal';
import './account.css';

/** Full-screen notification preferences (SPEC §2, §4 Notifications): renew the consents, then it closes. */
export function ConsentsModal(props: { actor: ConsentsActorRef } & FullModalProps) {
  return (
    <AccountErrorBoundary>
      <ConsentsModalView {...props} />
    </AccountErrorBoundary>
  );
}

const noop = () => {};

function ConsentsModalView({ actor, onEscape = noop }: { actor: ConsentsActorRef } & FullModalProps) {
  const open = useSelector(actor, (s) => s.status === 'active');
  return (
    <Modal full open={open} title={<Trans id="account.consents.title">Your e-mail preferences</Trans>} onEscape={onEscape}>
      <div className="account-step">
        <p className="account-lead">
          <Trans id="account.consents.intro">
            We have updated how we ask for your consent. Please confirm the e-mails you want to receive.
          </Trans>
        </p>
        <ConsentsForm actor={actor} />
      </div>
    </Modal>
  );
}
