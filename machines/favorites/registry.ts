import type { MachineEntry } from '../registry-types';
import { favoritesFirst, favoritesOne, favoritesPastEnd, favoritesSecond, noFavorites } from './fixtures';
import { type FavoriteHeartContext, favoriteHeartMachine } from './heart.machine';
import { type FavoriteListContext, favoriteListMachine } from './list.machine';

/** Registry entries of the favourites' machines (spread into machines/index.ts). */

type Snap = { value: unknown; context: unknown };
const networkError = { name: 'ApiCallError', kind: 'network', status: 0, message: 'network' };

export const favoriteMachines: MachineEntry[] = [
  {
    id: 'favoriteHeart',
    title: 'Reader heart',
    description:
      'The heart in the reader: a signed-in reader adds the publication to their favourites or takes it out (a refusal restores it and says why); a signed-out reader is told to sign in first; no heart where none may be kept.',
    machine: favoriteHeartMachine,
    paths: {
      inputs: [{ signedIn: true }, { signedIn: false }],
      events: () => [
        { type: 'user.toggle' },
        { type: 'user.dismiss' },
        { type: 'xstate.done.actor.loadFavorite', output: { favorite: false, allowed: true } },
        { type: 'xstate.done.actor.loadFavorite', output: { favorite: true, allowed: true } },
        { type: 'xstate.done.actor.loadFavorite', output: { favorite: false, allowed: false } },
        { type: 'xstate.error.actor.loadFavorite', error: networkError },
        { type: 'xstate.done.actor.addFavorite', output: { favorite: true, allowed: true } },
        { type: 'xstate.error.actor.addFavorite', error: { problem: 'limit' } },
        { type: 'xstate.done.actor.removeFavorite', output: { id: 'b1' } },
        { type: 'xstate.error.actor.removeFavorite', error: networkError },
      ],
      serializeState: (s: Snap) => {
        const c = s.context as FavoriteHeartContext;
        return `${JSON.stringify(s.value)}|${c.signedIn}|${c.problem}`;
      },
    },
  },
  {
    id: 'favoriteList',
    title: 'Favourites',
    description:
      '/account/favorite: one’s favourite publications, 25 a page (the page in the URL); remove one with Undo (its first date back), the card restored where it was when the server refuses.',
    machine: favoriteListMachine,
    paths: {
      events: (s: Snap) => {
        const c = s.context as FavoriteListContext;
        return [
          { type: 'user.retry' },
          { type: 'user.page', page: c.page === 1 ? 2 : 1 },
          { type: 'user.page', page: 9 },
          { type: 'page.changed', page: c.page === 1 ? 2 : 1 },
          { type: 'user.remove', id: 'f1' },
          { type: 'user.remove', id: 'f3' },
          { type: 'user.remove', id: 'missing' },
          { type: 'user.undo' },
          { type: 'user.dismiss' },
          { type: 'xstate.done.actor.loadFavorites', output: c.page === 1 ? favoritesFirst : favoritesSecond },
          { type: 'xstate.done.actor.loadFavorites', output: c.page === 1 ? favoritesOne : favoritesPastEnd },
          { type: 'xstate.done.actor.loadFavorites', output: noFavorites },
          { type: 'xstate.error.actor.loadFavorites', error: networkError },
          { type: 'xstate.done.actor.removeFavorite', output: { id: 'f1' } },
          { type: 'xstate.error.actor.removeFavorite', error: networkError },
          { type: 'xstate.done.actor.restoreFavorite', output: { favorite: true, allowed: true } },
          { type: 'xstate.error.actor.restoreFavorite', error: networkError },
        ];
      },
      serializeState: (s: Snap) => {
        const c = s.context as FavoriteListContext;
        return `${JSON.stringify(s.value)}|${c.page}|${c.items.map((f) => f.id).join(',')}|${c.removed?.item.id ?? ''}|${c.undoFailed}`;
      },
      limit: 500,
    },
  },
];
