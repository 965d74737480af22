import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import type { AnyActorRef } from 'xstate';
import type { EmailChangeActorRef } from '../../../machines/security/email-change.machine';
import { emailChangeMachine } from '../../../machines/security/email-change.machine';
import type { EmailConfirmActorRef } from '../../../machines/security/email-confirm.machine';
import { emailConfirmMachine } from '../../../machines/security/email-confirm.machine';
import { emptyOverview, NOW, sampleCodes, sampleOverview, sampleSetup, totpOverview } from '../../../machines/security/fixtures';
import type { MfaEmailActorRef } from '../../../machines/security/mfa-email.machine';
import { mfaEmailMachine } from '../../../machines/security/mfa-email.machine';
import type { PasswordChangeActorRef } from '../../../machines/security/password-change.machine';
import { passwordChangeMachine } from '../../../machines/security/password-change.machine';
import type { SecurityActorRef } from '../../../machines/security/security.machine';
import { securityMachine } from '../../../machines/security/security.machine';
import type { TotpEnrolActorRef } from '../../../machines/security/totp-enrol.machine';
import { totpEnrolMachine } from '../../../machines/security/totp-enrol.machine';
import type { TotpManageActorRef } from '../../../machines/security/totp-manage.machine';
import { totpManageMachine } from '../../../machines/security/totp-manage.machine';
import {
  DevicesCard,
  EmailCard,
  EmailConfirmNotice,
  MfaEmailCard,
  PasswordCard,
  SecurityStatus,
  SessionsCard,
  SocialCard,
  TotpEnrolCard,
  TotpManageCard,
} from '../../../src/web/components/security/views';
import { actorAt, StoryApp, useStoryActor } from '../../support/StoryApp';

/**
 * /account/security (issue 16) in every state of its machines (machines/security/): the page's lists
 * and notices, the password and e-mail forms, the e-mail confirmation, the e-mailed code switch and
 * the authenticator app's set-up and management. Calls never settle (the default actors).
 */

type Made = { actor: AnyActorRef; node: ReactNode };
const errorsOf = (values: Record<string, string>) => values;
const PW = { password: '', new_password: '', confirm: '' };

const PAGE = {
  loading: { value: 'loading', context: { overview: null, errorId: null, notice: null } },
  failed: { value: 'failed', context: { overview: null, errorId: 'commons.requestError', notice: null } },
  ready: { value: { ready: 'idle' }, context: { overview: sampleOverview, errorId: null, notice: null } },
  linked: {
    value: { ready: 'idle' },
    context: { overview: sampleOverview, errorId: null, notice: { id: 'security.social.linked.notice', values: { provider: 'Google' } } },
  },
  linkRefused: { value: { ready: 'idle' }, context: { overview: sampleOverview, errorId: null, notice: { id: 'errors.SECURITY.911' } } },
  changing: { value: { ready: 'changing' }, context: { overview: sampleOverview, errorId: null, notice: null } },
  changeFailed: { value: { ready: 'idle' }, context: { overview: sampleOverview, errorId: 'errors.SECURITY.907', notice: null } },
  reloading: { value: { ready: 'reloading' }, context: { overview: sampleOverview, errorId: null, notice: null } },
  linking: { value: { ready: 'linking' }, context: { overview: sampleOverview, errorId: null, notice: null } },
  leaving: { value: { ready: 'leaving' }, context: { overview: sampleOverview, errorId: null, notice: null } },
  empty: { value: { ready: 'idle' }, context: { overview: emptyOverview, errorId: null, notice: null } },
} as const;

const PASSWORD = {
  editing: { value: 'editing', context: { email: 'ada@example.com', values: PW, errors: {}, errorId: null, signedOut: 0 } },
  invalid: {
    value: 'editing',
    context: {
      email: 'ada@example.com',
      values: { password: '', new_password: 'short', confirm: 'other' },
      errors: errorsOf({ password: 'validation.required', new_password: 'account.password.tooShort' }),
      errorId: null,
      signedOut: 0,
    },
  },
  wrongCurrent: {
    value: 'editing',
    context: {
      email: 'ada@example.com',
      values: { password: '', new_password: 'a new password!', confirm: 'a new password!' },
      errors: errorsOf({ password: 'errors.SECURITY.901' }),
      errorId: null,
      signedOut: 0,
    },
  },
  submitting: {
    value: 'submitting',
    context: {
      email: 'ada@example.com',
      values: { password: 'x', new_password: 'a new password!', confirm: 'a new password!' },
      errors: {},
      errorId: null,
      signedOut: 0,
    },
  },
  done: { value: 'done', context: { email: 'ada@example.com', values: PW, errors: {}, errorId: null, signedOut: 2 } },
  noPassword: { value: 'editing', context: { email: 'ada@example.com', values: PW, errors: {}, errorId: null, signedOut: 0 } },
  sendingLink: { value: 'sendingLink', context: { email: 'ada@example.com', values: PW, errors: {}, errorId: null, signedOut: 0 } },
  linkSent: { value: 'linkSent', context: { email: 'ada@example.com', values: PW, errors: {}, errorId: null, signedOut: 0 } },
} as const;

const EMAIL = {
  editing: {
    value: 'editing',
    context: { current: 'ada@example.com', values: { email: '', password: '' }, errors: {}, errorId: null, email: null },
  },
  invalid: {
    value: 'editing',
    context: {
      current: 'ada@example.com',
      values: { email: 'ada@example.com', password: '' },
      errors: errorsOf({ email: 'errors.SECURITY.903', password: 'validation.required' }),
      errorId: null,
      email: null,
    },
  },
  failed: {
    value: 'editing',
    context: {
      current: 'ada@example.com',
      values: { email: 'ada@new.example', password: '' },
      errors: {},
      errorId: 'errors.API.429',
      email: null,
    },
  },
  submitting: {
    value: 'submitting',
    context: { current: 'ada@example.com', values: { email: 'ada@new.example', password: 'x' }, errors: {}, errorId: null, email: null },
  },
  sent: {
    value: 'sent',
    context: { current: 'ada@example.com', values: { email: '', password: '' }, errors: {}, errorId: null, email: 'ada@new.example' },
  },
} as const;

const CONFIRM = {
  confirming: { value: 'confirming', context: { token: 'T', email: null, errorId: null } },
  confirmed: { value: 'confirmed', context: { token: 'T', email: 'ada@new.example', errorId: null } },
  failed: { value: 'failed', context: { token: 'T', email: null, errorId: 'errors.SECURITY.904' } },
} as const;

const MFA = {
  on: { value: 'idle', context: { enabled: true, password: '', errorId: null } },
  off: { value: 'idle', context: { enabled: false, password: '', errorId: null } },
  confirming: { value: 'confirming', context: { enabled: true, password: '', errorId: null } },
  wrongPassword: { value: 'confirming', context: { enabled: true, password: '', errorId: 'errors.SECURITY.901' } },
  saving: { value: 'saving', context: { enabled: false, password: 'x', errorId: null } },
} as const;

const ENROL = {
  idle: { value: 'idle', context: { setup: null, code: '', codes: [], errorId: null } },
  creating: { value: 'creating', context: { setup: null, code: '', codes: [], errorId: null } },
  createFailed: { value: 'idle', context: { setup: null, code: '', codes: [], errorId: 'commons.requestError' } },
  scanning: { value: 'scanning', context: { setup: sampleSetup, code: '', codes: [], errorId: null } },
  wrongCode: { value: 'scanning', context: { setup: sampleSetup, code: '', codes: [], errorId: 'errors.AUTH.1551' } },
  confirming: { value: 'confirming', context: { setup: sampleSetup, code: '123456', codes: [], errorId: null } },
  showingCodes: { value: 'showingCodes', context: { setup: null, code: '', codes: sampleCodes, errorId: null } },
} as const;

const MANAGE = {
  idle: { value: 'idle', context: { code: '', recovery: false, codes: [], errorId: null } },
  removal: { value: { removal: 'editing' }, context: { code: '', recovery: false, codes: [], errorId: null } },
  removalRecovery: { value: { removal: 'editing' }, context: { code: 'k7m2q-x9d4t', recovery: true, codes: [], errorId: null } },
  removalWrong: { value: { removal: 'editing' }, context: { code: '', recovery: false, codes: [], errorId: 'errors.AUTH.1551' } },
  removing: { value: { removal: 'removing' }, context: { code: '123456', recovery: false, codes: [], errorId: null } },
  regeneration: { value: { regeneration: 'editing' }, context: { code: '', recovery: false, codes: [], errorId: null } },
  renewing: { value: { regeneration: 'renewing' }, context: { code: '123456', recovery: false, codes: [], errorId: null } },
  showingCodes: { value: 'showingCodes', context: { code: '', recovery: false, codes: sampleCodes, errorId: null } },
  removed: { value: 'removed', context: { code: '', recovery: false, codes: [], errorId: null } },
} as const;

type View = 'page' | 'password' | 'email' | 'confirm' | 'mfaEmail' | 'enrol' | 'manage';
const SCENARIOS: Record<View, string[]> = {
  page: Object.keys(PAGE),
  password: Object.keys(PASSWORD),
  email: Object.keys(EMAIL),
  confirm: Object.keys(CONFIRM),
  mfaEmail: Object.keys(MFA),
  enrol: Object.keys(ENROL),
  manage: Object.keys(MANAGE),
};

function pick<T extends Record<string, { value: unknown; context: unknown }>>(table: T, scenario: string): T[keyof T] {
  return (table[scenario as keyof T] ?? Object.values(table)[0]) as T[keyof T];
}

function make(view: View, scenario: string): Made {
  if (view === 'page') {
    const p = pick(PAGE, scenario);
    const actor = actorAt(securityMachine, p.value, p.context, {}).start() as unknown as SecurityActorRef;
    const node = (
      <div className="security-page">
        <SecurityStatus actor={actor} />
        {p.context.overview && (
          <>
            <SessionsCard actor={actor} now={NOW} />
            <DevicesCard actor={actor} now={NOW} />
            <SocialCard actor={actor} />
          </>
        )}
      </div>
    );
    return { actor, node };
  }
  if (view === 'password') {
    const p = pick(PASSWORD, scenario);
    const actor = actorAt(passwordChangeMachine, p.value, p.context, {
      email: 'ada@example.com',
    }).start() as unknown as PasswordChangeActorRef;
    const hasPassword = !['noPassword', 'sendingLink', 'linkSent'].includes(scenario);
    return { actor, node: <PasswordCard actor={actor} hasPassword={hasPassword} email="ada@example.com" /> };
  }
  if (view === 'email') {
    const p = pick(EMAIL, scenario);
    const actor = actorAt(emailChangeMachine, p.value, p.context, { email: 'ada@example.com' }).start() as unknown as EmailChangeActorRef;
    return {
      actor,
      node: <EmailCard actor={actor} current="ada@example.com" pending={scenario === 'editing' ? null : emptyOverview.pending_email} />,
    };
  }
  if (view === 'confirm') {
    const p = pick(CONFIRM, scenario);
    const actor = actorAt(emailConfirmMachine, p.value, p.context, { token: 'T' }).start() as unknown as EmailConfirmActorRef;
    return { actor, node: <EmailConfirmNotice actor={actor} /> };
  }
  if (view === 'mfaEmail') {
    const p = pick(MFA, scenario);
    const actor = actorAt(mfaEmailMachine, p.value, p.context, { enabled: p.context.enabled }).start() as unknown as MfaEmailActorRef;
    return {
      actor,
      node: (
        <section className="account-card security-card">
          <MfaEmailCard actor={actor} hasPassword totpEnabled={false} />
        </section>
      ),
    };
  }
  if (view === 'enrol') {
    const p = pick(ENROL, scenario);
    const actor = actorAt(totpEnrolMachine, p.value, p.context).start() as unknown as TotpEnrolActorRef;
    return {
      actor,
      node: (
        <section className="account-card security-card">
          <TotpEnrolCard actor={actor} />
        </section>
      ),
    };
  }
  const p = pick(MANAGE, scenario);
  const actor = actorAt(totpManageMachine, p.value, p.context).start() as unknown as TotpManageActorRef;
  return {
    actor,
    node: (
      <section className="account-card security-card">
        <TotpManageCard actor={actor} left={totpOverview.totp.recovery_codes_left} />
      </section>
    ),
  };
}

function SecurityStory({ view, scenario, width }: { view: View; scenario: string; width?: number }) {
  const made = useStoryActor(
    () => make(view, scenario),
    [view, scenario],
    (m) => m.actor.stop(),
  );
  return (
    <StoryApp>
      <div className="container page account-page" style={{ paddingTop: 24, ...(width ? { maxWidth: width, paddingInline: 8 } : {}) }}>
        {made.node}
      </div>
    </StoryApp>
  );
}

const meta = {
  title: 'Components/Account/Security',
  component: SecurityStory,
  args: { view: 'page', scenario: 'ready' },
  argTypes: {
    view: { control: 'inline-radio', options: Object.keys(SCENARIOS) },
    scenario: { control: 'select', options: [...new Set(Object.values(SCENARIOS).flat())] },
  },
} satisfies Meta<typeof SecurityStory>;
export default meta;
type Story = StoryObj<typeof meta>;

// ── The page (security machine) ──
/** `loading`. */
export const PageLoading: Story = { args: { view: 'page', scenario: 'loading' } };
/** `failed`, with "Try again". */
export const PageFailed: Story = { args: { view: 'page', scenario: 'failed' } };
/** `ready.idle`: this session, another one, a trusted device, Google linked, LinkedIn offered. */
export const PageReady: Story = { args: { view: 'page', scenario: 'ready' } };
/** Back from the provider: linked. */
export const PageLinked: Story = { args: { view: 'page', scenario: 'linked' } };
/** Back from the provider: refused (that account is linked to another profile). */
export const PageLinkRefused: Story = { args: { view: 'page', scenario: 'linkRefused' } };
/** `ready.changing`: a revoke or unlink on its way (buttons off). */
export const PageChanging: Story = { args: { view: 'page', scenario: 'changing' } };
/** A refused change (the session had already ended). */
export const PageChangeFailed: Story = { args: { view: 'page', scenario: 'changeFailed' } };
/** `ready.reloading` after a form changed something. */
export const PageReloading: Story = { args: { view: 'page', scenario: 'reloading' } };
/** `ready.linking`: asking the server for the provider's page. */
export const PageLinking: Story = { args: { view: 'page', scenario: 'linking' } };
/** `ready.leaving`: on the way to the provider. */
export const PageLeaving: Story = { args: { view: 'page', scenario: 'leaving' } };
/** Only this session, no trusted device. */
export const PageOneSession: Story = { args: { view: 'page', scenario: 'empty' } };
/** On a 320 px screen. */
export const PageNarrow: Story = { args: { view: 'page', scenario: 'ready', width: 320 } };

// ── Password (password-change machine) ──
export const PasswordEditing: Story = { args: { view: 'password', scenario: 'editing' } };
/** Refused before sending: empty current password, a too-short new one. */
export const PasswordInvalid: Story = { args: { view: 'password', scenario: 'invalid' } };
/** The server refused the current password (SECURITY 901, under its field). */
export const PasswordWrongCurrent: Story = { args: { view: 'password', scenario: 'wrongCurrent' } };
export const PasswordSubmitting: Story = { args: { view: 'password', scenario: 'submitting' } };
/** `done`: changed, two sessions signed out elsewhere. */
export const PasswordDone: Story = { args: { view: 'password', scenario: 'done' } };
/** A profile without a password (social sign-in only): a link to set one. */
export const PasswordNone: Story = { args: { view: 'password', scenario: 'noPassword' } };
export const PasswordSendingLink: Story = { args: { view: 'password', scenario: 'sendingLink' } };
export const PasswordLinkSent: Story = { args: { view: 'password', scenario: 'linkSent' } };

// ── E-mail address (email-change and email-confirm machines) ──
export const EmailEditing: Story = { args: { view: 'email', scenario: 'editing' } };
/** The current address again, no password. */
export const EmailInvalid: Story = { args: { view: 'email', scenario: 'invalid' } };
/** A refusal that names no field (too many mails), with a change pending. */
export const EmailFailed: Story = { args: { view: 'email', scenario: 'failed' } };
export const EmailSubmitting: Story = { args: { view: 'email', scenario: 'submitting' } };
/** `sent`: the link went to the new address. */
export const EmailSent: Story = { args: { view: 'email', scenario: 'sent' } };
/** Opened from the link: `confirming`. */
export const EmailConfirming: Story = { args: { view: 'confirm', scenario: 'confirming' } };
export const EmailConfirmed: Story = { args: { view: 'confirm', scenario: 'confirmed' } };
/** The link was expired, used or another profile's. */
export const EmailConfirmFailed: Story = { args: { view: 'confirm', scenario: 'failed' } };

// ── Code by e-mail (mfa-email machine) ──
export const MfaEmailOn: Story = { args: { view: 'mfaEmail', scenario: 'on' } };
export const MfaEmailOff: Story = { args: { view: 'mfaEmail', scenario: 'off' } };
/** `confirming`: the current password confirms the change. */
export const MfaEmailConfirming: Story = { args: { view: 'mfaEmail', scenario: 'confirming' } };
export const MfaEmailWrongPassword: Story = { args: { view: 'mfaEmail', scenario: 'wrongPassword' } };
export const MfaEmailSaving: Story = { args: { view: 'mfaEmail', scenario: 'saving' } };

// ── Authenticator app: set up (totp-enrol machine) ──
export const EnrolIdle: Story = { args: { view: 'enrol', scenario: 'idle' } };
export const EnrolCreating: Story = { args: { view: 'enrol', scenario: 'creating' } };
export const EnrolCreateFailed: Story = { args: { view: 'enrol', scenario: 'createFailed' } };
/** `scanning`: the QR code, the key as text, the code field. */
export const EnrolScanning: Story = { args: { view: 'enrol', scenario: 'scanning' } };
export const EnrolWrongCode: Story = { args: { view: 'enrol', scenario: 'wrongCode' } };
export const EnrolConfirming: Story = { args: { view: 'enrol', scenario: 'confirming' } };
/** `showingCodes`: the ten recovery codes, shown once. */
export const EnrolShowingCodes: Story = { args: { view: 'enrol', scenario: 'showingCodes' } };
/** Scanning on a 320 px screen. */
export const EnrolNarrow: Story = { args: { view: 'enrol', scenario: 'scanning', width: 320 } };

// ── Authenticator app: set up (totp-manage machine) ──
export const ManageIdle: Story = { args: { view: 'manage', scenario: 'idle' } };
export const ManageRemoval: Story = { args: { view: 'manage', scenario: 'removal' } };
/** Removal with a recovery code (a lost phone). */
export const ManageRemovalRecovery: Story = { args: { view: 'manage', scenario: 'removalRecovery' } };
export const ManageRemovalWrong: Story = { args: { view: 'manage', scenario: 'removalWrong' } };
export const ManageRemoving: Story = { args: { view: 'manage', scenario: 'removing' } };
export const ManageRegeneration: Story = { args: { view: 'manage', scenario: 'regeneration' } };
export const ManageRenewing: Story = { args: { view: 'manage', scenario: 'renewing' } };
/** New recovery codes, shown once. */
export const ManageShowingCodes: Story = { args: { view: 'manage', scenario: 'showingCodes' } };
/** `removed` (final): the page shows the set-up again once it reloaded. */
export const ManageRemoved: Story = { args: { view: 'manage', scenario: 'removed' } };
