import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { SCRIPT_CONSENTS, type ScriptConsent } from '../src/contracts/account-constants';
import { ANONYMOUS, type Visitor } from './visitor';

// Apart in ./visitor.ts: the app root computes the visitor in the first load, while this machine loads on demand.
export { ANONYMOUS, type Visitor } from './visitor';

export interface ThirdPartyInput {
  /** The scripts this site is configured with (a URL is set). */
  configured: Readonly<Record<ScriptConsent, boolean>>;
}

export interface ThirdPartyContext extends ThirdPartyInput {
  visitor: Visitor;
}

export type ThirdPartyEvent = { type: 'visitor.changed'; visitor: Visitor };

/** SPEC §7: a script loads only when configured, for a signed-in user with an e-mail who consented to it. */
export const scriptAllowed = (context: ThirdPartyContext, name: ScriptConsent): boolean =>
  context.configured[name] && context.visitor.signedIn && !!context.visitor.email && context.visitor.consents[name] === true;

const identifiable = (v: Visitor) => v.signedIn && !!v.email;

/** One script's region: off → loading → loaded (or failed); whenever it is no longer allowed, back to off. */
const scriptRegion = (name: ScriptConsent) => {
  const allowed = { type: 'allowed', params: { name } } as const;
  const notAllowed = { type: 'notAllowed', params: { name } } as const;
  return {
    initial: 'off',
    states: {
      off: { always: { guard: allowed, target: 'loading' } },
      loading: {
        // Leaving aborts the load: the script element is removed before it runs.
        invoke: { id: `load.${name}`, src: 'loadScript', input: { name }, onDone: 'loaded', onError: 'failed' },
        always: { guard: notAllowed, target: 'off' },
      },
      loaded: { always: { guard: notAllowed, target: 'off', actions: { type: 'unloadScript', params: { name } } } },
      /** A script that failed to load is tried again at the next sign-in or consent. */
      failed: { always: { guard: notAllowed, target: 'off' } },
    },
  } as const;
};

/**
 * The third-party scripts and the marketing tracker's identity (SPEC §7): the support chat and the
 * page-testing tool each load, given consent, for a signed-in user with an e-mail — never for a
 * visitor, a user without an e-mail, without consent, or when not configured; signing out or
 * withdrawing consent removes them. The tracker is told who the user is (`identify`: e-mail and
 * language) once per sign-in. Started by the app root, which sends `visitor.changed` with what the
 * session and the stored user show; loading, removing and the tracker are named side effects.
 */
export const thirdPartyMachine = setup({
  types: {
    context: {} as ThirdPartyContext,
    events: {} as ThirdPartyEvent,
    input: {} as ThirdPartyInput,
  },
  actors: {
    /** Adds the configured script of `name` to the page; resolves once it loaded (the app provides it). */
    loadScript: fromPromise<void, { name: ScriptConsent }>(async () => undefined),
  },
  guards: {
    allowed: ({ context }, params: { name: ScriptConsent }) => scriptAllowed(context, params.name),
    notAllowed: ({ context }, params: { name: ScriptConsent }) => !scriptAllowed(context, params.name),
    identifiable: ({ context }) => identifiable(context.visitor),
    anonymous: ({ context }) => !identifiable(context.visitor),
  },
  actions: {
    keepVisitor: assign({ visitor: ({ event }) => event.visitor }),
    /** Removes the script of `name` from the page (the app provides it). */
    unloadScript: (_, _params: { name: ScriptConsent }) => {},
    /** The marketing tracker's identify (SPEC §7: e-mail, language); the app provides it. */
    identify: (_, _params: { email: string; language: string }) => {},
  },
}).createMachine({
  id: 'third-party',
  context: ({ input }) => ({ configured: input.configured, visitor: ANONYMOUS }),
  on: { 'visitor.changed': { actions: 'keepVisitor' } },
  type: 'parallel',
  states: {
    /** The tracker knows the signed-in user: identified once per sign-in. */
    identity: {
      initial: 'anonymous',
      states: {
        anonymous: {
          always: {
            guard: 'identifiable',
            target: 'identified',
            actions: {
              type: 'identify',
              params: ({ context }) => ({ email: context.visitor.email ?? '', language: context.visitor.language }),
            },
          },
        },
        identified: { always: { guard: 'anonymous', target: 'anonymous' } },
      },
    },
    ...(Object.fromEntries(SCRIPT_CONSENTS.map((name) => [name, scriptRegion(name)])) as Record<
      ScriptConsent,
      ReturnType<typeof scriptRegion>
    >),
  },
});

export type ThirdPartyActorRef = ActorRefFrom<typeof thirdPartyMachine>;
