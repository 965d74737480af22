import { buildFragment } from '../../routing/fragment';

/** /account/favorite's path; its page is in the fragment (`#page-2`, none for page 1). */
export const FAVORITES_PATH = '/account/favorite';
export const favoritesUrl = (page: number): string => `${FAVORITES_PATH}${page > 1 ? buildFragment({ page: String(page) }) : ''}`;

/** The fragment's page (1 when absent or not a page number). */
export function pageParam(params: Record<string, string>): number {
  const n = /^\d{1,7}$/.test(params.page ?? '') ? Number(params.page) : 0;
  return n >= 1 ? n : 1;
}
