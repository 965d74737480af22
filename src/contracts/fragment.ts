/**
 * URL fragment parameters (SPEC §2 Routing): segments separated by '/', key and value by the first '-'.
 * `#search-flip books/books` → { search: 'flip books', books: '' }.
 */
export function parseFragment(hash: string): Record<string, string> {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const out: Record<string, string> = {};
  for (const segment of body.split('/')) {
    if (!segment) continue;
    const i = segment.indexOf('-');
    const key = safeDecode(i < 0 ? segment : segment.slice(0, i));
    if (!key || key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    out[key] = i < 0 ? '' : safeDecode(segment.slice(i + 1));
  }
  return out;
}

export function buildFragment(params: Record<string, string>): string {
  const parts = Object.entries(params).map(([k, v]) =>
    v === '' ? encodeURIComponent(k) : `${encodeURIComponent(k)}-${encodeURIComponent(v)}`,
  );
  return parts.length ? `#${parts.join('/')}` : '';
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The longest search text (the header's box, the search page, the search API). */
export const SEARCH_TERM_MAX = 200;

/** SPEC §2 search: the search page's URL of a term (`/search#search-{term}/books`); null for empty text. */
export function searchPath(term: string): string | null {
  const q = term.trim();
  return q ? `/search${buildFragment({ search: q, books: '' })}` : null;
}
