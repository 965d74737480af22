import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { AUTH_CODES, type LoginContent } from '../src/contracts/accounts';
import { type ActivationOutput, activationMachine } from './activation.machine';
import { SIGN_UP_MESSAGES } from './constants';
import { type ConfirmLoginInput, type MfaOutput, mfaMachine } from './mfa.machine';
import { errorCode, errorMessageId, pending, secondFactorHash } from './sign-up/errors';
import {
  type EmailCaptchaCall,
  emailCaptchaCall,
  emptyForms,
  type FormName,
  formErrors,
  formValid,
  type LoginCall,
  loginCall,
  type RegisterCall,
  type ResetCall,
  registerCall,
  resetCall,
  withErrors,
  withField,
  withoutCaptcha,
} from './sign-up/forms';
import { type SocialOutput, socialMachine } from './sign-up/social.machine';
import {
  callFailed,
  codeIs,
  contentOf,
  editing,
  errorNotice,
  errorParams,
  failedErrorId,
  ID,
  signedInTab,
  signIn,
  socialIs,
  socialSignIn,
} from './sign-up/states';
import {
  endingOf,
  FIRST_TABS,
  type FirstTab,
  firstTab,
  type SelectableTab,
  type SignUpEnding,
  type SignUpModalContext,
  type SignUpModalEvent,
  type SignUpModalInput,
  type SignUpModalOutput,
  type SocialOutcome,
} from './sign-up/types';

export * from './sign-up/types';

/**
 * The sign-up modal (SPEC §2 tabs, §4 flows, §8 codes). One top-level state per tab; form tabs keep
 * their values and errors in context. The mfa and activate tabs run the `mfa` and `activation` child
 * machines. It ends as `signedIn` (the app saves the user, then starts the post-login modals),
 * `activated` or `closed`; a non-closeable modal never closes and leaves to the site root on dismissal.
 */
export const signUpModalMachine = setup({
  types: {
    context: {} as SignUpModalContext,
    events: {} as SignUpModalEvent,
    input: {} as SignUpModalInput,
    output: {} as SignUpModalOutput,
  },
  actors: {
    /** POST {api}/profile/session {login, password} → {hash}; error 155 carries content.hash. */
    login: fromPromise<{ hash: string }, LoginCall>(() => pending()),
    /** POST {api}/profile/session {hash} → LoginContent. */
    confirmLogin: fromPromise<LoginContent, ConfirmLoginInput>(() => pending()),
    /** POST {api}/account/ (the app adds language, origin_source, origin_campaign, fingerprint). */
    register: fromPromise<unknown, RegisterCall>(() => pending()),
    /** POST {api}/profile/password/request {email, captcha}. */
    forgot: fromPromise<unknown, EmailCaptchaCall>(() => pending()),
    /** POST {api}/profile/reactivate {email, captcha}. */
    resend: fromPromise<unknown, EmailCaptchaCall>(() => pending()),
    /** POST {api}/profile/password/ {password, hash}. */
    reset: fromPromise<unknown, ResetCall>(() => pending()),
    /** The social pop-up (or full-page redirect) and its landing: the `social` child machine. */
    socialSignIn: socialMachine,
    mfa: mfaMachine,
    activation: activationMachine,
  },
  guards: {
    closable: ({ context }) => context.closable,
    expiredSession: ({ context }) => context.reason === 'expired',
    opensOn: ({ context }, params: { tab: FirstTab }) => context.firstTab === params.tab,
    resumingSocial: ({ context }) => context.resumeSocial !== null,
    tabIs: ({ event }, params: { tab: SelectableTab }) => event.type === 'user.selectTab' && event.tab === params.tab,
    formValid: ({ context }, params: { form: FormName }) => formValid(context.forms, params.form, context),
    errorIs: (_, params: { error: unknown; code: number }) => errorCode(params.error) === params.code,
    secondFactor: (_, params: { error: unknown }) => secondFactorHash(params.error) !== undefined,
    socialIs: (_, params: { output: SocialOutput; kind: SocialOutcome['kind'] }) => socialIs(params.output, params.kind),
    mfaVerified: (_, params: { output: MfaOutput }) => params.output.kind === 'verified',
    activationIs: (_, params: { output: ActivationOutput; kind: ActivationOutput['kind'] }) => params.output.kind === params.kind,
  },
  actions: {
    /** Stores the signed-in user (local storage, session); the app provides it. */
    saveUser: (_, _params: { content: LoginContent }) => {},
    /** A page's non-closeable modal was dismissed: the app sends the user to the site root (router `user.dismissLogin`). */
    leaveToRoot: () => {},
    /** The expired-session sign-in was dismissed: the app takes it off the modal stack and the session gives up its waiting requests. */
    cancelExpiredSignIn: () => {},
    /** What follows the modal (its final states; `endingOf` decides): the app does exactly these steps. */
    finish: (_, _params: SignUpEnding) => {},
    /** A success message outliving the modal (resend): the app pushes a success alert. */
    showSuccess: (_, _params: { id: string }) => {},
    setField: assign({
      forms: ({ context, event }, params: { form: FormName }) =>
        event.type === 'user.setField' ? withField(context.forms, params.form, event.field, event.value) : context.forms,
    }),
    showErrors: assign({
      forms: ({ context }, params: { form: FormName }) =>
        withErrors(context.forms, params.form, formErrors(context.forms, params.form, context)),
    }),
    clearMessages: assign({ notice: null, errorId: null }),
    notice: assign((_, params: { id: string | null }) => ({ notice: params.id, errorId: null })),
    showCallError: assign((_, params: { error: unknown }) => ({ errorId: errorMessageId(params.error) })),
    spendCaptcha: assign({
      forms: ({ context }, params: { form: 'register' | 'forgot' | 'resend' }) => withoutCaptcha(context.forms, params.form),
    }),
    /** 112 on login: the resend tab opens with the login's e-mail. */
    toResend: assign(({ context }, params: { error: unknown }) => ({
      notice: errorMessageId(params.error),
      errorId: null,
      forms: context.forms.resend.values.email
        ? context.forms
        : withField(context.forms, 'resend', 'email', context.forms.login.values.login),
    })),
    keepLoginHash: assign((_, params: { hash: string | undefined }) => ({ loginHash: params.hash ?? null })),
    keepActivationHash: assign((_, params: { hash: string }) => ({ activationHash: params.hash })),
    keepRegisteredEmail: assign((_, params: { email: string }) => ({ registeredEmail: params.email })),
    keepContent: assign((_, params: { content: LoginContent }) => ({ content: params.content })),
    reopen: assign(({ context, event }) => {
      if (event.type !== 'route.opened') return {};
      const { initialTab, resetHash, activationHash, resumeSocial } = event;
      return {
        firstTab: firstTab({ knownAccount: context.knownAccount, initialTab, resetHash, activationHash }),
        resumeSocial: resumeSocial ?? null,
        resetHash: resetHash ?? context.resetHash,
        activationHash: activationHash ?? context.activationHash,
        notice: null,
        errorId: null,
      };
    }),
  },
}).createMachine({
  id: ID,
  context: ({ input }) => ({
    reason: input.reason,
    closable: input.reason === 'route',
    knownAccount: input.knownAccount,
    devMode: input.devMode,
    forms: emptyForms(),
    resetHash: input.resetHash ?? null,
    activationHash: input.activationHash ?? null,
    loginHash: null,
    registeredEmail: null,
    notice: null,
    errorId: null,
    content: null,
    firstTab: firstTab(input),
    resumeSocial: input.resumeSocial ?? null,
  }),
  // The final state's output (signedIn, activated or closed) is the machine's output.
  output: ({ event }) => event.output as SignUpModalOutput,
  initial: 'opening',
  on: {
    'user.selectTab': [
      { guard: { type: 'tabIs', params: { tab: 'login' } }, target: '.login', actions: 'clearMessages' },
      { guard: { type: 'tabIs', params: { tab: 'register' } }, target: '.register', actions: 'clearMessages' },
      { guard: { type: 'tabIs', params: { tab: 'forgot' } }, target: '.forgot', actions: 'clearMessages' },
      { guard: { type: 'tabIs', params: { tab: 'resend' } }, target: '.resend', actions: 'clearMessages' },
    ],
    'user.close': { guard: 'closable', target: '.closed' },
    'user.dismiss': [
      { guard: 'closable', target: '.closed' },
      { guard: 'expiredSession', actions: 'cancelExpiredSignIn' },
      { actions: 'leaveToRoot' },
    ],
    'route.opened': { target: '.opening', actions: 'reopen' },
  },
  states: {
    /**
     * Back from a full-page social sign-in, that sign-in goes on; else picks the first tab: a link's hash,
     * then the header route, then login if the browser knows an account.
     */
    opening: {
      always: [
        { guard: 'resumingSocial', target: 'login.signingInWithSocial' },
        ...FIRST_TABS.map((tab) => ({ guard: { type: 'opensOn' as const, params: { tab } }, target: tab })),
      ],
    },
    login: {
      initial: 'editing',
      states: {
        editing: editing('login', 'loggingIn', true),
        loggingIn: {
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ context }) => loginCall(context.forms.login.values),
            onDone: { target: 'confirming', actions: { type: 'keepLoginHash', params: ({ event }) => ({ hash: event.output.hash }) } },
            onError: [
              {
                guard: { type: 'secondFactor', params: errorParams },
                target: `#${ID}.mfa`,
                actions: { type: 'keepLoginHash', params: ({ event }) => ({ hash: secondFactorHash(event.error) }) },
              },
              { guard: codeIs(AUTH_CODES.notActivated), target: `#${ID}.resend`, actions: { type: 'toResend', params: errorParams } },
              { target: 'editing', actions: { type: 'showCallError', params: errorParams } },
            ],
          },
        },
        /** Login step two (also after a social sign-in that answered a hash). */
        confirming: {
          invoke: {
            id: 'confirmLogin',
            src: 'confirmLogin',
            input: ({ context }) => ({ hash: context.loginHash ?? '' }),
            onDone: {
              target: `#${ID}.signedIn`,
              actions: signIn<{ output: LoginContent }>((output) => output),
            },
            onError: [
              // An authenticator-app profile still gives its code after a social sign-in (155 with the hash).
              {
                guard: { type: 'secondFactor', params: errorParams },
                target: `#${ID}.mfa`,
                actions: { type: 'keepLoginHash', params: ({ event }) => ({ hash: secondFactorHash(event.error) }) },
              },
              { target: 'editing', actions: { type: 'showCallError', params: errorParams } },
            ],
          },
        },
        signingInWithSocial: socialSignIn(),
      },
    },
    /** Second factor: the child `mfa` machine; verified signs in, an expired code comes back to login. */
    mfa: {
      invoke: {
        id: 'mfa',
        src: 'mfa',
        input: ({ context }) => ({ hash: context.loginHash ?? '' }),
        onDone: [
          {
            guard: { type: 'mfaVerified', params: ({ event }) => ({ output: event.output }) },
            target: 'signedIn',
            actions: signIn(contentOf),
          },
          { target: 'login', actions: { type: 'keepLoginHash', params: { hash: undefined } } },
        ],
      },
    },
    register: {
      initial: 'editing',
      states: {
        editing: editing('register', 'registering', true),
        registering: {
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ context }) => registerCall(context.forms.register.values),
            onDone: {
              target: `#${ID}.registerSuccess`,
              actions: {
                type: 'keepRegisteredEmail',
                params: ({ context }) => ({ email: registerCall(context.forms.register.values).email }),
              },
            },
            onError: {
              target: 'editing',
              actions: callFailed('register'),
            },
          },
        },
        signingInWithSocial: socialSignIn(),
      },
    },
    /** Shows `registeredEmail`: the activation link was sent there. */
    registerSuccess: {},
    forgot: {
      initial: 'editing',
      states: {
        editing: editing('forgot', 'requesting'),
        requesting: {
          invoke: {
            id: 'forgot',
            src: 'forgot',
            input: ({ context }) => emailCaptchaCall(context.forms.forgot.values),
            onDone: { target: `#${ID}.login`, actions: { type: 'notice', params: { id: SIGN_UP_MESSAGES.forgotSent } } },
            onError: {
              target: 'editing',
              actions: callFailed('forgot'),
            },
          },
        },
      },
    },
    resend: {
      initial: 'editing',
      states: {
        editing: editing('resend', 'requesting'),
        requesting: {
          invoke: {
            id: 'resend',
            src: 'resend',
            input: ({ context }) => emailCaptchaCall(context.forms.resend.values),
            onDone: [
              // SPEC §4: message, then the modal closes; a non-closeable modal shows it on the login tab instead.
              { guard: 'closable', target: `#${ID}.closed`, actions: { type: 'showSuccess', params: { id: SIGN_UP_MESSAGES.resendSent } } },
              { target: `#${ID}.login`, actions: { type: 'notice', params: { id: SIGN_UP_MESSAGES.resendSent } } },
            ],
            onError: {
              target: 'editing',
              actions: callFailed('resend'),
            },
          },
        },
      },
    },
    reset: {
      initial: 'editing',
      states: {
        editing: editing('reset', 'resetting'),
        resetting: {
          invoke: {
            id: 'reset',
            src: 'reset',
            input: ({ context }) => resetCall(context.forms.reset.values, context.resetHash ?? ''),
            onDone: { target: `#${ID}.login`, actions: { type: 'notice', params: { id: SIGN_UP_MESSAGES.resetDone } } },
            onError: [
              { guard: codeIs(AUTH_CODES.invalidReset), target: `#${ID}.forgot`, actions: { type: 'notice', params: errorNotice } },
              { guard: codeIs(AUTH_CODES.notActivated), target: `#${ID}.resend`, actions: { type: 'notice', params: errorNotice } },
              { target: 'editing', actions: { type: 'showCallError', params: errorParams } },
            ],
          },
        },
      },
    },
    /** The child `activation` machine (choose context, activate, confirm). */
    activate: {
      invoke: {
        id: 'activation',
        src: 'activation',
        input: ({ context }) => ({ hash: context.activationHash ?? '' }),
        onDone: [
          {
            guard: { type: 'activationIs', params: ({ event }) => ({ output: event.output, kind: 'notif' }) },
            target: 'activateNotif',
            actions: signIn(contentOf),
          },
          {
            guard: { type: 'activationIs', params: ({ event }) => ({ output: event.output, kind: 'success' }) },
            target: 'activateSuccess',
            actions: signIn(contentOf),
          },
          { target: 'activateError', actions: { type: 'notice', params: ({ event }) => ({ id: failedErrorId(event.output) }) } },
        ],
      },
    },
    /** Signed in; consents need renewing: the view shows the notification preferences, then sends user.continue. */
    activateNotif: {
      on: { ...signedInTab, 'user.continue': { target: 'activateSuccess' } },
    },
    /** Activated and signed in; user.continue follows the link to /account/dashboard. */
    activateSuccess: {
      on: { ...signedInTab, 'user.continue': { target: 'activated' } },
    },
    activateError: {},
    signedIn: {
      type: 'final',
      entry: { type: 'finish', params: ({ context }) => endingOf(context, 'signedIn') },
      output: ({ context }): SignUpModalOutput => ({ kind: 'signedIn', content: context.content as LoginContent }),
    },
    activated: {
      type: 'final',
      entry: { type: 'finish', params: ({ context }) => endingOf(context, 'activated') },
      output: ({ context }): SignUpModalOutput => ({ kind: 'activated', content: context.content as LoginContent }),
    },
    /** The `close` tab: the modal is gone. */
    closed: {
      type: 'final',
      entry: { type: 'finish', params: ({ context }) => endingOf(context, 'closed') },
      output: (): SignUpModalOutput => ({ kind: 'closed' }),
    },
  },
});

/** A running signUpModalMachine, as the views get it. */
export type SignUpModalActorRef = ActorRefFrom<typeof signUpModalMachine>;
