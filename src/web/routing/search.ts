import { buildFragment, parseFragment } from './fragment';

/** SPEC §2 search: /search#search-{term}/books; on /search it updates the parameter; empty text is ignored. */
export function searchTarget(term: string, path: string, hash: string): string | null {
  const q = term.trim();
  if (!q) return null;
  if (path === '/search') return `/search${buildFragment({ ...parseFragment(hash), search: q })}`;
  return `/search${buildFragment({ search: q, books: '' })}`;
}
