import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import type { TermsActorRef } from '../../../../machines/terms.machine';
import { Modal } from '../ui';
import { AccountErrorBoundary, Callout, CheckField, LinkButton, SubmitButton } from './parts';
import './account.css';

export interface FullModalProps {
  /** Escape does nothing unless the app allows it (full-screen steps are not dismissable). */
  onEscape?: () => void;
}

/**
 * Full-screen terms acceptance (SPEC §2, §4 Terms): an accept checkbox, the submit button enabled only
 * while it is ticked (`can`), a sign-out link. Not dismissable by the backdrop; no close button.
 */
export function TermsModal(props: { actor: TermsActorRef } & FullModalProps) {
  return (
    <AccountErrorBoundary>
      <TermsModalView {...props} />
    </AccountErrorBoundary>
  );
}

const noop = () => {};

function TermsModalView({ actor, onEscape = noop }: { actor: TermsActorRef } & FullModalProps) {
  const { i18n } = useLingui();
  const open = useSelector(actor, (s) => s.status === 'active');
  const state = useSelector(actor, (s) => s.value as string);
  const error = useSelector(actor, (s) => s.context.error);
  const canToggle = useSelector(actor, (s) => s.can({ type: 'user.toggle' }));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'user.submit' }));
  const canSignOut = useSelector(actor, (s) => s.can({ type: 'user.signOut' }));
  const ticked = state !== 'unchecked';
  const busy = state === 'submitting' || state === 'refreshingUser';
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'user.submit' });
  };
  return (
    <Modal full open={open} title={<Trans id="account.terms.title">Our terms of use have changed</Trans>} onEscape={onEscape}>
      <form className="account-step account-view" onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
        <p className="account-lead">
          <Trans id="account.terms.intro">
            To keep publishing and reading on Quire, please read and accept the new terms of use. They explain what you can publish, how
            your publications are shared and how we protect your data.
          </Trans>
        </p>
        <a className="terms-link" href="/terms" target="_blank" rel="noopener">
          <span className="terms-link__icon" aria-hidden="true">
            §
          </span>
          <span>
            <span className="terms-link__title">
              <Trans id="account.terms.read">Read the terms of use</Trans>
            </span>
            <span className="terms-link__hint">
              <Trans id="account.terms.readHint">Opens in a new tab</Trans>
            </span>
          </span>
        </a>
        {error && <Callout tone="danger">{i18n._(error)}</Callout>}
        <CheckField
          name="accept"
          checked={ticked}
          disabled={!canToggle}
          onChange={() => actor.send({ type: 'user.toggle' })}
          label={<Trans id="account.terms.accept">I have read and I accept the terms of use</Trans>}
        />
        <SubmitButton busy={busy} disabled={!canSubmit}>
          <Trans id="account.terms.submit">Accept and continue</Trans>
        </SubmitButton>
        <p className="account-switch">
          <Trans id="account.terms.notNow">Not now?</Trans>{' '}
          <LinkButton disabled={!canSignOut} onClick={() => actor.send({ type: 'user.signOut' })}>
            <Trans id="account.terms.signOut">Sign out</Trans>
          </LinkButton>
        </p>
      </form>
    </Modal>
  );
}
