import type { LoginContent } from '../../src/contracts/accounts';
import type { SIGN_UP_TABS, SOCIAL_PROVIDERS } from '../constants';
import type { FieldName, FormName, Forms } from './forms';

/** Types and pure helpers of the sign-up modal (machines/sign-up-modal.machine.ts re-exports them). */

export type SignUpTab = (typeof SIGN_UP_TABS)[number];
/** Tabs the user (tab links) and the header routes can open. */
export type SelectableTab = 'login' | 'register' | 'forgot' | 'resend';
export const FIRST_TABS = ['activate', 'reset', 'login', 'register', 'forgot', 'resend'] as const;
export type FirstTab = (typeof FIRST_TABS)[number];
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/**
 * Why the modal opened (machines/sign-up/host.machine.ts decides): the session expired (non-closeable
 * sign-in over the page), a page requires login (non-closeable; dismissal leaves to the site root), or a
 * header route / mailed link (closable, on its tab).
 */
export type SignUpReason = 'expired' | 'required' | 'route';

export interface SignUpModalInput {
  /** Why it opened: only a route's modal can be closed; what follows the modal depends on it too. */
  reason: SignUpReason;
  /** The browser already has an account (stored user or cookie): default tab login, else register (SPEC §2). */
  knownAccount: boolean;
  /** Header routes login, register, forgot and resend open the modal on that tab. */
  initialTab?: SelectableTab;
  /** A password-reset link's hash: opens the reset tab. */
  resetHash?: string;
  /** An activation link's hash: opens the activate tab. */
  activationHash?: string;
  /** Dev mode: the captcha is not required (SPEC §5, QUIRE_DEV). */
  devMode: boolean;
  /**
   * Back from a full-page social sign-in (pop-ups were blocked): the provider whose kept outcome waits.
   * The modal resumes that sign-in at once (the `social` child takes the kept outcome).
   */
  resumeSocial?: SocialProvider;
}

/** Social sign-in answers (SPEC §4): an inactive profile, an activation code, or a hash to confirm. */
export type SocialOutcome = { kind: 'inactive'; email: string } | { kind: 'activation'; hash: string } | { kind: 'hash'; hash: string };

/** signedIn: start the post-login modals; activated: go to /account/dashboard; closed: nothing happened. */
export type SignUpModalOutput =
  | { kind: 'signedIn'; content: LoginContent }
  | { kind: 'activated'; content: LoginContent }
  | { kind: 'closed' };

export interface SignUpModalContext {
  reason: SignUpReason;
  /** A route's modal (reason 'route'): ✕, Escape and the backdrop close it; else a dismissal leaves (SPEC §2). */
  closable: boolean;
  devMode: boolean;
  /** Values and per-field error message ids of every form tab (kept across tab switches). */
  forms: Forms;
  resetHash: string | null;
  activationHash: string | null;
  /** Login step one's hash to confirm (or a social hash), and error 155's hash for the mfa tab. */
  loginHash: string | null;
  /** Shown by register-success. */
  registeredEmail: string | null;
  /** Information shown atop the current tab (forgot sent, reset done, 112 not activated, 110 invalid link...). */
  notice: string | null;
  /** Why the last call failed, shown inline (the API client also alerts). */
  errorId: string | null;
  /** The signed-in session (confirm login, mfa, activation). */
  content: LoginContent | null;
  /** From the input: the default tab of a bare `route.opened` (login when true, else register). */
  knownAccount: boolean;
  /** The tab `opening` picks (from the input, or from `route.opened`). */
  firstTab: FirstTab;
  /** A full-page social sign-in to resume on opening (from the input, or from `route.opened`). */
  resumeSocial: SocialProvider | null;
}

export type SignUpModalEvent =
  | { type: 'user.selectTab'; tab: SelectableTab }
  | { type: 'user.setField'; field: FieldName; value: string | boolean }
  | { type: 'user.submit' }
  | { type: 'user.social'; provider: SocialProvider }
  | { type: 'user.continue' }
  | { type: 'user.close' }
  | { type: 'user.dismiss' }
  /** The route changed while the modal is open (a header route, a reset or activation link): pick the tab again. */
  | ({ type: 'route.opened' } & Pick<SignUpModalInput, 'initialTab' | 'resetHash' | 'activationHash' | 'resumeSocial'>);

/** What follows the modal's end, for the app to do (the `finish` action): decided by `endingOf`. */
export interface SignUpEnding {
  /** A sign-in: the session follows it and the post-login steps run. */
  signedIn: LoginContent | null;
  /** Take the expired-session sign-in off the modal stack. */
  closeExpiredSignIn: boolean;
  /** Leave the route that opened the modal for this path (replacing its history entry). */
  navigateTo: string | null;
}

/**
 * What follows the modal: a sign-in feeds the session (and closes an expired session's modal); a
 * route's modal (header route, mailed link) leaves its route: to the dashboard once activated, else to
 * the site root. A page that requires login stays (the router shows it once signed in).
 */
export function endingOf(context: Pick<SignUpModalContext, 'reason' | 'content'>, kind: SignUpModalOutput['kind']): SignUpEnding {
  const signedIn = kind === 'closed' ? null : context.content;
  return {
    signedIn,
    closeExpiredSignIn: signedIn !== null && context.reason === 'expired',
    navigateTo: context.reason !== 'route' ? null : kind === 'activated' ? '/account/dashboard' : '/',
  };
}

/** SPEC §2: an activation or reset link's tab, else the header route's tab, else login when the browser knows an account, else register. */
export function firstTab(input: Pick<SignUpModalInput, 'knownAccount' | 'initialTab' | 'resetHash' | 'activationHash'>): FirstTab {
  if (input.activationHash) return 'activate';
  if (input.resetHash) return 'reset';
  return input.initialTab ?? (input.knownAccount ? 'login' : 'register');
}

/** The tab the view shows (SPEC §2 names) for a snapshot of the modal. */
export function tabOf(snapshot: { value: unknown }): SignUpTab {
  const top = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value as object)[0];
  const tabs: Record<string, SignUpTab> = {
    registerSuccess: 'register-success',
    activateSuccess: 'activate-success',
    activateError: 'activate-error',
    activateNotif: 'activate-notif',
    closed: 'close',
    signedIn: 'close',
    activated: 'close',
    opening: 'login',
  };
  return tabs[top ?? ''] ?? (top as SignUpTab);
}

/** The form of the tab a snapshot shows, if it is a form tab. */
export function activeForm(snapshot: { value: unknown }): FormName | null {
  const tab = tabOf(snapshot);
  return tab === 'login' || tab === 'register' || tab === 'forgot' || tab === 'resend' || tab === 'reset' ? tab : null;
}
