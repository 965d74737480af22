import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { FavoriteState } from '../../src/contracts/favorites';

/**
 * The reader's heart (issue 16, "a heart in the reader"): add the publication to one's favourites or
 * take it out. States:
 *   checking    whether it is a favourite, and whether it may be one (a private book read through its
 *               link may not: src/contracts/favorites.ts; the reader asks the server only for a signed-in
 *               reader) → unavailable | signedOut (not signed in) | on | off
 *   off ⇄ on    through adding / removing; a refused call restores the previous state (SPEC §4) and
 *               keeps why (`problem`) until the reader dismisses it or acts again
 *   signedOut   the heart explains that signing in comes first: `prompt` shows how (the view leads to
 *               sign-in, or from an embed on another site to the publication page in a new tab)
 *   unavailable no heart at all
 * Side effects are the named actors (the reader provides fetch calls; tests provide fakes).
 */

/** Why the last add or remove was refused. */
export type FavoriteProblem = 'limit' | 'private' | 'session' | 'failed';
const PROBLEMS: readonly FavoriteProblem[] = ['limit', 'private', 'session', 'failed'];

/** The problem a rejected call carries (`{ problem }`), else `failed`. */
export function problemOf(error: unknown): FavoriteProblem {
  const p = (error as { problem?: unknown } | null)?.problem;
  return PROBLEMS.find((k) => k === p) ?? 'failed';
}

export interface FavoriteHeartInput {
  /** A signed-in user was found (the app's stored session). */
  signedIn: boolean;
}

export interface FavoriteHeartContext extends FavoriteHeartInput {
  problem: FavoriteProblem | null;
}

export type FavoriteHeartEvent = { type: 'user.toggle' } | { type: 'user.dismiss' };

export const favoriteHeartMachine = setup({
  types: {
    context: {} as FavoriteHeartContext,
    events: {} as FavoriteHeartEvent,
    input: {} as FavoriteHeartInput,
  },
  actors: {
    loadFavorite: fromPromise<FavoriteState>(async () => ({ favorite: false, allowed: true })),
    addFavorite: fromPromise<FavoriteState>(async () => ({ favorite: true, allowed: true })),
    removeFavorite: fromPromise<unknown>(async () => undefined),
  },
  actions: {
    clearProblem: assign({ problem: null }),
    keepProblem: assign({ problem: (_, params: { error: unknown }) => problemOf(params.error) }),
  },
  guards: {
    signedOut: ({ context }) => !context.signedIn,
    refused: (_, params: { state: FavoriteState }) => !params.state.allowed,
    kept: (_, params: { state: FavoriteState }) => params.state.favorite,
  },
}).createMachine({
  id: 'favoriteHeart',
  context: ({ input }) => ({ ...input, problem: null }),
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'loadFavorite',
        src: 'loadFavorite',
        onDone: [
          { guard: { type: 'refused', params: ({ event }) => ({ state: event.output }) }, target: 'unavailable' },
          { guard: 'signedOut', target: 'signedOut' },
          { guard: { type: 'kept', params: ({ event }) => ({ state: event.output }) }, target: 'on' },
          { target: 'off' },
        ],
        // Unknown: the heart stays usable (adding says what went wrong, if anything).
        onError: [{ guard: 'signedOut', target: 'signedOut' }, { target: 'off' }],
      },
    },
    off: {
      on: { 'user.toggle': { target: 'adding', actions: 'clearProblem' }, 'user.dismiss': { actions: 'clearProblem' } },
    },
    on: {
      on: { 'user.toggle': { target: 'removing', actions: 'clearProblem' }, 'user.dismiss': { actions: 'clearProblem' } },
    },
    adding: {
      invoke: {
        id: 'addFavorite',
        src: 'addFavorite',
        onDone: 'on',
        onError: { target: 'off', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    removing: {
      invoke: {
        id: 'removeFavorite',
        src: 'removeFavorite',
        onDone: 'off',
        onError: { target: 'on', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    signedOut: {
      initial: 'idle',
      states: {
        idle: { on: { 'user.toggle': 'prompt' } },
        prompt: { on: { 'user.toggle': 'idle', 'user.dismiss': 'idle' } },
      },
    },
    unavailable: {},
  },
});

/** A running favoriteHeartMachine, as the reader's view gets it. */
export type FavoriteHeartActorRef = ActorRefFrom<typeof favoriteHeartMachine>;
