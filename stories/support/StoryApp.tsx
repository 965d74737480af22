import { type ReactNode, useEffect, useMemo } from 'react';
import { type AnyStateMachine, createActor } from 'xstate';
import { alertMachine } from '../../machines/alert.machine';
import { alertsMachine } from '../../machines/alerts.machine';
import { appMachine, NO_FACTS } from '../../machines/app.machine';
import { languageMachine } from '../../machines/language.machine';
import { modalsMachine, type OpenModal } from '../../machines/modals.machine';
import { type Route, routerMachine } from '../../machines/router.machine';
import { sessionMachine } from '../../machines/session.machine';
import { signUpModalMachine } from '../../machines/sign-up-modal.machine';
import { statusMachine } from '../../machines/status.machine';
import { createGate, DEFAULT_CLIENT_CONFIG } from '../../src/api';
import type { ClientConfig } from '../../src/contracts/client-config';
import type { AppActors } from '../../src/web/app/actors';
import { AppProvider } from '../../src/web/app/context';
import type { CurrentUser } from '../../src/web/session/user-store';

/** An actor sitting in a given state without running its invokes or timers (TECH-NOTES: resolveState). */
export function actorAt<M extends AnyStateMachine>(machine: M, value: unknown, context: unknown, input?: unknown) {
  const snapshot = machine.resolveState({ value, context } as never);
  return createActor(machine, { snapshot, input } as never);
}

/**
 * A story's actor for the chosen scenario: made again when `deps` change, stopped when replaced or
 * unmounted (`stop` for a value that holds its actor).
 */
export function useStoryActor<T>(make: () => T, deps: readonly unknown[], stop?: (made: T) => void): T {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the actor depends on.
  const made = useMemo(make, deps);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `stop` is read once, with the value it stops.
  useEffect(() => () => (stop ? stop(made) : (made as { stop(): void }).stop()), [made]);
  return made;
}

export const homeRoute: Route = { path: '/', params: {}, page: { name: 'home', requiresLogin: false, bypassTerms: false } };

export interface StoryState {
  router?: { value: string; route?: Route; error?: 'timeout' | 'failed' | null };
  language?: { value: string; language?: 'en' | 'de' | 'fr'; requested?: 'en' | 'de' | 'fr' };
  modals?: OpenModal[];
  /** A signed-in user (header shows the account menu). */
  user?: CurrentUser;
  /** The status machine (footer): the server answered (default), the call is under way, or it failed. */
  status?: 'loading' | 'known' | 'unknown';
  /** Client configuration over the defaults (e.g. configured third-party scripts). */
  config?: Partial<ClientConfig>;
}

/** The app's actors for stories: real machines, put in the wanted states, with inert side effects. */
export function storyActors(state: StoryState = {}): AppActors {
  const r = state.router ?? { value: 'ready', route: homeRoute };
  const l = state.language ?? { value: 'ready', language: 'en' };
  const stack = state.modals ?? [];
  const api = { call: () => new Promise(() => {}), model: () => ({}), ky: {} };
  const status = state.status ?? 'known';
  return {
    config: { ...DEFAULT_CLIENT_CONFIG, ...state.config },
    app: actorAt(
      appMachine,
      { login: state.user ? 'signedIn' : 'signedOut', workspace: 'idle' },
      {
        start: { language: { language: 'en' }, signupPage: false },
        facts: NO_FACTS,
        authPages: [],
        socialPending: null,
        location: null,
        signedInStep: false,
      },
    ),
    status: actorAt(statusMachine, status, { status: status === 'known' ? { name: 'Quire', version: '1.0.0' } : null }),
    alerts: createActor(alertsMachine),
    language: actorAt(
      languageMachine,
      l.value,
      { language: l.language ?? 'en', requested: l.requested ?? l.language ?? 'en', localizedDomain: false },
      { language: 'en' },
    ),
    modals: actorAt(modalsMachine, stack.length ? 'open' : 'closed', { stack }),
    router: actorAt(routerMachine, r.value, { route: r.route ?? null, loggedIn: false, error: r.error ?? null }),
    api,
    sessionGate: createGate(true),
    detected: { language: 'en', localizedDomain: false },
    session: actorAt(sessionMachine, state.user ? { loggedIn: 'waiting' } : 'loggedOut', {
      user: state.user ? { profileId: state.user.id, tokenSubject: state.user.id, expiresIn: 3600 } : null,
      queue: [],
      signupPage: false,
      random: () => 0,
    }),
    auth: {
      store: { get: () => state.user ?? null, set: () => {}, subscribe: () => () => {} },
      signUpModal: () => signUpModalMachine,
      signUpDeps: {
        api,
        store: { get: () => state.user ?? null, set: () => {}, subscribe: () => () => {} },
        alerts: () => undefined,
        doc: document,
        root: { send: () => {} },
        tracker: { proActivation: () => {} },
        redirectPath: () => null,
      },
    },
  } as unknown as AppActors;
}

export function StoryApp({ state, children }: { state?: StoryState; children: ReactNode }) {
  return <AppProvider value={storyActors(state)}>{children}</AppProvider>;
}

export { alertMachine };
