/** Cookies the client and the server both set (SPEC §9): one lifetime and one path for all of them. */
export const COOKIE_LIFETIME_DAYS = 365;
export const COOKIE_PATH = '/';
