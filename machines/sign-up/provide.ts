import { createActor, fromCallback, fromPromise, sendTo } from 'xstate';
import type { LoginContent, UsageContext } from '../../src/contracts/accounts';
import { type ActivateInput, activationMachine } from '../activation.machine';
import { type ConfirmLoginInput, mfaMachine } from '../mfa.machine';
import { signUpModalMachine } from '../sign-up-modal.machine';
import type { EmailCaptchaCall, LoginCall, RegisterCall, ResetCall } from './forms';
import { type KeptOAuthResult, type SocialEvent, type SocialInput, socialMachine } from './social.machine';
import type { SignUpEnding, SocialProvider } from './types';

/** The window, pop-up and storage access of one social sign-in (src/web/app/social.ts). */
export interface SocialServices {
  /** Takes (reads and removes) the outcome a full-page sign-in kept for this tab, with its age. */
  takeKeptResult(): KeptOAuthResult | null;
  /** Opens the pop-up on the provider's start call; false when the browser blocked it. */
  openPopup(provider: SocialProvider): boolean;
  /** Whether the user closed the pop-up. */
  popupClosed(): boolean;
  /** Calls `landed` with the fragment the pop-up's landing posts (our origin, our pop-up); returns the unsubscribe. */
  listen(landed: (hash: string) => void): () => void;
  /** Keeps the pending full-page sign-in and sends the page to the provider. */
  redirect(provider: SocialProvider): void;
  /** Closes the pop-up if it is open (the pop-up actor stopped: answered, closed, or given up). */
  closePopup(): void;
}

/** The social child machine with the app's window, pop-up and storage access. */
export const provideSocial = (s: SocialServices) =>
  socialMachine.provide({
    actors: {
      takeKeptResult: fromPromise<KeptOAuthResult | null, SocialInput>(async () => s.takeKeptResult()),
      openPopup: fromPromise<boolean, SocialInput>(async ({ input }) => s.openPopup(input.provider)),
      popupClosed: fromPromise<boolean>(async () => s.popupClosed()),
      popup: fromCallback<SocialEvent>(({ sendBack }) => {
        const stopListening = s.listen((hash) => sendBack({ type: 'popup.landed', hash }));
        return () => {
          stopListening();
          s.closePopup();
        };
      }),
    },
    actions: {
      redirect: (_, params) => s.redirect(params.provider),
    },
  });

/**
 * Everything the sign-up machines need from the app (DESIGN §4: side effects are named actors and
 * actions, provided at the edge). Calls receive the actor's AbortSignal: leaving a tab (or closing the
 * modal) while a call runs aborts it. Calls reject with the API client's `ApiCallError`.
 */
export interface SignUpServices {
  /** POST {api}/profile/session {login, password} → {hash}; 155 rejects with content.hash. */
  login(input: LoginCall, signal: AbortSignal): Promise<{ hash: string }>;
  /** POST {api}/profile/session {hash, code?, trust_device?} → LoginContent. */
  confirmLogin(input: ConfirmLoginInput, signal: AbortSignal): Promise<LoginContent>;
  /** POST {api}/account/ — add language, origin_source, origin_campaign and fingerprint here. */
  register(input: RegisterCall, signal: AbortSignal): Promise<unknown>;
  /** POST {api}/profile/password/request. */
  forgot(input: EmailCaptchaCall, signal: AbortSignal): Promise<unknown>;
  /** POST {api}/profile/reactivate. */
  resend(input: EmailCaptchaCall, signal: AbortSignal): Promise<unknown>;
  /** POST {api}/profile/password/. */
  reset(input: ResetCall, signal: AbortSignal): Promise<unknown>;
  /** POST {api}/profile/activate → {hash}. */
  activate(input: ActivateInput, signal: AbortSignal): Promise<{ hash: string }>;
  /** The account was activated with this usage context (the marketing tracker: pro account activation, SPEC §7). */
  activated?(context: UsageContext): void;
  /** The social sign-in's window, pop-up and storage access (the `social` child machine). */
  socialSignIn: SocialServices;
  /** Store the signed-in user (current user, session token). */
  saveUser(content: LoginContent): void;
  /** A page's non-closeable modal was dismissed: go to the site root (router `user.dismissLogin`). */
  leaveToRoot(): void;
  /** A success message that outlives the modal (resend sent): push a success alert. */
  showSuccess(messageId: string): void;
}

/** What the app does when the modal ends or an expired session's modal is dismissed. */
export interface SignUpEndingServices {
  /** Do the steps the machine decided (`endingOf`): follow the sign-in, close the expired sign-in, navigate. */
  finish(ending: SignUpEnding): void;
  /** The expired-session sign-in was dismissed: close it and let the session give up its waiting requests. */
  cancelExpiredSignIn(): void;
}

/** The mfa machine with the app's confirm-login call. */
export const provideMfa = (s: Pick<SignUpServices, 'confirmLogin'>) =>
  mfaMachine.provide({
    actors: { confirmLogin: fromPromise<LoginContent, ConfirmLoginInput>(({ input, signal }) => s.confirmLogin(input, signal)) },
  });

/** The activation machine with the app's activate and confirm-login calls. */
export const provideActivation = (s: Pick<SignUpServices, 'activate' | 'confirmLogin' | 'activated'>) =>
  activationMachine.provide({
    actors: {
      activate: fromPromise<{ hash: string }, ActivateInput>(({ input, signal }) => s.activate(input, signal)),
      confirmLogin: fromPromise<LoginContent, ConfirmLoginInput>(({ input, signal }) => s.confirmLogin(input, signal)),
    },
    actions: { activated: (_, { context }) => s.activated?.(context) },
  });

/** What the modal tells the app (`provideSignUpModal`'s port). */
type AppPortEvent =
  | { type: 'saveUser'; content: LoginContent }
  | { type: 'leaveToRoot' }
  | { type: 'cancelExpiredSignIn' }
  | { type: 'finish'; ending: SignUpEnding }
  | { type: 'showSuccess'; id: string };

/**
 * The app's side of the modal: its outward actions are built-in sends to this port, delivered once
 * the modal's step is over, and the port calls the service. Called inside the modal's own (custom)
 * action, a service would run the app's step (the root, the alert queue) inside the modal's, which
 * xstate reports as "Custom actions should not call `assign()` directly" (statelyai/xstate#5343).
 */
function appPort(s: SignUpServices & SignUpEndingServices) {
  return createActor(
    fromCallback<AppPortEvent>(({ receive }) => {
      receive((event) => {
        if (event.type === 'saveUser') s.saveUser(event.content);
        else if (event.type === 'leaveToRoot') s.leaveToRoot();
        else if (event.type === 'cancelExpiredSignIn') s.cancelExpiredSignIn();
        else if (event.type === 'finish') s.finish(event.ending);
        else s.showSuccess(event.id);
      });
    }),
  ).start();
}

/** The sign-up modal wired to the app (its `mfa` and `activation` children included). */
export function provideSignUpModal(s: SignUpServices & SignUpEndingServices) {
  const port = appPort(s);
  return signUpModalMachine.provide({
    actors: {
      login: fromPromise<{ hash: string }, LoginCall>(({ input, signal }) => s.login(input, signal)),
      confirmLogin: fromPromise<LoginContent, ConfirmLoginInput>(({ input, signal }) => s.confirmLogin(input, signal)),
      register: fromPromise<unknown, RegisterCall>(({ input, signal }) => s.register(input, signal)),
      forgot: fromPromise<unknown, EmailCaptchaCall>(({ input, signal }) => s.forgot(input, signal)),
      resend: fromPromise<unknown, EmailCaptchaCall>(({ input, signal }) => s.resend(input, signal)),
      reset: fromPromise<unknown, ResetCall>(({ input, signal }) => s.reset(input, signal)),
      socialSignIn: provideSocial(s.socialSignIn),
      mfa: provideMfa(s),
      activation: provideActivation(s),
    },
    actions: {
      saveUser: sendTo(port, (_, params) => ({ type: 'saveUser' as const, content: params.content })),
      leaveToRoot: sendTo(port, { type: 'leaveToRoot' as const }),
      cancelExpiredSignIn: sendTo(port, { type: 'cancelExpiredSignIn' as const }),
      finish: sendTo(port, (_, params) => ({ type: 'finish' as const, ending: params })),
      showSuccess: sendTo(port, (_, params) => ({ type: 'showSuccess' as const, id: params.id })),
    },
  });
}
