import {
  type ActorRefFrom,
  type AnyActorLogic,
  type AnyActorRef,
  assign,
  enqueueActions,
  fromCallback,
  fromPromise,
  raise,
  sendTo,
  setup,
  spawnChild,
} from 'xstate';
import type { LoginContent } from '../src/contracts/accounts';
import { alertsMachine } from './alerts.machine';
import { BOOKS_PATH, EXPIRED_SIGN_IN, type Language, UPLOAD_PATH } from './constants';
import { languageMachine } from './language.machine';
import { lazyLogic } from './lazy';
import { modalsMachine } from './modals.machine';
import type { PostLoginRequest } from './post-login.machine';
import type { PublishRequest } from './publish/types';
import type { PublishModalInput, PublishModalOutput } from './publish-modal.machine';
import { type Route, routerMachine } from './router.machine';
import type { sessionMachine } from './session.machine';
import type { SignUpHostFacts, signUpHostMachine } from './sign-up/host.machine';
import type { SignUpEnding, SocialProvider } from './sign-up/types';
import type { statusMachine } from './status.machine';
import type { ThirdPartyInput, thirdPartyMachine } from './third-party.machine';
import type { UploadActorRef, UploadInput } from './upload.machine';
import { ANONYMOUS, type Visitor } from './visitor';

/**
 * The app's root (DESIGN §4, §11): it starts every app-wide machine as its child, each under its
 * `systemId` — alerts, language, modals, router, session, the sign-up host and the server status —
 * and, loaded when first needed, spawns the post-login steps, the publish modal and the upload batch
 * under theirs too (`postLogin`, `publishModal`, `batch`; refs in `context`). A system id is taken by
 * one actor at a time, so a replacement always stops the old child first: the batch's `starting`
 * state stops the previous batch on entry, before the new one is spawned; a publish modal is stopped
 * (or ended) before the route opens the next. What ties them together is here, as transitions:
 * - region `login`: the session's state reaches the router (login-required pages), and the browser's
 *   location reaches the router, the modal stack and the session once the session check is over;
 * - the sign-up host's facts (reason priority: machines/sign-up/host.machine.ts) follow the modal
 *   stack, the router and the session, and the sign-up modal's ending feeds the session, the
 *   post-login steps (region `postLogin`: loaded with the first sign-in), the modal stack and the location;
 * - region `publish`: the publish route opens the publish modal (signed in, the user's limits known,
 *   no batch still sending — else it shows that batch); its output starts a batch or goes back;
 * - region `batch`: one upload batch at a time; a new one replaces it, signing out stops it; its
 *   redirects go to the book list.
 * - a language the user chose is kept on the signed-in profile (`saveLanguage`);
 * - the third-party loaders and the tracker (`thirdParty`, machines/third-party.machine.ts) follow who
 *   is signed in, with which e-mail and consents.
 * The app reports what its children and the user store show as `app.observed` (the `watch` actor);
 * navigation is the named action `navigate`; the children's side effects are provided by the app.
 */

export { BOOKS_PATH, EXPIRED_SIGN_IN, UPLOAD_PATH } from './constants';

/** What the app sees of its children and of the stored user (sent by `watch` on every change). */
export interface AppFacts {
  /** The session machine's top state. */
  session: 'checking' | 'loggedIn' | 'loggedOut' | 'expired' | 'loggingOut';
  /** The router's route, whether it waits for a login, and whether the page is shown. */
  route: Route | null;
  loginRequired: boolean;
  pageReady: boolean;
  /** The expired-session sign-in is on the modal stack. */
  expiredSignIn: boolean;
  /** The signed-in user's publish limits (null: no user stored yet). */
  publishLimits: PublishModalInput | null;
  /** The stored user's e-mail, language and consents (null: none stored). */
  user: Pick<Visitor, 'email' | 'language' | 'consents'> | null;
}

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
  /** The last page that is not the publish route: closing the publish modal goes back there. */
  previousPath: string | null;
  /** The publish modal of this opening of the publish route (loaded on first use). */
  publishModal: AnyActorRef | null;
  /** The files the publish modal handed over, until the batch starts. */
  request: PublishRequest | null;
  /** The current upload batch (kept once finished, until the next one or sign-out). */
  batch: UploadActorRef | null;
  /** The browser's latest location as a route: it reaches the router once the session check is over. */
  location: Route | null;
  /** The post-login steps (loaded with the first sign-in of this page) and the sign-in waiting for them. */
  postLogin: AnyActorRef | null;
  signedIn: PostLoginRequest | null;
  /** The sign-up modal signed in and still shows a step (between `signUp.signedIn` and its end). */
  signedInStep: boolean;
}

/** The upload machine with its side effects, loaded with the first batch, and the batch's start time (SPEC §7). */
export interface LoadedBatch {
  logic: AnyActorLogic;
  startTime: number;
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
  /** The sign-up modal ended (its `finish`); redirectPath is the login-redirect cookie's path. */
  | { type: 'signUp.finished'; ending: SignUpEnding; redirectPath: string | null }
  /** The expired-session sign-in was dismissed. */
  | { type: 'signUp.cancelledExpired' }
  /** A page's non-closeable sign-in was dismissed. */
  | { type: 'signUp.leftToRoot' }
  /** The session expired (open the sign-in) or another tab signed in (close it). */
  | { type: 'session.signInNeeded' }
  | { type: 'session.signInSettled' }
  /** The session ended: a page that requires login is left. */
  | { type: 'session.ended' }
  /** A post-login step signed the user out. */
  | { type: 'postLogin.signOut' }
  /** The user switched the language (the language machine's `chosen`). */
  | { type: 'language.chosen'; language: Language }
  /** Raised by a sign-in: the post-login steps follow it (loaded first when needed). */
  | { type: 'postLogin.start'; request: PostLoginRequest }
  /** Raised with the publish modal's submitted files. */
  | { type: 'batch.start'; request: PublishRequest }
  /** The batch's redirects: automatic (only from the upload page) and the proxy-error modal's OK. */
  | { type: 'batch.redirect' }
  | { type: 'batch.goToBooks' }
  | { type: `xstate.done.actor.${string}`; output: unknown }
  | { type: `xstate.error.actor.${string}`; error: unknown };

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

const publishShown = (f: AppFacts) =>
  f.route?.page.name === 'publish' && f.pageReady && f.session === 'loggedIn' && f.publishLimits !== null;
const sending = (batch: AppContext['batch']) => batch?.getSnapshot().matches({ active: { transfer: 'sending' } }) ?? false;
/** Closing the publish modal goes back to the page the user came from. */
const back = (context: AppContext) => ({ to: context.previousPath ?? '/', replace: true });

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
  },
  actors: {
    alerts: alertsMachine,
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
    /** Reports `app.observed` whenever the session, router, modal stack or stored user change (the app provides it). */
    watch: fromCallback<AppEvent>(() => undefined),
    /** Loads the publish modal's machine (its code loads when the publish route first opens). */
    loadPublishModal: fromPromise<AnyActorLogic>(() => import('./publish-modal.machine').then((m) => m.publishModalMachine)),
    /** Keeps the chosen language on the signed-in profile (mail language; SPEC §7 Language); the app provides it. */
    saveLanguage: fromPromise<void, { language: Language }>(async () => {}),
    /** Loads the post-login machine with its steps' side effects (signed-in only: loaded with the first sign-in). */
    loadPostLogin: fromPromise<AnyActorLogic>(() => import('./post-login.machine').then((m) => m.postLoginMachine)),
    /** Loads the upload machine with its side effects (the app provides it) and notes the batch's start time. */
    loadBatch: fromPromise<LoadedBatch>(() => import('./upload.machine').then((m) => ({ logic: m.uploadMachine, startTime: 0 }))),
  },
  guards: {
    loggedIn: ({ context }) => context.facts.session === 'loggedIn',
    /** Signed out once the check is over (expired and logging out count as signed out for the router). */
    settledOut: ({ context }) => context.facts.session !== 'checking' && context.facts.session !== 'loggedIn',
    loggedOut: ({ context }) => context.facts.session === 'loggedOut',
    publishWhileSending: ({ context }) => publishShown(context.facts) && sending(context.batch),
    publishReady: ({ context }) => publishShown(context.facts) && !sending(context.batch),
    offPublish: ({ context }) => !publishShown(context.facts),
    submitted: ({ event }) => 'output' in event && (event.output as PublishModalOutput | undefined)?.kind === 'submitted',
    onUploadPage: ({ context }) => context.facts.route?.path === UPLOAD_PATH,
    onProtectedPage: ({ context }) => context.facts.route?.page.requiresLogin === true,
    /** The sign-up modal's ending leaves the route that opened it. */
    leavesRoute: ({ event }) => event.type === 'signUp.finished' && event.ending.navigateTo !== null,
  },
  actions: {
    /** Goes to a path of the app (history push, or replace); provided by the app. */
    navigate: (_, _params: { to: string; replace: boolean }) => {},
    observe: assign(({ context, event }) => {
      if (event.type !== 'app.observed') return {};
      const { type: _type, ...facts } = event;
      const route = facts.route;
      return { facts, previousPath: route && route.page.name !== 'publish' ? route.path : context.previousPath };
    }),
    tellHost: sendTo('signUpHost', ({ context }) => ({ type: 'facts.changed' as const, ...hostFactsOf(context) })),
    tellThirdParty: sendTo('thirdParty', ({ context }) => ({ type: 'visitor.changed' as const, visitor: visitorOf(context.facts) })),
    tellRouter: sendTo('router', (_, params: { loggedIn: boolean }) => ({ type: 'session.changed' as const, loggedIn: params.loggedIn })),
    spawnPublishModal: assign({
      publishModal: ({ context, event, spawn }) =>
        'output' in event && context.facts.publishLimits
          ? (spawn(
              event.output as never,
              { id: 'publishModal', systemId: 'publishModal', input: context.facts.publishLimits } as never,
            ) as unknown as AnyActorRef)
          : null,
    }),
    stopPublishModal: enqueueActions(({ context, enqueue }) => {
      if (context.publishModal) enqueue.stopChild(context.publishModal);
      enqueue.assign({ publishModal: null });
    }),
    /** The publish modal's submitted files start a batch (the `submitted` guard checked the output). */
    startBatch: raise(({ event }) => {
      const { files, publishingMode } = ('output' in event ? event.output : null) as Extract<PublishModalOutput, { kind: 'submitted' }>;
      return { type: 'batch.start' as const, request: { files, publishingMode } };
    }),
    keepRequest: assign({ request: ({ context, event }) => (event.type === 'batch.start' ? event.request : context.request) }),
    spawnBatch: assign({
      batch: ({ context, event, spawn }) => {
        const loaded = ('output' in event ? event.output : null) as LoadedBatch | null;
        if (!loaded || !context.request) return null;
        const input: UploadInput = { ...context.request, startTime: loaded.startTime };
        return spawn(loaded.logic as never, { id: 'batch', systemId: 'batch', input } as never) as unknown as UploadActorRef;
      },
      request: null,
    }),
    stopBatch: enqueueActions(({ context, enqueue }) => {
      if (context.batch) enqueue.stopChild(context.batch);
      enqueue.assign({ batch: null });
    }),
    forgetBatch: assign({ batch: null }),
    keepLocation: assign({ location: ({ context, event }) => (event.type === 'location.changed' ? event.route : context.location) }),
    /** The location reaches the router (access, page module), the modal stack (full modals close) and the session (signup page). */
    followLocation: enqueueActions(({ context, enqueue }) => {
      const route = context.location;
      if (!route) return;
      enqueue.sendTo('router', { type: 'route.changed', route });
      enqueue.sendTo('modals', { type: 'route.changed' });
      enqueue.sendTo('session', { type: 'page.changed', signupPage: route.path === '/register' });
    }),
    keepSignIn: assign({ signedIn: ({ context, event }) => (event.type === 'postLogin.start' ? event.request : context.signedIn) }),
    spawnPostLogin: assign({
      postLogin: ({ event, spawn }) =>
        'output' in event
          ? (spawn(event.output as never, { id: 'postLogin', systemId: 'postLogin' } as never) as unknown as AnyActorRef)
          : null,
    }),
    /** The sign-in reaches the post-login steps (the one kept while they loaded, or the one just raised). */
    runPostLogin: enqueueActions(({ context, event, enqueue }) => {
      const request = event.type === 'postLogin.start' ? event.request : context.signedIn;
      if (context.postLogin && request) enqueue.sendTo(context.postLogin, { type: 'login.succeeded', ...request });
      enqueue.assign({ signedIn: null });
    }),
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
    previousPath: null,
    publishModal: null,
    request: null,
    batch: null,
    location: null,
    postLogin: null,
    signedIn: null,
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
    'language.chosen': {
      guard: 'loggedIn',
      actions: spawnChild('saveLanguage', {
        input: ({ event }) => ({ language: (event as Extract<AppEvent, { type: 'language.chosen' }>).language }),
      }),
    },
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
    /** The publish route's modal (SPEC §2): signed in with known limits; while files are still sent, that batch shows instead. */
    publish: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'app.changed': [
              { guard: 'publishWhileSending', actions: { type: 'navigate', params: { to: UPLOAD_PATH, replace: true } } },
              { guard: 'publishReady', target: 'loading' },
            ],
          },
        },
        loading: {
          invoke: {
            id: 'loadPublishModal',
            src: 'loadPublishModal',
            onDone: { target: 'open', actions: 'spawnPublishModal' },
            onError: { target: 'leaving', actions: { type: 'navigate', params: ({ context }) => back(context) } },
          },
          on: { 'app.changed': { guard: 'offPublish', target: 'closed' } },
        },
        open: {
          on: {
            'xstate.done.actor.publishModal': [
              { guard: 'submitted', target: 'leaving', actions: ['stopPublishModal', 'startBatch'] },
              { target: 'leaving', actions: ['stopPublishModal', { type: 'navigate', params: ({ context }) => back(context) }] },
            ],
            'app.changed': { guard: 'offPublish', target: 'closed', actions: 'stopPublishModal' },
          },
        },
        /** The modal ended: it opens again only once the publish route was left. */
        leaving: {
          on: { 'app.changed': { guard: 'offPublish', target: 'closed' } },
        },
      },
    },
    /** The post-login steps (SPEC §4 Login), loaded with the first sign-in: only signed-in pages need them. */
    postLogin: {
      initial: 'unloaded',
      states: {
        unloaded: {
          on: { 'postLogin.start': { target: 'loading', actions: 'keepSignIn' } },
        },
        loading: {
          invoke: {
            id: 'loadPostLogin',
            src: 'loadPostLogin',
            onDone: { target: 'ready', actions: ['spawnPostLogin', 'runPostLogin'] },
            onError: { target: 'unloaded', actions: assign({ signedIn: null }) },
          },
          on: { 'postLogin.start': { actions: 'keepSignIn' } },
        },
        ready: {
          on: { 'postLogin.start': { actions: 'runPostLogin' } },
        },
      },
    },
    /** One upload batch at a time (SPEC §2 Upload page): it goes on while the user looks at other pages. */
    batch: {
      initial: 'none',
      states: {
        none: {
          on: { 'batch.start': { target: 'starting', actions: 'keepRequest' } },
        },
        starting: {
          entry: 'stopBatch',
          invoke: {
            id: 'loadBatch',
            src: 'loadBatch',
            onDone: { target: 'running', actions: ['spawnBatch', { type: 'navigate', params: { to: UPLOAD_PATH, replace: true } }] },
            onError: { target: 'none', actions: assign({ request: null }) },
          },
          on: {
            'batch.start': { target: 'starting', reenter: true, actions: 'keepRequest' },
            'app.changed': { guard: 'loggedOut', target: 'none', actions: assign({ request: null }) },
          },
        },
        running: {
          on: {
            'batch.start': { target: 'starting', actions: 'keepRequest' },
            'app.changed': { guard: 'loggedOut', target: 'none', actions: 'stopBatch' },
            // A batch that failed to run is dropped (a finished one stays until the next, so the upload page does not flash empty).
            'xstate.error.actor.batch': { target: 'none', actions: 'forgetBatch' },
            'batch.redirect': { guard: 'onUploadPage', actions: { type: 'navigate', params: { to: BOOKS_PATH, replace: false } } },
            'batch.goToBooks': { actions: { type: 'navigate', params: { to: BOOKS_PATH, replace: false } } },
          },
        },
      },
    },
  },
});

export type AppActorRef = ActorRefFrom<typeof appMachine>;
