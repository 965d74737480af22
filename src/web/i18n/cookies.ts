import { COOKIE_LIFETIME_DAYS, COOKIE_PATH } from '../../../machines/constants';

/** Cookies with the spec's defaults (SPEC §9: 365 days, path /). */
export function setCookie(name: string, value: string, days = COOKIE_LIFETIME_DAYS, doc: Document = document): void {
  const expires = new Date(Date.now() + days * 86_400_000).toUTCString();
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires}; path=${COOKIE_PATH}; SameSite=Lax${secure}`;
}

export function readCookie(name: string, cookieString: string = document.cookie): string | undefined {
  for (const part of cookieString.split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k && decodeURIComponent(k) === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}
