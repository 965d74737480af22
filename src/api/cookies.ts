import { COOKIE_LIFETIME_DAYS, COOKIE_PATH } from '../contracts/cookies';

/**
 * The browser's one cookie module, for the app, the reader and the API client alike. Hand-written
 * rather than the `cookie` library the server parses with: that library's parser adds 151 B gzip to
 * the app's initial JS, which sits at its 120 KB budget.
 */

/** One cookie of `document.cookie` (or the given cookie string); a value that is not valid percent-encoding as it is. */
export function readCookie(name: string, cookies: string = globalThis.document?.cookie ?? ''): string | undefined {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/** Writes a cookie with the spec's defaults (SPEC §9: 365 days, path /, SameSite=Lax, Secure on https); days < 0 deletes it. */
export function setCookie(name: string, value: string, days = COOKIE_LIFETIME_DAYS, doc: Document = document): void {
  const expires = new Date(Date.now() + days * 86_400_000).toUTCString();
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires}; path=${COOKIE_PATH}; SameSite=Lax${secure}`;
}
