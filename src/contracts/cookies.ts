/** Cookies the client and the server both set (SPEC §9): one lifetime and one path for all of them. */
export const COOKIE_LIFETIME_DAYS = 365;
export const COOKIE_PATH = '/';
/**
 * Cookie holding the path to visit after login (SPEC §4 Login): the reader sets it before "Sign in", the
 * publication page's heart (the server) before it leads to /login; the app visits it and clears it.
 */
export const LOGIN_REDIRECT_COOKIE = 'quire_login_redirect';
/** How long that path waits for the sign-in (days: 30 minutes). */
export const LOGIN_REDIRECT_DAYS = 1 / 48;
