import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { SecurityOverview } from '../../src/contracts/security';
import type { SocialProvider } from '../../src/contracts/social';
import { errorMessageId } from '../accounts/errors';
import { pending } from '../sign-up/errors';

/** One change of the lists, then the page as it now is. */
export type SecurityChange =
  | { action: 'revokeSession'; id: string }
  | { action: 'revokeDevice'; id: string }
  | { action: 'unlink'; provider: SocialProvider };

export interface SecurityContext {
  overview: SecurityOverview | null;
  errorId: string | null;
  /** What the page says after a change or on arrival (a provider linked, a link refused): a message id. */
  notice: { id: string; values?: Record<string, string> } | null;
}
export type SecurityEvent =
  | { type: 'user.retry' }
  | { type: 'user.revokeSession'; id: string }
  | { type: 'user.revokeDevice'; id: string }
  | { type: 'user.link'; provider: SocialProvider }
  | { type: 'user.unlink'; provider: SocialProvider }
  | { type: 'user.dismiss' }
  /** A form of the page changed something: show the page as it now is. */
  | { type: 'section.reload' };

export interface SecurityInput {
  /** The outcome of linking a provider, from the page's fragment (`#linked-google`, `#link_error-911`). */
  notice?: SecurityContext['notice'];
}

/**
 * /account/security: the page's data (address, factors, sessions, trusted devices, social sign-ins).
 * Loading → ready | failed; revoking a session (never the current one) or a trusted device and
 * unlinking a provider go through `changeSecurity`, which answers the page as it now is; linking asks
 * the server for the provider's address and leaves for it (`goTo`). The forms of the page send
 * `section.reload` when they changed something; the data stays on screen while it reloads.
 */
export const securityMachine = setup({
  types: { context: {} as SecurityContext, events: {} as SecurityEvent, input: {} as SecurityInput },
  actors: {
    loadSecurity: fromPromise<SecurityOverview>(() => pending()),
    changeSecurity: fromPromise<SecurityOverview, SecurityChange>(() => pending()),
    /** `POST {api}/profile/social/link {provider}` → the provider's address. */
    startLink: fromPromise<{ url: string }, { provider: SocialProvider }>(() => pending()),
  },
  actions: {
    /** Leaves for the provider's page (provided by the app: a full-page navigation). */
    goTo: (_, _params: { url: string }) => {},
  },
  guards: {
    revocableSession: ({ context }, p: { id: string }) => context.overview?.sessions.some((s) => s.id === p.id && !s.current) ?? false,
    knownDevice: ({ context }, p: { id: string }) => context.overview?.devices.some((d) => d.id === p.id) ?? false,
    linkable: ({ context }, p: { provider: SocialProvider }) =>
      context.overview?.social.some((s) => s.provider === p.provider && s.enabled && !s.linked) ?? false,
    linked: ({ context }, p: { provider: SocialProvider }) =>
      context.overview?.social.some((s) => s.provider === p.provider && s.linked) ?? false,
  },
}).createMachine({
  id: 'security',
  context: ({ input }) => ({ overview: null, errorId: null, notice: input.notice ?? null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSecurity',
        src: 'loadSecurity',
        onDone: { target: 'ready', actions: assign({ overview: ({ event }) => event.output, errorId: null }) },
        onError: { target: 'failed', actions: assign({ errorId: ({ event }) => errorMessageId(event.error) }) },
      },
    },
    failed: { on: { 'user.retry': 'loading' } },
    ready: {
      initial: 'idle',
      on: { 'user.dismiss': { actions: assign({ notice: null }) } },
      states: {
        idle: {
          on: {
            'section.reload': { target: 'reloading' },
            'user.revokeSession': {
              guard: { type: 'revocableSession', params: ({ event }) => ({ id: event.id }) },
              target: 'changing',
            },
            'user.revokeDevice': { guard: { type: 'knownDevice', params: ({ event }) => ({ id: event.id }) }, target: 'changing' },
            'user.unlink': { guard: { type: 'linked', params: ({ event }) => ({ provider: event.provider }) }, target: 'changing' },
            'user.link': { guard: { type: 'linkable', params: ({ event }) => ({ provider: event.provider }) }, target: 'linking' },
          },
        },
        reloading: {
          invoke: {
            id: 'reloadSecurity',
            src: 'loadSecurity',
            onDone: { target: 'idle', actions: assign({ overview: ({ event }) => event.output, errorId: null }) },
            onError: { target: 'idle', actions: assign({ errorId: ({ event }) => errorMessageId(event.error) }) },
          },
        },
        changing: {
          invoke: {
            id: 'changeSecurity',
            src: 'changeSecurity',
            input: ({ event }): SecurityChange => {
              const e = event as SecurityEvent;
              if (e.type === 'user.revokeSession') return { action: 'revokeSession', id: e.id };
              if (e.type === 'user.revokeDevice') return { action: 'revokeDevice', id: e.id };
              return { action: 'unlink', provider: (e as { provider: SocialProvider }).provider };
            },
            onDone: { target: 'idle', actions: assign({ overview: ({ event }) => event.output, errorId: null, notice: null }) },
            onError: { target: 'idle', actions: assign({ errorId: ({ event }) => errorMessageId(event.error) }) },
          },
        },
        linking: {
          invoke: {
            id: 'startLink',
            src: 'startLink',
            input: ({ event }) => ({ provider: (event as { provider: SocialProvider }).provider }),
            onDone: { target: 'leaving', actions: { type: 'goTo', params: ({ event }) => ({ url: event.output.url }) } },
            onError: { target: 'idle', actions: assign({ errorId: ({ event }) => errorMessageId(event.error) }) },
          },
        },
        /** On the way to the provider's page (the browser leaves). */
        leaving: {},
      },
    },
  },
});

export type SecurityActorRef = ActorRefFrom<typeof securityMachine>;
