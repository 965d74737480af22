// The favourites' limits alone (no schema): the reader's bundle reads them without valibot (esbuild
// keeps a module's top-level schema calls, so favorites.ts's schemas would come along).

/** Favourites one person may keep (issue 16); one more is refused with `favoriteLimit`. */
export const FAVORITES_MAX = 5000;
/** Favourites per page of /account/favorite (SPEC §9 default page size 25, first page 1). */
export const FAVORITES_PAGE_SIZE = 25;
/** The largest page a list call may ask for (`step`). */
export const FAVORITES_STEP_MAX = 100;
/** The catalogue codes of `favoritePrivate` and `favoriteLimit` (src/contracts/errors.ts; a unit test keeps them equal). */
export const FAVORITE_PRIVATE_CODE = 952;
export const FAVORITE_LIMIT_CODE = 953;
