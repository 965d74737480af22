import { assign, fromPromise, setup } from 'xstate';
import { MODULE_LOAD_TIMEOUT_MS } from './first-load-constants';

/** A page of the route table (src/web/pages/routes.ts) as the router sees it. */
export interface PageDescriptor {
  name: string;
  requiresLogin: boolean;
  /** Skips the post-login modals (terms, usage context, consents) — wired by the accounts issue. */
  bypassTerms: boolean;
}
export interface Route {
  path: string;
  /** Parameters read from the URL fragment (SPEC §2 Routing). */
  params: Record<string, string>;
  page: PageDescriptor;
}
export interface RouterContext {
  route: Route | null;
  loggedIn: boolean;
  /** Why the page module did not load: time-out (7 s) or a failed import. */
  error: 'timeout' | 'failed' | null;
}
export type RouterEvent =
  | { type: 'route.changed'; route: Route }
  | { type: 'session.changed'; loggedIn: boolean }
  | { type: 'user.dismissLogin' }
  | { type: 'user.retry' };

/**
 * The catch-all route: a location change names a page; a page that requires login shows the
 * non-closeable sign-up modal to logged-out users (state `loginRequired`, the hook the accounts issue
 * fills); its dismissal goes to the site root. Page modules load lazily with a 7 s time-out.
 */
export const routerMachine = setup({
  types: {
    context: {} as RouterContext,
    events: {} as RouterEvent,
    input: {} as { loggedIn?: boolean } | undefined,
  },
  actors: {
    loadPage: fromPromise<unknown, { name: string }>(async () => undefined),
  },
  delays: { moduleTimeout: MODULE_LOAD_TIMEOUT_MS },
  guards: {
    needsLogin: ({ context }) => Boolean(context.route?.page.requiresLogin) && !context.loggedIn,
  },
  actions: {
    /** Navigates to the site root; the app provides it (history), the location change comes back as route.changed. */
    goHome: () => {},
    setRoute: assign({ route: ({ event }) => (event.type === 'route.changed' ? event.route : null), error: null }),
    setSession: assign({ loggedIn: ({ context, event }) => (event.type === 'session.changed' ? event.loggedIn : context.loggedIn) }),
  },
}).createMachine({
  id: 'router',
  context: ({ input }) => ({ route: null, loggedIn: input?.loggedIn ?? false, error: null }),
  initial: 'idle',
  on: {
    'route.changed': { target: '.checking', actions: 'setRoute' },
    'session.changed': { actions: 'setSession' },
  },
  states: {
    idle: {},
    checking: {
      always: [{ guard: 'needsLogin', target: 'loginRequired' }, { target: 'loading' }],
    },
    loginRequired: {
      on: {
        'session.changed': { target: 'checking', actions: 'setSession' },
        'user.dismissLogin': { actions: 'goHome' },
      },
    },
    loading: {
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ name: context.route?.page.name ?? 'home' }),
        onDone: { target: 'ready' },
        onError: { target: 'failed', actions: assign({ error: 'failed' as const }) },
      },
      after: { moduleTimeout: { target: 'failed', actions: assign({ error: 'timeout' as const }) } },
    },
    ready: {
      on: {
        // A sign-out on a page that requires login re-checks access.
        'session.changed': { target: 'checking', actions: 'setSession' },
      },
    },
    failed: {
      on: { 'user.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
  },
});
