import type { AvailableFavorite, FavoriteItem, UnavailableFavorite } from '../../src/contracts/favorites';
import type { FavoriteListPage } from './list.machine';

/** Small data for the path tests, stories and unit tests of the favourites. */

const DAY = 86_400_000;
const ADDED = 1_763_800_000_000;

export const favorite = (id: string, name: string, days = 0, extra: Partial<AvailableFavorite> = {}): AvailableFavorite => ({
  id,
  available: true,
  created_at: ADDED - days * DAY,
  name,
  image: `/thumbs/${id}/medium.webp?r=1`,
  is_adult: false,
  account: { name: 'Northwind Press', url: { overview: '/publisher/a1' } },
  url: { viewer: `/read/${id}`, overview: `/publication/${id}` },
  ...extra,
});

export const unavailable = (id: string, days = 0): UnavailableFavorite => ({ id, available: false, created_at: ADDED - days * DAY });

const pageOf = (list: FavoriteItem[], total = list.length, page = 1): FavoriteListPage => ({
  list,
  total,
  start: (page - 1) * 25,
  step: { current: 25 },
});

export const favoritesFirst = pageOf(
  [
    favorite('f1', 'Spring catalogue 2026'),
    favorite('f2', 'Annual report', 3),
    unavailable('f3', 9),
    favorite('f4', 'Explicit photography', 12, { is_adult: true, image: null }),
  ],
  27,
);
export const favoritesSecond = pageOf([favorite('f26', 'Field notes', 40), favorite('f27', 'Old letters', 41)], 27, 2);
export const favoritesOne = pageOf([favorite('f1', 'Spring catalogue 2026')]);
export const favoritesPastEnd = pageOf([], 27, 3);
export const noFavorites = pageOf([]);
