/** The one cookie module is src/api/cookies.ts; this path stays for its existing importers. */
export { readCookie, setCookie } from '../../api/cookies';
