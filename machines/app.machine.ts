import { type ActorRefFrom, assign, enqueueActions, fromCallback, raise, sendTo, setup } from 'xstate';
import type { LoginContent } from '../src/contracts/accounts';
import type { Language } from '../src/contracts/languages';
import type { alertsMachine } from './alerts.machine';
import type { AppFacts } from './app-facts';
import { EXPIRED_SIGN_IN } from './first-load-constants';
import { languageMachine } from './language.machine';
import { lazyLogic } from './lazy';
import { modalsMachine } from './modals.machine';
import type { PostLoginRequest } from './post-login.machine';
import { type Route, routerMachine } from './router.machine';
import type { sessionMachine } from './session.machine';
import type { SignUpHostFacts, signUpHostMachine } from './sign-up/host.machine';
import type { SignUpEnding, SocialProvider } from './sign-up/types';
import type { statusMachine } from './status.machine';
import type { ThirdPartyInput, thirdPartyMachine } from './third-party.machine';
import { ANONYMOUS, type Visitor } from './visitor';
import type { workspaceMachine } from './workspace.machine';

/**
 * The app's root (DESIGN §4, §11): it starts every app-wide machine as its child, each under its
 * `systemId` — alerts, language, modals, router, session, the sign-up host and the server status —
 * and, with the first sign-in or the first time the session is seen signed in, the signed-in part
 * (`workspace`, machines/workspace.machine.ts: the post-login steps, the publish modal and the upload
 * batch), whose code then loads: it is not part of the first load (issue 14). What ties them together
 * is here, as transitions:
 * - region `login`: the session's state reaches the router (login-required pages), and the browser's
 *   location reaches the router, the modal stack and the session once the session check is over;
 * - the sign-up host's facts (reason priority: machines/sign-up/host.machine.ts) follow the modal
 *   stack, the router and the session, and the sign-up modal's ending feeds the session, the
 *   post-login steps (in the workspace), the modal stack and the location;
 * - region `workspace`: the signed-in part starts once, then gets what the app sees and each sign-in;
 *   a post-login step that signs out reaches the session through the app (`postLogin.signOut`);
 * - a language the user chose reaches the workspace, which keeps it on the signed-in profile;
 * - the third-party loaders and the tracker (`thirdParty`, machines/third-party.machine.ts) follow who
 *   is signed in, with which e-mail and consents.
 * The app reports what its children and the user store show as `app.observed` (the `watch` actor);
 * navigation is the named action `navigate`; the children's side effects are provided by the app.
 */

/** What the app sees of its children and of the stored user: machines/app-facts.ts. */
export type { AppFacts } from './app-facts';
export { EXPIRED_SIGN_IN } from './first-load-constants';

export interface AppInput {
  language: { language: Language; localizedDomain?: boolean };
  /** The first page is the signup page (the session shows no expired sign-in there). */
  signupPage: boolean;
  /** The pages that are the sign-up modal's routes (login, register, forgot, resend, reset, activate, signup). */
  authPages: readonly string[];
  /** Back from a full-page social sign-in whose outcome waits for this tab: its provider. */
  socialPending?: SocialProvider;
  /** The third-party scripts this site is configured with (none by default). */
  thirdParty?: ThirdPartyInput;
}

export interface AppContext {
  /** The input the children start with (language detected, first page). */
  start: Pick<AppInput, 'language' | 'signupPage'> & { thirdParty: ThirdPartyInput };
  facts: AppFacts;
  authPages: readonly string[];
  socialPending: SocialProvider | null;
  /** The browser's latest location as a route: it reaches the router once the session check is over. */
  location: Route | null;
  /** The sign-up modal signed in and still shows a step (between `signUp.signedIn` and its end). */
  signedInStep: boolean;
}

export type AppEvent =
  /** The browser's location changed (path or fragment), read as a route of the page registry. */
  | { type: 'location.changed'; route: Route }
  | ({ type: 'app.observed' } & AppFacts)
  /** Raised after every observation: the regions decide on the new facts. */
  | { type: 'app.changed' }
  /**
   * The sign-up modal stored the signed-in user (its `saveUser`): the session follows at once, while
   * the modal may still show a step (activation's success) — the header never lags behind it.
   */
  | { type: 'signUp.signedIn'; content: LoginContent }
  /**
   * The sign-up modal ended (its `finish`); redirectPath is the login-redirect cookie's path;
   * managerInAssociation: the signed-in account is a manager's and an association session is stored
   * (SPEC §6: it then counts as profile type 2 for the post-login steps).
   */
  | { type: 'signUp.finished'; ending: SignUpEnding; redirectPath: string | null; managerInAssociation?: boolean }
  /** The expired-session sign-in was dismissed. */
  | { type: 'signUp.cancelledExpired' }
  /** A page's non-closeable sign-in was dismissed. */
  | { type: 'signUp.leftToRoot' }
  /** The session expired (open the sign-in) or another tab signed in (close it). */
  | { type: 'session.signInNeeded' }
  | { type: 'session.signInSettled' }
  /** The session ended: a page that requires login is left. */
  | { type: 'session.ended' }
  /** A post-login step signed the user out (the workspace tells). */
  | { type: 'postLogin.signOut' }
  /** The user switched the language (the language machine's `chosen`). */
  | { type: 'language.chosen'; language: Language }
  /** Raised by a sign-in: the post-login steps (in the workspace) follow it. */
  | { type: 'postLogin.start'; request: PostLoginRequest };

export const NO_FACTS: AppFacts = {
  session: 'checking',
  route: null,
  loginRequired: false,
  pageReady: false,
  expiredSignIn: false,
  publishLimits: null,
  user: null,
};

/** What the third-party loaders see: signed in (the session, not only a stored user), e-mail, language, consents. */
export function visitorOf(facts: AppFacts): Visitor {
  if (facts.session !== 'loggedIn' || !facts.user) return ANONYMOUS;
  return { signedIn: true, ...facts.user };
}

/** The session while its code loads (machines/lazy.ts): checking, as it starts. */
export const sessionChecking = () => ({
  value: 'checking',
  context: { user: null, queue: [] },
  matches: (state: string) => state === 'checking',
  can: () => false,
});

/** The workspace while its code loads (machines/lazy.ts): nothing spawned yet (the views read these). */
export const workspaceLoading = (input: unknown) => ({
  value: 'loading',
  context: {
    facts: (input as { facts: AppFacts }).facts,
    previousPath: null,
    publishModal: null,
    request: null,
    batch: null,
    postLogin: null,
    signedIn: null,
  },
});

const NO_THIRD_PARTY: ThirdPartyInput = { configured: { support_chat: false, page_testing: false } };

/** The sign-up host's facts (machines/sign-up/host.machine.ts) from what the app sees. */
export function hostFactsOf(
  context: Pick<AppContext, 'facts' | 'authPages' | 'socialPending'> & { signedInStep?: boolean },
): SignUpHostFacts {
  const { facts } = context;
  const page = facts.route?.page.name;
  return {
    expiredSignIn: facts.expiredSignIn,
    loginRequired: facts.loginRequired,
    loggedIn: facts.session === 'loggedIn',
    page,
    hash: facts.route?.params.hash,
    authPage: page !== undefined && context.authPages.includes(page),
    // Always present: the host merges what it observes, so a resumed sign-in must be cleared explicitly.
    socialPending: context.socialPending ?? undefined,
    keepOpen: context.signedInStep === true,
  };
}

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
  },
  actors: {
    // The alert queue loads on demand from the start (machines/lazy.ts): alerts pushed meanwhile wait.
    alerts: lazyLogic(
      () => import('./alerts.machine').then((m): typeof alertsMachine => m.alertsMachine),
      () => ({ value: 'empty', context: { alerts: [], seq: 0 } }),
    ),
    language: languageMachine,
    modals: modalsMachine,
    router: routerMachine,
    // These load on demand from the start (machines/lazy.ts): until then what they are sent waits.
    session: lazyLogic(() => import('./session.machine').then((m): typeof sessionMachine => m.sessionMachine), sessionChecking),
    signUpHost: lazyLogic(
      () => import('./sign-up/host.machine').then((m): typeof signUpHostMachine => m.signUpHostMachine),
      // The modal shows nothing meanwhile (openingOf: no reason).
      (input) => ({ value: 'loading', context: input }),
    ),
    status: lazyLogic(
      () => import('./status.machine').then((m): typeof statusMachine => m.statusMachine),
      () => ({ value: 'loading', context: { status: null } }),
    ),
    thirdParty: lazyLogic(() => import('./third-party.machine').then((m): typeof thirdPartyMachine => m.thirdPartyMachine)),
    /** The signed-in part (publish modal, upload batch, post-login steps), loaded when the app starts it. */
    workspace: lazyLogic(() => import('./workspace.machine').then((m): typeof workspaceMachine => m.workspaceMachine), workspaceLoading),
    /** Reports `app.observed` whenever the session, router, modal stack or stored user change (the app provides it). */
    watch: fromCallback<AppEvent>(() => undefined),
  },
  guards: {
    loggedIn: ({ context }) => context.facts.session === 'loggedIn',
    /** Signed out once the check is over (expired and logging out count as signed out for the router). */
    settledOut: ({ context }) => context.facts.session !== 'checking' && context.facts.session !== 'loggedIn',
    onProtectedPage: ({ context }) => context.facts.route?.page.requiresLogin === true,
    /** The sign-up modal's ending leaves the route that opened it. */
    leavesRoute: ({ event }) => event.type === 'signUp.finished' && event.ending.navigateTo !== null,
  },
  actions: {
    /** Goes to a path of the app (history push, or replace); provided by the app. */
    navigate: (_, _params: { to: string; replace: boolean }) => {},
    observe: assign(({ event }) => {
      if (event.type !== 'app.observed') return {};
      const { type: _type, ...facts } = event;
      return { facts };
    }),
    tellHost: sendTo('signUpHost', ({ context }) => ({ type: 'facts.changed' as const, ...hostFactsOf(context) })),
    tellThirdParty: sendTo('thirdParty', ({ context }) => ({ type: 'visitor.changed' as const, visitor: visitorOf(context.facts) })),
    tellRouter: sendTo('router', (_, params: { loggedIn: boolean }) => ({ type: 'session.changed' as const, loggedIn: params.loggedIn })),
    keepLocation: assign({ location: ({ context, event }) => (event.type === 'location.changed' ? event.route : context.location) }),
    /** The location reaches the router (access, page module), the modal stack (full modals close) and the session (signup page). */
    followLocation: enqueueActions(({ context, enqueue }) => {
      const route = context.location;
      if (!route) return;
      enqueue.sendTo('router', { type: 'route.changed', route });
      enqueue.sendTo('modals', { type: 'route.changed' });
      enqueue.sendTo('session', { type: 'page.changed', signupPage: route.path === '/register' });
    }),
    /** What the app sees and each sign-in reach the workspace. */
    tellWorkspace: sendTo('workspace', ({ context }) => ({ type: 'app.observed' as const, ...context.facts })),
    forwardSignIn: sendTo('workspace', ({ event }) => event as Extract<AppEvent, { type: 'postLogin.start' }>),
    forwardLanguage: sendTo('workspace', ({ event }) => event as Extract<AppEvent, { type: 'language.chosen' }>),
    /** The sign-up modal's ending: the session and the post-login steps follow a sign-in; the expired sign-in leaves the stack. */
    finishSignUp: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'signUp.finished') return;
      const { signedIn, closeExpiredSignIn } = event.ending;
      enqueue.assign({ socialPending: null });
      if (signedIn) {
        enqueue.sendTo('session', { type: 'user.signedIn', content: signedIn as LoginContent });
        enqueue.raise({
          type: 'postLogin.start',
          request: {
            user: signedIn,
            // The route at the time the modal ends (a page that bypasses terms skips the post-login steps).
            bypassTerms: context.facts.route?.page.bypassTerms ?? false,
            redirectPath: event.redirectPath,
            isManagerInAssociation: event.managerInAssociation === true,
          },
        });
      }
      if (closeExpiredSignIn) enqueue.sendTo('modals', { type: 'modal.close', id: EXPIRED_SIGN_IN });
    }),
    /** The session adopts a sign-in as soon as the modal stores it (a session already signed in ignores it). */
    followSignIn: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'signUp.signedIn') return;
      enqueue.assign({ signedInStep: true });
      enqueue.sendTo('session', { type: 'user.signedIn', content: event.content });
    }),
    /** The modal ended: the host decides again on what it sees. */
    endSignInStep: enqueueActions(({ context, enqueue }) => {
      if (!context.signedInStep) return;
      enqueue.assign({ signedInStep: false });
      enqueue.sendTo('signUpHost', { type: 'facts.changed', ...hostFactsOf({ ...context, signedInStep: false }) });
    }),
    cancelExpiredSignIn: enqueueActions(({ enqueue }) => {
      enqueue.sendTo('modals', { type: 'modal.close', id: EXPIRED_SIGN_IN });
      enqueue.sendTo('session', { type: 'user.cancelledSignIn' });
    }),
    /** A page's sign-in was dismissed: the router goes to the site root. */
    leaveToRoot: sendTo('router', { type: 'user.dismissLogin' }),
    logout: sendTo('session', { type: 'user.logout' }),
    openExpiredSignIn: sendTo('modals', { type: 'modal.open', id: EXPIRED_SIGN_IN, closable: false }),
    closeExpiredSignIn: sendTo('modals', { type: 'modal.close', id: EXPIRED_SIGN_IN }),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({
    start: { language: input.language, signupPage: input.signupPage, thirdParty: input.thirdParty ?? NO_THIRD_PARTY },
    facts: NO_FACTS,
    authPages: input.authPages,
    socialPending: input.socialPending ?? null,
    location: null,
    signedInStep: false,
  }),
  invoke: [
    { id: 'alerts', systemId: 'alerts', src: 'alerts' },
    { id: 'language', systemId: 'language', src: 'language', input: ({ context }) => context.start.language },
    { id: 'modals', systemId: 'modals', src: 'modals' },
    { id: 'router', systemId: 'router', src: 'router', input: { loggedIn: false } },
    {
      id: 'session',
      systemId: 'session',
      src: 'session',
      input: ({ context }) => ({ signupPage: context.start.signupPage }),
    },
    { id: 'signUpHost', systemId: 'signUpHost', src: 'signUpHost', input: ({ context }) => hostFactsOf(context) },
    { id: 'status', systemId: 'status', src: 'status' },
    { id: 'thirdParty', systemId: 'thirdParty', src: 'thirdParty', input: ({ context }) => context.start.thirdParty },
    { id: 'watch', src: 'watch' },
  ],
  on: {
    'app.observed': { actions: ['observe', 'tellHost', 'tellThirdParty', raise({ type: 'app.changed' })] },
    'signUp.finished': [
      {
        guard: 'leavesRoute',
        actions: [
          'finishSignUp',
          'endSignInStep',
          { type: 'navigate', params: ({ event }) => ({ to: event.ending.navigateTo ?? '/', replace: true }) },
        ],
      },
      { actions: ['finishSignUp', 'endSignInStep'] },
    ],
    'signUp.signedIn': { actions: 'followSignIn' },
    'signUp.cancelledExpired': { actions: 'cancelExpiredSignIn' },
    'signUp.leftToRoot': { actions: 'leaveToRoot' },
    'session.signInNeeded': { actions: 'openExpiredSignIn' },
    'session.signInSettled': { actions: 'closeExpiredSignIn' },
    'session.ended': { guard: 'onProtectedPage', actions: { type: 'navigate', params: { to: '/', replace: false } } },
    'postLogin.signOut': { actions: 'logout' },
  },
  type: 'parallel',
  states: {
    /**
     * The session's state reaches the router once the check is over, and so does the location: routing
     * waits for the check, so a signed-in visitor never sees the sign-in modal flash.
     */
    login: {
      initial: 'checking',
      states: {
        checking: {
          on: {
            'location.changed': { actions: 'keepLocation' },
            'app.changed': [
              {
                guard: 'loggedIn',
                target: 'signedIn',
                actions: [{ type: 'tellRouter', params: { loggedIn: true } }, 'followLocation'],
              },
              {
                guard: 'settledOut',
                target: 'signedOut',
                actions: [{ type: 'tellRouter', params: { loggedIn: false } }, 'followLocation'],
              },
            ],
          },
        },
        signedIn: {
          on: {
            'location.changed': { actions: ['keepLocation', 'followLocation'] },
            'app.changed': { guard: 'settledOut', target: 'signedOut', actions: { type: 'tellRouter', params: { loggedIn: false } } },
          },
        },
        signedOut: {
          on: {
            'location.changed': { actions: ['keepLocation', 'followLocation'] },
            'app.changed': { guard: 'loggedIn', target: 'signedIn', actions: { type: 'tellRouter', params: { loggedIn: true } } },
          },
        },
      },
    },
    /**
     * The signed-in part (machines/workspace.machine.ts) starts once — with the first sign-in, or when
     * the session is first seen signed in — and from then on gets what the app sees and each sign-in.
     */
    workspace: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'app.changed': { guard: 'loggedIn', target: 'started' },
            // Started, the workspace gets the sign-in raised again.
            'postLogin.start': { target: 'started', actions: raise(({ event }) => event) },
          },
        },
        started: {
          invoke: {
            id: 'workspace',
            systemId: 'workspace',
            src: 'workspace',
            input: ({ context }) => ({ facts: context.facts }),
          },
          on: {
            'app.changed': { actions: 'tellWorkspace' },
            'postLogin.start': { actions: 'forwardSignIn' },
            'language.chosen': { actions: 'forwardLanguage' },
          },
        },
      },
    },
  },
});

export type AppActorRef = ActorRefFrom<typeof appMachine>;
