import { fromPromise } from 'xstate';
import type { LoginContent } from '../../src/contracts/accounts';
import { type ActivateInput, activationMachine } from '../activation.machine';
import { type ConfirmLoginInput, mfaMachine } from '../mfa.machine';
import { signUpModalMachine } from '../sign-up-modal.machine';
import type { EmailCaptchaCall, LoginCall, RegisterCall, ResetCall } from './forms';
import type { SocialOutcome, SocialProvider } from './types';

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
  /** Provider SDK or redirect, then POST {api}/oauth2/{provider}; a closed pop-up rejects with kind 'abort'. */
  socialSignIn(input: { provider: SocialProvider }, signal: AbortSignal): Promise<SocialOutcome>;
  /** Store the signed-in user (current user, session token). */
  saveUser(content: LoginContent): void;
  /** A non-closeable modal was dismissed: go to the site root (router `user.dismissLogin`). */
  leaveToRoot(): void;
  /** A success message that outlives the modal (resend sent): push a success alert. */
  showSuccess(messageId: string): void;
}

/** The mfa machine with the app's confirm-login call. */
export const provideMfa = (s: Pick<SignUpServices, 'confirmLogin'>) =>
  mfaMachine.provide({
    actors: { confirmLogin: fromPromise<LoginContent, ConfirmLoginInput>(({ input, signal }) => s.confirmLogin(input, signal)) },
  });

/** The activation machine with the app's activate and confirm-login calls. */
export const provideActivation = (s: Pick<SignUpServices, 'activate' | 'confirmLogin'>) =>
  activationMachine.provide({
    actors: {
      activate: fromPromise<{ hash: string }, ActivateInput>(({ input, signal }) => s.activate(input, signal)),
      confirmLogin: fromPromise<LoginContent, ConfirmLoginInput>(({ input, signal }) => s.confirmLogin(input, signal)),
    },
  });

/** The sign-up modal wired to the app (its `mfa` and `activation` children included). */
export function provideSignUpModal(s: SignUpServices) {
  return signUpModalMachine.provide({
    actors: {
      login: fromPromise<{ hash: string }, LoginCall>(({ input, signal }) => s.login(input, signal)),
      confirmLogin: fromPromise<LoginContent, ConfirmLoginInput>(({ input, signal }) => s.confirmLogin(input, signal)),
      register: fromPromise<unknown, RegisterCall>(({ input, signal }) => s.register(input, signal)),
      forgot: fromPromise<unknown, EmailCaptchaCall>(({ input, signal }) => s.forgot(input, signal)),
      resend: fromPromise<unknown, EmailCaptchaCall>(({ input, signal }) => s.resend(input, signal)),
      reset: fromPromise<unknown, ResetCall>(({ input, signal }) => s.reset(input, signal)),
      socialSignIn: fromPromise<SocialOutcome, { provider: SocialProvider }>(({ input, signal }) => s.socialSignIn(input, signal)),
      mfa: provideMfa(s),
      activation: provideActivation(s),
    },
    actions: {
      saveUser: (_, params) => s.saveUser(params.content),
      leaveToRoot: () => s.leaveToRoot(),
      showSuccess: (_, params) => s.showSuccess(params.id),
    },
  });
}
