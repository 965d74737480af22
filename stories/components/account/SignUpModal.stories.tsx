import type { Meta, StoryObj } from '@storybook/react-vite';
import { createActor } from 'xstate';
import { type ActivationContext, activationMachine } from '../../../machines/activation.machine';
import { type ConsentsContext, consentsMachine } from '../../../machines/consents.machine';
import { USAGE_CONTEXT_ERROR_ID } from '../../../machines/constants';
import { type MfaContext, mfaMachine } from '../../../machines/mfa.machine';
import { errors, HASH, loginContent, VALID_FIELDS } from '../../../machines/sign-up/fixtures';
import { emptyForms, type Forms } from '../../../machines/sign-up/forms';
import { provideSignUpModal, type SignUpEndingServices, type SignUpServices } from '../../../machines/sign-up/provide';
import { type SignUpModalContext, signUpModalMachine } from '../../../machines/sign-up-modal.machine';
import type { CaptchaKind } from '../../../src/contracts/client-config';
import { SignUpModal } from '../../../src/web/components/account/SignUpModal';
import { type ChildState, never, restoredActor, WithActors } from './support';

type FormsPatch = { [K in keyof Forms]?: { values?: Partial<Forms[K]['values']>; errors?: Forms[K]['errors'] } };

interface SignUpStoryProps {
  /** The sign-up modal's state value, e.g. `{ login: 'editing' }` or `'registerSuccess'`. */
  value: string | Record<string, string>;
  context?: Partial<Omit<SignUpModalContext, 'forms'>>;
  forms?: FormsPatch;
  mfa?: { value: string; context?: Partial<MfaContext> };
  activation?: { value: string; context?: Partial<ActivationContext> };
  /** The consents step of the activate-notif tab (the lead passes `consentsActor`). */
  consents?: { value: string; context?: Partial<ConsentsContext> };
  captcha?: CaptchaKind;
}

const baseContext = (): SignUpModalContext => ({
  reason: 'route',
  closable: true,
  knownAccount: true,
  devMode: false,
  forms: emptyForms(),
  resetHash: null,
  activationHash: null,
  loginHash: null,
  registeredEmail: null,
  notice: null,
  errorId: null,
  content: null,
  firstTab: 'login',
  resumeSocial: null,
});

function withForms(patch: FormsPatch = {}): Forms {
  const forms = emptyForms();
  for (const [name, p] of Object.entries(patch) as [keyof Forms, { values?: object; errors?: object }][]) {
    const form = forms[name] as { values: object; errors: object };
    (forms as unknown as Record<string, unknown>)[name] = { values: { ...form.values, ...p.values }, errors: { ...p.errors } };
  }
  return forms;
}

const mfaContext = (patch: Partial<MfaContext> = {}): MfaContext => ({
  hash: HASH,
  code: '',
  recovery: false,
  trust_device: 'no',
  errorId: null,
  content: null,
  ...patch,
});
const activationContext = (patch: Partial<ActivationContext> = {}): ActivationContext => ({
  hash: HASH,
  usageContext: null,
  fields: { company_activity_sector: '', job_title: '', company_size: '' },
  errors: {},
  errorId: null,
  loginHash: null,
  content: null,
  ...patch,
});
const consentsContext = (patch: Partial<ConsentsContext> = {}): ConsentsContext => ({
  mode: 'modal',
  values: { newsletter: false, product_updates: true, comments: true, subscribers: true, statistics_digest: false },
  error: null,
  user: null,
  ...patch,
});

/** Machines whose calls never settle: submitting in a story shows the busy state and stays there. */
const modalMachine = signUpModalMachine.provide({
  actors: {
    mfa: mfaMachine.provide({ actors: { confirmLogin: never() } }),
    activation: activationMachine.provide({ actors: { activate: never(), confirmLogin: never() } }),
  },
});
const storyConsentsMachine = consentsMachine.provide({ actors: { loadPrefs: never(), savePrefs: never(), refreshUser: never() } });

function build(props: SignUpStoryProps) {
  const children: Record<string, ChildState> = {};
  if (props.mfa) children.mfa = { machine: mfaMachine, value: props.mfa.value, context: mfaContext(props.mfa.context) };
  if (props.activation)
    children.activation = {
      machine: activationMachine,
      value: props.activation.value,
      context: activationContext(props.activation.context),
    };
  const context = { ...baseContext(), ...props.context, forms: withForms(props.forms) };
  const modal = restoredActor(modalMachine, props.value, context, children);
  const consents = props.consents
    ? restoredActor(storyConsentsMachine, props.consents.value, consentsContext(props.consents.context))
    : undefined;
  return { modal, consents };
}

/** Consents only for activate-notif (the lead passes its consents step as `consentsActor`). */
function SignUpStory(props: SignUpStoryProps) {
  return (
    <WithActors build={() => build(props)} deps={props}>
      {({ modal, consents }) => <SignUpModal actor={modal} captcha={props.captcha ?? 'altcha'} consentsActor={consents} />}
    </WithActors>
  );
}

const meta = {
  title: 'Components/Account/Sign-up modal',
  component: SignUpStory,
  args: { value: { login: 'editing' } },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SignUpStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const filledLogin = { values: { login: VALID_FIELDS.login, password: VALID_FIELDS.password } };
const filledRegister = {
  values: {
    name: VALID_FIELDS.name,
    email: VALID_FIELDS.email,
    password: VALID_FIELDS.password,
    tos: true,
    'g-recaptcha-response': 'token',
  },
};

// ── login ──
/** `login.editing`: empty form, the browser knows an account (closable: ✕ shows). */
export const Login: Story = {};
/** `login.editing` after a submit with a bad e-mail and no password: errors under the fields. */
export const LoginInvalid: Story = {
  args: {
    value: { login: 'editing' },
    forms: { login: { values: { login: 'ada@example' }, errors: { login: 'validation.email', password: 'validation.required' } } },
  },
};
/** `login.loggingIn`: the submit is disabled with a spinner; the fields are read-only. */
export const LoginLoggingIn: Story = { args: { value: { login: 'loggingIn' }, forms: { login: filledLogin } } };
/** `login.confirming`: step two of the login (confirm with the hash). */
export const LoginConfirming: Story = { args: { value: { login: 'confirming' }, forms: { login: filledLogin } } };
/** `login.signingInWithSocial`: waiting for the provider; every button is disabled. */
export const LoginWithSocialProvider: Story = { args: { value: { login: 'signingInWithSocial' } } };
/** `login.editing` after a failed call: the message inline above the submit (errors.AUTH.100). */
export const LoginFailed: Story = {
  args: { value: { login: 'editing' }, context: { errorId: 'errors.AUTH.100' }, forms: { login: filledLogin } },
};
/** `login.editing` after a forgot request: success notice atop the tab. */
export const LoginAfterForgot: Story = { args: { value: { login: 'editing' }, context: { notice: 'account.forgot.success' } } };
/** `login.editing` after a reset: success notice. */
export const LoginAfterReset: Story = { args: { value: { login: 'editing' }, context: { notice: 'account.reset.success' } } };
/** A page requires login: no ✕; Escape and the backdrop send `user.dismiss` (leave to the site root). */
export const LoginRequired: Story = { args: { value: { login: 'editing' }, context: { reason: 'required', closable: false } } };

// ── register ──
/** `register.editing` with the captcha placeholder (captcha kind altcha). */
export const Register: Story = { args: { value: { register: 'editing' }, context: { firstTab: 'register' } } };
/** `register.editing` after a submit: every rule broken, each field marked. */
export const RegisterInvalid: Story = {
  args: {
    value: { register: 'editing' },
    forms: {
      register: {
        values: { name: '', email: 'ada@', password: '12345' },
        errors: {
          name: 'validation.required',
          email: 'validation.email',
          password: 'account.password.tooShort',
          tos: 'validation.accepted',
          'g-recaptcha-response': 'validation.required',
        },
      },
    },
  },
};
/** `register.editing`, name and e-mail valid (success marks), the password only digits. */
export const RegisterPartlyValid: Story = {
  args: {
    value: { register: 'editing' },
    forms: {
      register: {
        values: { name: VALID_FIELDS.name, email: VALID_FIELDS.email, password: '1234567890', tos: true },
        errors: { password: 'account.password.onlyDigits' },
      },
    },
    context: { devMode: true },
  },
};
/** Dev mode (QUIRE_DEV): no captcha. */
export const RegisterDevMode: Story = { args: { value: { register: 'editing' }, context: { devMode: true } } };
/** `register.registering`: busy. */
export const RegisterRegistering: Story = { args: { value: { register: 'registering' }, forms: { register: filledRegister } } };
/** `register.editing` after a failed call (captcha rejected by the server); the token was spent. */
export const RegisterFailed: Story = {
  args: {
    value: { register: 'editing' },
    context: { errorId: 'errors.AUTH.130' },
    forms: { register: { values: { ...filledRegister.values, 'g-recaptcha-response': '' } } },
  },
};
/** `registerSuccess`: the address the activation link went to. */
export const RegisterSuccess: Story = { args: { value: 'registerSuccess', context: { registeredEmail: 'ada.lovelace@example.org' } } };

// ── forgot, resend, reset ──
/** `forgot.editing`. */
export const Forgot: Story = { args: { value: { forgot: 'editing' } } };
/** `forgot.editing` after a submit with a bad address and no captcha. */
export const ForgotInvalid: Story = {
  args: {
    value: { forgot: 'editing' },
    forms: { forgot: { values: { email: 'ada' }, errors: { email: 'validation.email', 'g-recaptcha-response': 'validation.required' } } },
  },
};
/** `forgot.requesting`. */
export const ForgotRequesting: Story = {
  args: { value: { forgot: 'requesting' }, forms: { forgot: { values: { email: VALID_FIELDS.email } } }, captcha: 'none' },
};
/** Reset answered 110: the forgot tab opens with the notice. */
export const ForgotAfterInvalidLink: Story = {
  args: { value: { forgot: 'editing' }, context: { notice: 'errors.ACCOUNT.110', devMode: true } },
};
/** `resend.editing`. */
export const Resend: Story = { args: { value: { resend: 'editing' } } };
/** Login answered 112: the resend tab opens with the login's e-mail and the notice. */
export const ResendNotActivated: Story = {
  args: {
    value: { resend: 'editing' },
    context: { notice: 'errors.ACCOUNT.112', devMode: true },
    forms: { resend: { values: { email: VALID_FIELDS.email } } },
  },
};
/** `resend.requesting`. */
export const ResendRequesting: Story = {
  args: { value: { resend: 'requesting' }, context: { devMode: true }, forms: { resend: { values: { email: VALID_FIELDS.email } } } },
};
/** `resend.editing` after a time-out. */
export const ResendFailed: Story = {
  args: {
    value: { resend: 'editing' },
    context: { devMode: true, errorId: 'commons.requestTooLong' },
    forms: { resend: { values: { email: VALID_FIELDS.email } } },
  },
};
/** `reset.editing` (opened by a reset link). */
export const Reset: Story = { args: { value: { reset: 'editing' }, context: { resetHash: HASH, firstTab: 'reset' } } };
/** `reset.editing` after a submit: only digits. */
export const ResetInvalid: Story = {
  args: {
    value: { reset: 'editing' },
    context: { resetHash: HASH },
    forms: { reset: { values: { password: '0123456789' }, errors: { password: 'account.password.onlyDigits' } } },
  },
};
/** `reset.resetting`. */
export const ResetResetting: Story = {
  args: { value: { reset: 'resetting' }, context: { resetHash: HASH }, forms: { reset: { values: { password: VALID_FIELDS.password } } } },
};
/** `reset.editing` after a network failure. */
export const ResetFailed: Story = {
  args: {
    value: { reset: 'editing' },
    context: { resetHash: HASH, errorId: 'commons.requestError' },
    forms: { reset: { values: { password: VALID_FIELDS.password } } },
  },
};

// ── second factor (child `mfa`) ──
/** `mfa` / `awaitingCode`. */
export const MfaAwaitingCode: Story = { args: { value: 'mfa', context: { loginHash: HASH }, mfa: { value: 'awaitingCode' } } };
/** `awaitingCode` after submitting letters: validation.digits under the field. */
export const MfaInvalidCode: Story = {
  args: { value: 'mfa', mfa: { value: 'awaitingCode', context: { code: '12a4', errorId: 'validation.digits' } } },
};
/** `awaitingCode` after 1551: wrong code. */
export const MfaWrongCode: Story = {
  args: { value: 'mfa', mfa: { value: 'awaitingCode', context: { code: '123456', errorId: 'errors.AUTH.1551', trust_device: 'yes' } } },
};
/** `expired` after 1552: start again. */
export const MfaExpired: Story = {
  args: { value: 'mfa', mfa: { value: 'expired', context: { code: '123456', errorId: 'errors.AUTH.1552' } } },
};
/** `verifying`. */
export const MfaVerifying: Story = {
  args: { value: 'mfa', mfa: { value: 'verifying', context: { code: '482913', trust_device: 'yes' } } },
};
/** `mfa` / `awaitingCode` with a recovery code of the authenticator app instead of its code. */
export const MfaRecoveryCode: Story = {
  args: { value: 'mfa', mfa: { value: 'awaitingCode', context: { code: 'k7m2q-x9d4t', recovery: true } } },
};

// ── activation (child `activation`) ──
/** `choosingContext`, nothing chosen: no validate button. */
export const ActivateChoosing: Story = {
  args: { value: 'activate', context: { activationHash: HASH }, activation: { value: 'choosingContext' } },
};
/** Individual chosen: the validate button appears. */
export const ActivateIndividual: Story = {
  args: { value: 'activate', activation: { value: 'choosingContext', context: { usageContext: 'ind' } } },
};
/** Professional chosen: the three selects. */
export const ActivateProfessional: Story = {
  args: {
    value: 'activate',
    activation: {
      value: 'choosingContext',
      context: { usageContext: 'pro', fields: { company_activity_sector: 'media_publishing', job_title: '', company_size: '' } },
    },
  },
};
/** Professional after a submit with two empty selects: marked, with the context error. */
export const ActivateProfessionalErrors: Story = {
  args: {
    value: 'activate',
    activation: {
      value: 'choosingContext',
      context: {
        usageContext: 'pro',
        fields: { company_activity_sector: 'media_publishing', job_title: '', company_size: '' },
        errors: { job_title: USAGE_CONTEXT_ERROR_ID, company_size: USAGE_CONTEXT_ERROR_ID },
        errorId: USAGE_CONTEXT_ERROR_ID,
      },
    },
  },
};
/** `activating`: busy, choices locked. */
export const ActivateActivating: Story = {
  args: {
    value: 'activate',
    activation: {
      value: 'activating',
      context: { usageContext: 'pro', fields: { company_activity_sector: 'it_software', job_title: 'designer', company_size: '11-50' } },
    },
  },
};
/** `confirming`: signing in after activation. */
export const ActivateConfirming: Story = {
  args: { value: 'activate', activation: { value: 'confirming', context: { usageContext: 'edu', loginHash: HASH } } },
};
/** `activateSuccess`: continue to /account/dashboard. */
export const ActivateSuccess: Story = { args: { value: 'activateSuccess', context: { content: loginContent() } } };
/** `activateError`: why, and ways back. */
export const ActivateError: Story = { args: { value: 'activateError', context: { notice: 'errors.ACCOUNT.120' } } };
/** `activateNotif` without a consents actor: a continue button. */
export const ActivateNotifWithoutConsents: Story = {
  args: { value: 'activateNotif', context: { content: loginContent({ modification: 1 }) } },
};
/** `activateNotif` with the consents step (`editing`). */
export const ActivateNotif: Story = {
  args: { value: 'activateNotif', context: { content: loginContent({ modification: 1 }) }, consents: { value: 'editing' } },
};
/** `activateNotif`, consents `loading`. */
export const ActivateNotifLoading: Story = {
  args: { value: 'activateNotif', context: { content: loginContent({ modification: 1 }) }, consents: { value: 'loading' } },
};

// ── live ──
const wait = <T,>(ms: number, value: () => T) =>
  new Promise<T>((resolve, reject) =>
    setTimeout(() => {
      try {
        resolve(value());
      } catch (e) {
        reject(e);
      }
    }, ms),
  );
const fail = (error: unknown) => () => {
  throw error;
};

/** Fake calls for the live story (see its description for the magic values). */
const services: SignUpServices & SignUpEndingServices = {
  login: ({ password }) =>
    wait(
      700,
      password === VALID_FIELDS.password
        ? () => ({ hash: HASH })
        : password === 'second factor'
          ? fail(errors.mfaRequired)
          : password === 'not activated'
            ? fail(errors.notActivated)
            : fail(errors.badCredentials),
    ),
  confirmLogin: ({ code }) =>
    wait(700, code === '000000' ? fail(errors.wrongCode) : code === '999999' ? fail(errors.expiredCode) : () => loginContent()),
  register: () => wait(900, () => ({})),
  forgot: () => wait(700, () => ({})),
  resend: () => wait(700, () => ({})),
  reset: () => wait(700, () => ({})),
  activate: () => wait(900, () => ({ hash: HASH })),
  // A pop-up that answers after 1.2 s as a new profile (inactive: register success).
  socialSignIn: {
    takeKeptResult: () => null,
    openPopup: () => true,
    popupClosed: () => false,
    listen: (landed) => {
      const timer = setTimeout(() => landed('#inactive-reader%40example.org'), 1200);
      return () => clearTimeout(timer);
    },
    redirect: () => {},
    closePopup: () => {},
  },
  finish: () => {},
  cancelExpiredSignIn: () => {},
  saveUser: () => {},
  leaveToRoot: () => {},
  showSuccess: () => {},
};

function LiveStory() {
  return (
    <WithActors
      build={() => ({
        modal: createActor(provideSignUpModal(services), { input: { reason: 'route', knownAccount: true, devMode: true } }).start(),
      })}
      deps="live"
    >
      {({ modal }) => <SignUpModal actor={modal} captcha="none" />}
    </WithActors>
  );
}

/**
 * The real machine with fake calls (dev mode, no captcha). Password `correct horse battery` signs in,
 * `second factor` asks for a code (`000000` wrong, `999999` expired, anything else signs in),
 * `not activated` opens the resend tab, anything else is refused. Reload the story to start over.
 */
export const Live: Story = { render: () => <LiveStory /> };
