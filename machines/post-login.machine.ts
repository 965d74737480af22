import { type ActorRefFrom, assign, setup } from 'xstate';
import type { PostLoginUser, StepOutput } from './accounts/types';
import { consentsMachine } from './consents.machine';
import { CONSENTS_RENEWAL_BEFORE, TERMS_RENEWAL_BEFORE } from './constants';
import { termsMachine } from './terms.machine';
import { usageContextMachine } from './usage-context.machine';

export type { PostLoginUser, StepOutput } from './accounts/types';

/** The full-screen steps, in the order they run (SPEC §2 Routing). */
export type PostLoginStep = 'terms' | 'usageContext' | 'consents';

/** What the sign-in flow reports when a login succeeded (the user is saved by then). */
export interface PostLoginRequest {
  /** The saved user (LoginContent or the stored current user). */
  user: PostLoginUser;
  /** A manager using an association session counts as profile type 2 (SPEC §6). */
  isManagerInAssociation?: boolean;
  /** The current page bypasses terms: no step runs (SPEC §2 "unless the page bypasses terms"). */
  bypassTerms?: boolean;
  /** Path of the login-redirect cookie, if any. */
  redirectPath?: string | null;
}
export interface PostLoginRun {
  user: PostLoginUser;
  isManagerInAssociation: boolean;
  bypassTerms: boolean;
  redirectPath: string | null;
}
export interface PostLoginContext {
  /** The login being followed up; null while idle. */
  run: PostLoginRun | null;
}
export type PostLoginEvent = ({ type: 'login.succeeded' } & PostLoginRequest) | { type: 'user.signOut' };

/** SPEC §4 Terms renewal: required by the server, or accepted before the renewal date. */
export const needsTerms = (u: PostLoginUser) => u.tos.required || u.subscriptions.modification < TERMS_RENEWAL_BEFORE;
/** SPEC §4/§6: usage context missing and profile type ≥ 2 (a manager in an association counts as 2). */
export const needsUsageContext = (u: PostLoginUser, isManagerInAssociation: boolean) =>
  !u.account.context && (u.profile.type >= 2 || isManagerInAssociation);
/** Consents accepted before the consents renewal date. */
export const needsConsents = (u: PostLoginUser) => u.subscriptions.modification < CONSENTS_RENEWAL_BEFORE;

const step = (name: PostLoginStep) => ({ step: name });

/**
 * What follows a successful login (SPEC §4 Login, §2). A long-lived actor: the sign-in flow sends
 * `login.succeeded` with the saved user; terms, usage context and consents then run in that order,
 * each only when needed, as invoked child machines (`snapshot.children.<step>` is the modal's actor);
 * then the login-redirect path is visited or the modal closes, and it is idle again. Which steps are
 * needed is read from the user saved at login (a step's refreshed user is in its output, for the app).
 * Signing out at any step ends the sequence.
 */
export const postLoginMachine = setup({
  types: {
    context: {} as PostLoginContext,
    events: {} as PostLoginEvent,
  },
  actors: {
    terms: termsMachine,
    usageContext: usageContextMachine,
    consents: consentsMachine,
  },
  guards: {
    needsTerms: ({ context: { run: r } }) => r !== null && !r.bypassTerms && needsTerms(r.user),
    needsUsageContext: ({ context: { run: r } }) => r !== null && !r.bypassTerms && needsUsageContext(r.user, r.isManagerInAssociation),
    needsConsents: ({ context: { run: r } }) => r !== null && !r.bypassTerms && needsConsents(r.user),
    hasRedirect: ({ context }) => Boolean(context.run?.redirectPath),
    stepSignedOut: ({ event }) => 'output' in event && (event.output as StepOutput | undefined)?.result === 'signedOut',
  },
  actions: {
    // ── provided by the app (harmless defaults) ──
    /** Opens the step's full-screen, non-closeable modal (modal stack). */
    showStep: (_, _params: { step: PostLoginStep }) => {},
    /** Closes the step's modal. */
    hideStep: (_, _params: { step: PostLoginStep }) => {},
    /** Visits the login-redirect path (and removes its cookie). */
    visitRedirect: (_, _params: { path: string }) => {},
    /** Closes the sign-up modal. */
    closeModal: () => {},
    /** Logs out (the app sends `user.logout` to the session actor). */
    signOut: () => {},
    // ── context ──
    start: assign({
      run: ({ event }) =>
        event.type === 'login.succeeded'
          ? {
              user: event.user,
              isManagerInAssociation: event.isManagerInAssociation ?? false,
              bypassTerms: event.bypassTerms ?? false,
              redirectPath: event.redirectPath ?? null,
            }
          : null,
    }),
    end: assign({ run: null }),
  },
}).createMachine({
  id: 'postLogin',
  context: { run: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'login.succeeded': { target: 'running', actions: 'start' } },
    },
    running: {
      initial: 'checkingTerms',
      on: {
        'user.signOut': { target: '.signedOut' },
      },
      states: {
        checkingTerms: {
          always: [{ guard: 'needsTerms', target: 'terms' }, { target: 'checkingUsageContext' }],
        },
        terms: {
          entry: { type: 'showStep', params: step('terms') },
          exit: { type: 'hideStep', params: step('terms') },
          invoke: {
            id: 'terms',
            src: 'terms',
            // Terms is the one step with a sign-out link.
            onDone: [{ guard: 'stepSignedOut', target: 'signedOut' }, { target: 'checkingUsageContext' }],
            // A broken step is skipped (the server asks again at the next login).
            onError: { target: 'checkingUsageContext' },
          },
        },
        checkingUsageContext: {
          always: [{ guard: 'needsUsageContext', target: 'usageContext' }, { target: 'checkingConsents' }],
        },
        usageContext: {
          entry: { type: 'showStep', params: step('usageContext') },
          exit: { type: 'hideStep', params: step('usageContext') },
          invoke: {
            id: 'usageContext',
            src: 'usageContext',
            input: { mode: 'modal' },
            onDone: { target: 'checkingConsents' },
            onError: { target: 'checkingConsents' },
          },
        },
        checkingConsents: {
          always: [{ guard: 'needsConsents', target: 'consents' }, { target: 'finishing' }],
        },
        consents: {
          entry: { type: 'showStep', params: step('consents') },
          exit: { type: 'hideStep', params: step('consents') },
          invoke: {
            id: 'consents',
            src: 'consents',
            input: { mode: 'modal' },
            onDone: { target: 'finishing' },
            onError: { target: 'finishing' },
          },
        },
        finishing: {
          always: [
            {
              guard: 'hasRedirect',
              target: '#postLogin.idle',
              actions: [{ type: 'visitRedirect', params: ({ context }) => ({ path: context.run?.redirectPath ?? '/' }) }, 'end'],
            },
            { target: '#postLogin.idle', actions: ['closeModal', 'end'] },
          ],
        },
        /** The sign-out link of a step was used. */
        signedOut: {
          always: { target: '#postLogin.idle', actions: ['closeModal', 'signOut', 'end'] },
        },
      },
    },
  },
});

/** A running postLoginMachine, as the views get it. */
export type PostLoginActorRef = ActorRefFrom<typeof postLoginMachine>;
