import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActivationActorRef } from '../../../../machines/activation.machine';
import type { ConsentsActorRef } from '../../../../machines/consents.machine';
import type { MfaActorRef } from '../../../../machines/mfa.machine';
import { type SignUpModalActorRef, type SignUpTab, tabOf } from '../../../../machines/sign-up-modal.machine';
import type { CaptchaKind } from '../../../contracts/client-config';
import { Button, Modal, Tabs } from '../ui';
import { ActivationStep } from './ActivationStep';
import type { RenderCaptcha } from './CaptchaField';
import { ConsentsForm } from './ConsentsForm';
import { Illustration } from './icons';
import { MfaStep } from './MfaStep';
import { AccountErrorBoundary, Callout, LinkButton, ResultPanel } from './parts';
import { BackToLogin, EmailCaptchaForm, LoginForm, RegisterForm, ResetForm } from './SignUpForms';
import './account.css';

export interface SignUpModalProps {
  /** The sign-up-modal actor (machines/sign-up-modal.machine.ts, provided by the app). */
  actor: SignUpModalActorRef;
  /** Which captcha the server uses (client config `captcha`); dev mode comes from the machine's context. */
  captcha?: CaptchaKind;
  /** Mounts the captcha widget in the forms' captcha slot; a labelled placeholder without it. */
  renderCaptcha?: RenderCaptcha;
  /** The consents actor for the activate-notif tab; without it the tab offers to continue. */
  consentsActor?: ConsentsActorRef;
}

/**
 * The sign-up modal (SPEC §2 tabs, §4 flows): renders the machine's tab inside the design-system
 * Modal. Closable: ✕ and Escape send `user.close`; not closable (a page requires login): no ✕,
 * Escape and the backdrop send `user.dismiss` (the machine leaves to the site root).
 */
export function SignUpModal(props: SignUpModalProps) {
  return (
    <AccountErrorBoundary>
      <SignUpModalView {...props} />
    </AccountErrorBoundary>
  );
}

const WIDE_TABS: SignUpTab[] = ['activate'];

function SignUpModalView({ actor, captcha = 'altcha', renderCaptcha, consentsActor }: SignUpModalProps) {
  const { t } = useLingui();
  const tab = useSelector(actor, (s) => (s.status === 'active' ? tabOf(s) : 'close'));
  const canClose = useSelector(actor, (s) => s.can({ type: 'user.close' }));
  const notice = useSelector(actor, (s) => s.context.notice);
  const open = tab !== 'close';
  const captchaOptions = { kind: captcha, render: renderCaptcha };

  const titles: Record<SignUpTab, string> = {
    login: t({ id: 'account.login.title', message: 'Welcome back' }),
    register: t({ id: 'account.register.title', message: 'Create your Quire account' }),
    mfa: t({ id: 'account.mfa.title', message: 'Two-step verification' }),
    'register-success': t({ id: 'account.registerSuccess.title', message: 'Check your inbox' }),
    forgot: t({ id: 'account.forgot.title', message: 'Forgot your password?' }),
    resend: t({ id: 'account.resend.title', message: 'Activate your account' }),
    reset: t({ id: 'account.reset.title', message: 'Choose a new password' }),
    activate: t({ id: 'account.activate.title', message: 'Welcome to Quire' }),
    'activate-success': t({ id: 'account.activateSuccess.title', message: 'Your account is ready' }),
    'activate-error': t({ id: 'account.activateError.title', message: 'Activation failed' }),
    'activate-notif': t({ id: 'account.activateNotif.title', message: 'Your e-mail preferences' }),
    close: '',
  };

  let body: ReactNode = null;
  switch (tab) {
    case 'login':
    case 'register':
      body = (
        <Tabs
          label={t({ id: 'account.tabs.label', message: 'Log in or create an account' })}
          items={[
            { key: 'login', label: t({ id: 'account.tabs.login', message: 'Log in' }) },
            { key: 'register', label: t({ id: 'account.tabs.register', message: 'Sign up' }) },
          ]}
          selected={tab}
          onSelect={(key) => actor.send({ type: 'user.selectTab', tab: key })}
        >
          <Notice id={notice} />
          {tab === 'login' ? <LoginForm actor={actor} /> : <RegisterForm actor={actor} captcha={captchaOptions} />}
        </Tabs>
      );
      break;
    case 'forgot':
    case 'resend':
      body = (
        <>
          <BackToLogin actor={actor} />
          <Notice id={notice} />
          <EmailCaptchaForm key={tab} actor={actor} name={tab} captcha={captchaOptions} />
        </>
      );
      break;
    case 'reset':
      body = (
        <>
          <BackToLogin actor={actor} />
          <Notice id={notice} />
          <ResetForm actor={actor} />
        </>
      );
      break;
    case 'register-success':
      body = <RegisterSuccess actor={actor} />;
      break;
    case 'mfa':
      body = <MfaTab actor={actor} />;
      break;
    case 'activate':
      body = <ActivateTab actor={actor} />;
      break;
    case 'activate-success':
      body = <ActivateSuccess actor={actor} />;
      break;
    case 'activate-error':
      body = <ActivateError actor={actor} notice={notice} />;
      break;
    case 'activate-notif':
      body = <ActivateNotif actor={actor} consentsActor={consentsActor} />;
      break;
  }

  return (
    <Modal
      open={open}
      title={titles[tab]}
      onClose={canClose ? () => actor.send({ type: 'user.close' }) : undefined}
      onEscape={() => actor.send({ type: canClose ? 'user.close' : 'user.dismiss' })}
      onBackdrop={() => actor.send({ type: 'user.dismiss' })}
    >
      <div className={`account-modal${WIDE_TABS.includes(tab) ? ' account-modal--wide' : ''}`} data-tab={tab}>
        {body}
      </div>
    </Modal>
  );
}

/** A notice atop the tab: success messages (forgot sent, reset done…) or information (112, 110). */
function Notice({ id }: { id: string | null }) {
  const { i18n } = useLingui();
  if (!id) return null;
  return <Callout tone={id.endsWith('.success') ? 'success' : 'info'}>{i18n._(id)}</Callout>;
}

function RegisterSuccess({ actor }: { actor: SignUpModalActorRef }) {
  const email = useSelector(actor, (s) => s.context.registeredEmail);
  return (
    <ResultPanel
      picture={<Illustration kind="mail" />}
      title={<Trans id="account.registerSuccess.heading">One click to go</Trans>}
      actions={
        <>
          <Button variant="primary" size="lg" block onClick={() => actor.send({ type: 'user.selectTab', tab: 'login' })}>
            <Trans id="account.registerSuccess.login">Go to log in</Trans>
          </Button>
          <p className="account-switch">
            <Trans id="account.registerSuccess.noMail">No e-mail after a few minutes? Check your spam folder or</Trans>{' '}
            <LinkButton onClick={() => actor.send({ type: 'user.selectTab', tab: 'resend' })}>
              <Trans id="account.registerSuccess.resend">send it again</Trans>
            </LinkButton>
          </p>
        </>
      }
    >
      {email ? (
        <p>
          <Trans id="account.registerSuccess.text">
            We sent an activation link to <strong className="account-email">{email}</strong>. Open it to activate your account.
          </Trans>
        </p>
      ) : (
        <p>
          <Trans id="account.registerSuccess.textNoEmail">We sent you an activation link. Open it to activate your account.</Trans>
        </p>
      )}
    </ResultPanel>
  );
}

function MfaTab({ actor }: { actor: SignUpModalActorRef }) {
  // Children are typed as a union of every invoked logic: narrow by id.
  const mfa = useSelector(actor, (s) => s.children.mfa as MfaActorRef | undefined);
  if (!mfa) return null;
  return (
    <div className="account-view">
      <MfaStep actor={mfa} />
      <p className="account-switch">
        <LinkButton onClick={() => actor.send({ type: 'user.selectTab', tab: 'login' })}>
          <Trans id="account.mfa.otherAccount">Log in with another account</Trans>
        </LinkButton>
      </p>
    </div>
  );
}

function ActivateTab({ actor }: { actor: SignUpModalActorRef }) {
  const activation = useSelector(actor, (s) => s.children.activation as ActivationActorRef | undefined);
  return activation ? <ActivationStep actor={activation} /> : null;
}

function ActivateSuccess({ actor }: { actor: SignUpModalActorRef }) {
  const canContinue = useSelector(actor, (s) => s.can({ type: 'user.continue' }));
  return (
    <ResultPanel
      picture={<Illustration kind="success" />}
      title={<Trans id="account.activateSuccess.heading">Your account is active</Trans>}
      actions={
        <Button variant="primary" size="lg" block disabled={!canContinue} onClick={() => actor.send({ type: 'user.continue' })}>
          <Trans id="account.activateSuccess.continue">Go to my dashboard</Trans>
        </Button>
      }
    >
      <p>
        <Trans id="account.activateSuccess.text">You are signed in. Your dashboard is ready for your first publication.</Trans>
      </p>
    </ResultPanel>
  );
}

function ActivateError({ actor, notice }: { actor: SignUpModalActorRef; notice: string | null }) {
  const { i18n } = useLingui();
  return (
    <ResultPanel
      picture={<Illustration kind="error" />}
      title={<Trans id="account.activateError.heading">We could not activate your account</Trans>}
      actions={
        <>
          <Button variant="primary" size="lg" block onClick={() => actor.send({ type: 'user.selectTab', tab: 'resend' })}>
            <Trans id="account.activateError.resend">Get a new activation link</Trans>
          </Button>
          <Button variant="ghost" block onClick={() => actor.send({ type: 'user.selectTab', tab: 'login' })}>
            <Trans id="account.backToLogin">Back to log in</Trans>
          </Button>
        </>
      }
    >
      <Callout tone="danger">
        {notice ? i18n._(notice) : <Trans id="account.activateError.text">The activation link is not valid any more.</Trans>}
      </Callout>
    </ResultPanel>
  );
}

function ActivateNotif({ actor, consentsActor }: { actor: SignUpModalActorRef; consentsActor?: ConsentsActorRef }) {
  const canContinue = useSelector(actor, (s) => s.can({ type: 'user.continue' }));
  const consentsDone = useSelector(consentsActor, (s) => s?.status === 'done');
  const showForm = consentsActor && !consentsDone;
  return (
    <div className="account-view">
      <div className="account-intro account-intro--center">
        <Illustration kind="bell" />
        <p>
          <Trans id="account.activateNotif.intro">Your account is active. Choose the e-mails you want to receive from Quire.</Trans>
        </p>
      </div>
      {showForm ? (
        <ConsentsForm actor={consentsActor} />
      ) : (
        <Button variant="primary" size="lg" block disabled={!canContinue} onClick={() => actor.send({ type: 'user.continue' })}>
          <Trans id="account.activateNotif.continue">Continue</Trans>
        </Button>
      )}
    </div>
  );
}
