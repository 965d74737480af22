import { type ActorRefFrom, assign, setup } from 'xstate';
import type { SelectableTab, SignUpModalInput, SocialProvider } from './types';

/**
 * When the sign-up modal shows, and why (SPEC §2, §4). The app sends what it observes (the modal
 * stack, the router, the session) as `facts.changed`; the priority is the order of `deciding`'s
 * guards: an expired session's sign-in first, then a page that requires login, then a header route or
 * mailed link (while signed out; the activation link even when signed in), else nothing shows. The
 * app's AuthHost renders one modal per opening (`openingOf`).
 */

export interface SignUpHostFacts {
  /** The expired-session sign-in is on the modal stack. */
  expiredSignIn: boolean;
  /** The router waits for a login (the page requires it). */
  loginRequired: boolean;
  loggedIn: boolean;
  /** The current page's name and its `hash` parameter (mailed links). */
  page?: string;
  hash?: string;
  /** The page is one of the modal's routes (login, register, forgot, resend, reset, activate, signup). */
  authPage: boolean;
  /**
   * A full-page social sign-in came back (pop-ups were blocked) and its outcome waits for this tab:
   * the provider, else absent. Signed out, the modal opens (on any page) and resumes that sign-in.
   */
  socialPending?: SocialProvider;
  /**
   * The modal signed in and still shows a step of its own (activation's success): the session already
   * follows the sign-in (the header too), and whatever the modal shows stays open until it ends.
   */
  keepOpen?: boolean;
}

export type SignUpHostEvent = { type: 'facts.changed' } & SignUpHostFacts;

// Apart in ./opening.ts: the app's AuthHost reads it in the first load, while this machine loads on demand.
import type { SignUpOpening } from './opening';

export { openingOf, type SignUpOpening } from './opening';

export const signUpHostMachine = setup({
  types: {
    context: {} as SignUpHostFacts,
    events: {} as SignUpHostEvent,
    input: {} as SignUpHostFacts,
  },
  guards: {
    keepOpen: ({ event }) => event.keepOpen === true,
    expired: ({ context }) => context.expiredSignIn,
    required: ({ context }) => context.loginRequired,
    route: ({ context }) => context.authPage && (!context.loggedIn || context.page === 'activate'),
    socialPending: ({ context }) => context.socialPending !== undefined && !context.loggedIn,
  },
  actions: {
    observe: assign(({ event }) => {
      const { type: _type, ...facts } = event;
      return facts;
    }),
  },
}).createMachine({
  id: 'signUpHost',
  context: ({ input }) => input,
  initial: 'deciding',
  on: { 'facts.changed': { target: '.deciding', actions: 'observe' } },
  states: {
    /** The reason priority: expired, then required, then route, else hidden. */
    deciding: {
      always: [
        { guard: 'expired', target: 'expired' },
        { guard: 'required', target: 'required' },
        { guard: 'route', target: 'route' },
        { guard: 'socialPending', target: 'resuming' },
        { target: 'hidden' },
      ],
    },
    hidden: {},
    /** The session expired: a non-closeable sign-in over the page. */
    expired: { on: { 'facts.changed': { guard: 'keepOpen', actions: 'observe' } } },
    /** The page requires login: non-closeable; a dismissal leaves to the site root. */
    required: { on: { 'facts.changed': { guard: 'keepOpen', actions: 'observe' } } },
    /** A header route or mailed link: closable, on its tab. */
    route: { on: { 'facts.changed': { guard: 'keepOpen', actions: 'observe' } } },
    /** Back from a full-page social sign-in on a page without the modal: closable, it resumes that sign-in. */
    resuming: { on: { 'facts.changed': { guard: 'keepOpen', actions: 'observe' } } },
  },
});

export type SignUpHostActorRef = ActorRefFrom<typeof signUpHostMachine>;

const SELECTABLE: readonly string[] = ['login', 'register', 'forgot', 'resend'] satisfies SelectableTab[];

/**
 * The sign-up modal's input for an opening: an expired session signs in again on the login tab (the
 * browser knows the account); a header route opens its tab; a reset or activation link its own.
 */
export function modalInputOf(
  opening: Pick<SignUpOpening, 'reason' | 'page' | 'hash' | 'resumeSocial'>,
  browser: { knownAccount: boolean; devMode: boolean },
): SignUpModalInput {
  const { reason, page, hash, resumeSocial } = opening;
  return {
    resumeSocial,
    reason,
    knownAccount: reason === 'expired' || browser.knownAccount,
    devMode: browser.devMode,
    initialTab: reason === 'expired' ? 'login' : page && SELECTABLE.includes(page) ? (page as SelectableTab) : undefined,
    resetHash: page === 'reset' ? hash : undefined,
    activationHash: page === 'activate' ? hash : undefined,
  };
}
