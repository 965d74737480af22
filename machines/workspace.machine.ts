import {
  type ActorRefFrom,
  type AnyActorLogic,
  type AnyActorRef,
  assign,
  enqueueActions,
  fromPromise,
  raise,
  setup,
  spawnChild,
} from 'xstate';
import type { AppFacts } from './app-facts';
import type { Language } from './constants';
import { BOOKS_PATH, UPLOAD_PATH } from './constants';
import type { PostLoginRequest } from './post-login.machine';
import type { PublishRequest } from './publish/types';
import type { PublishModalOutput } from './publish-modal.machine';
import type { UploadActorRef, UploadInput } from './upload.machine';

/**
 * The signed-in part of the app root (machines/app.machine.ts; issue 14): the app starts it, under the
 * system id `workspace`, with the first sign-in or the first time it sees the session signed in, and
 * its code loads then (machines/lazy.ts), not with the app's first load. It spawns the post-login
 * steps, the publish modal and the upload batch, loaded when first needed, under their system ids
 * (`postLogin`, `publishModal`, `batch`; refs in `context`). A system id is taken by one actor at a
 * time, so a replacement always stops the old child first: the batch's `starting` state stops the
 * previous batch on entry, before the new one is spawned; a publish modal is stopped (or ended) before
 * the route opens the next.
 * - the app forwards what it sees (`app.observed`, machines/app.machine.ts AppFacts) and the regions
 *   decide on it (`app.changed`, raised after each observation and once at start);
 * - region `publish`: the publish route opens the publish modal (signed in, the user's limits known,
 *   no batch still sending — else it shows that batch); its output starts a batch or goes back;
 * - region `postLogin`: the post-login steps (loaded with the first sign-in) run each sign-in the app
 *   forwards (`postLogin.start`); a step that signs out tells the app (`postLogin.signOut`);
 * - region `batch`: one upload batch at a time; a new one replaces it, signing out stops it; its
 *   redirects go to the book list;
 * - a language the user chose (forwarded by the app) is kept on the signed-in profile (`saveLanguage`).
 * Navigation is the named action `navigate`; the loaders are provided by the app.
 */

/** The upload machine with its side effects, loaded with the first batch, and the batch's start time (SPEC §7). */
export interface LoadedBatch {
  logic: AnyActorLogic;
  startTime: number;
}

export interface WorkspaceInput {
  /** What the app saw when it started this part. */
  facts: AppFacts;
}

export interface WorkspaceContext {
  facts: AppFacts;
  /** The last page that is not the publish route: closing the publish modal goes back there. */
  previousPath: string | null;
  /** The publish modal of this opening of the publish route (loaded on first use). */
  publishModal: AnyActorRef | null;
  /** The files the publish modal handed over, until the batch starts. */
  request: PublishRequest | null;
  /** The current upload batch (kept once finished, until the next one or sign-out). */
  batch: UploadActorRef | null;
  /** The post-login steps (loaded with the first sign-in of this page) and the sign-in waiting for them. */
  postLogin: AnyActorRef | null;
  signedIn: PostLoginRequest | null;
}

export type WorkspaceEvent =
  /** What the app sees (forwarded by the app on every change). */
  | ({ type: 'app.observed' } & AppFacts)
  /** Raised after every observation (and at start): the regions decide on the new facts. */
  | { type: 'app.changed' }
  /** A sign-in (forwarded by the app): the post-login steps follow it (loaded first when needed). */
  | { type: 'postLogin.start'; request: PostLoginRequest }
  /** The user switched the language (forwarded by the app). */
  | { type: 'language.chosen'; language: Language }
  /** A post-login step signed the user out (the app logs out). */
  | { type: 'postLogin.signOut' }
  /** Raised with the publish modal's submitted files. */
  | { type: 'batch.start'; request: PublishRequest }
  /** The batch's redirects: automatic (only from the upload page) and the proxy-error modal's OK. */
  | { type: 'batch.redirect' }
  | { type: 'batch.goToBooks' }
  | { type: `xstate.done.actor.${string}`; output: unknown }
  | { type: `xstate.error.actor.${string}`; error: unknown };

const publishShown = (f: AppFacts) =>
  f.route?.page.name === 'publish' && f.pageReady && f.session === 'loggedIn' && f.publishLimits !== null;
const sending = (batch: WorkspaceContext['batch']) => batch?.getSnapshot().matches({ active: { transfer: 'sending' } }) ?? false;
/** Closing the publish modal goes back to the page the user came from. */
const back = (context: WorkspaceContext) => ({ to: context.previousPath ?? '/', replace: true });
/** The last page that is not the publish route, after a new route. */
const previousPathOf = (facts: AppFacts, previousPath: string | null) =>
  facts.route && facts.route.page.name !== 'publish' ? facts.route.path : previousPath;

export const workspaceMachine = setup({
  types: {
    context: {} as WorkspaceContext,
    events: {} as WorkspaceEvent,
    input: {} as WorkspaceInput,
  },
  actors: {
    /** Loads the publish modal's machine (its code loads when the publish route first opens). */
    loadPublishModal: fromPromise<AnyActorLogic>(() => import('./publish-modal.machine').then((m) => m.publishModalMachine)),
    /** Loads the post-login machine with its steps' side effects (the app provides it). */
    loadPostLogin: fromPromise<AnyActorLogic>(() => import('./post-login.machine').then((m) => m.postLoginMachine)),
    /** Loads the upload machine with its side effects (the app provides it) and notes the batch's start time. */
    loadBatch: fromPromise<LoadedBatch>(() => import('./upload.machine').then((m) => ({ logic: m.uploadMachine, startTime: 0 }))),
    /** Keeps the chosen language on the signed-in profile (mail language; SPEC §7 Language); the app provides it. */
    saveLanguage: fromPromise<void, { language: Language }>(async () => {}),
  },
  guards: {
    publishWhileSending: ({ context }) => publishShown(context.facts) && sending(context.batch),
    publishReady: ({ context }) => publishShown(context.facts) && !sending(context.batch),
    offPublish: ({ context }) => !publishShown(context.facts),
    submitted: ({ event }) => 'output' in event && (event.output as PublishModalOutput | undefined)?.kind === 'submitted',
    onUploadPage: ({ context }) => context.facts.route?.path === UPLOAD_PATH,
    loggedOut: ({ context }) => context.facts.session === 'loggedOut',
    loggedIn: ({ context }) => context.facts.session === 'loggedIn',
  },
  actions: {
    /** Goes to a path of the app (history push, or replace); provided by the app. */
    navigate: (_, _params: { to: string; replace: boolean }) => {},
    observe: assign(({ context, event }) => {
      if (event.type !== 'app.observed') return {};
      const { type: _type, ...facts } = event;
      return { facts, previousPath: previousPathOf(facts, context.previousPath) };
    }),
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
    keepSignIn: assign({ signedIn: ({ context, event }) => (event.type === 'postLogin.start' ? event.request : context.signedIn) }),
    spawnPostLogin: assign({
      postLogin: ({ event, spawn }) =>
        'output' in event
          ? (spawn(event.output as never, { id: 'postLogin', systemId: 'postLogin' } as never) as unknown as AnyActorRef)
          : null,
    }),
    /** The sign-in reaches the post-login steps (the one kept while they loaded, or the one just forwarded). */
    runPostLogin: enqueueActions(({ context, event, enqueue }) => {
      const request = event.type === 'postLogin.start' ? event.request : context.signedIn;
      if (context.postLogin && request) enqueue.sendTo(context.postLogin, { type: 'login.succeeded', ...request });
      enqueue.assign({ signedIn: null });
    }),
    /** A post-login step signed out: the app root logs out (provided by the app: `sendParent`). */
    signOut: (_, _params: unknown) => {},
  },
}).createMachine({
  id: 'workspace',
  context: ({ input }) => ({
    facts: input.facts,
    previousPath: previousPathOf(input.facts, null),
    publishModal: null,
    request: null,
    batch: null,
    postLogin: null,
    signedIn: null,
  }),
  // The regions decide on what the app saw when it started this part.
  entry: raise({ type: 'app.changed' }),
  on: {
    'app.observed': { actions: ['observe', raise({ type: 'app.changed' })] },
    'postLogin.signOut': { actions: 'signOut' },
    'language.chosen': {
      guard: 'loggedIn',
      actions: spawnChild('saveLanguage', {
        input: ({ event }) => ({ language: (event as Extract<WorkspaceEvent, { type: 'language.chosen' }>).language }),
      }),
    },
  },
  type: 'parallel',
  states: {
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

export type WorkspaceActorRef = ActorRefFrom<typeof workspaceMachine>;
