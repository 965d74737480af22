import { buildFragment, parseFragment } from './fragment';

/**
 * SPEC §2 search: /search#search-{term}/books; on /search it updates the parameter (tab and sort kept,
 * back to the first page); empty text is ignored.
 */
export function searchTarget(term: string, path: string, hash: string): string | null {
  const q = term.trim();
  if (!q) return null;
  if (path === '/search') {
    const { page: _, ...kept } = parseFragment(hash);
    return `/search${buildFragment({ ...kept, search: q })}`;
  }
  return `/search${buildFragment({ search: q, books: '' })}`;
}
