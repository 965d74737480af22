import { msg } from '@lingui/core/macro';

/** Visible strings of the publication page's heart (reader/overview-favorite.tsx; ids `overview.favorite.*`). */
export const FAVORITE_MESSAGES = {
  add: msg({ id: 'overview.favorite.add', message: 'Add to favourites' }),
  on: msg({ id: 'overview.favorite.on', message: 'In your favourites' }),
  count: msg({
    id: 'overview.favorite.count',
    message: '{count, plural, one {# reader keeps it in their favourites} other {# readers keep it in their favourites}}',
  }),
  signIn: msg({ id: 'overview.favorite.signIn', message: 'Sign in to keep it in your favourites.' }),
  list: msg({ id: 'overview.favorite.list', message: 'Your favourites' }),
  full: msg({
    id: 'overview.favorite.full',
    message: 'You already keep {max} favourites, the most one can keep. Remove some in your favourites to add this one.',
  }),
};
