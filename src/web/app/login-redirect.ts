import { pageFor } from '../pages/routes';

export { LOGIN_REDIRECT_COOKIE } from '../../contracts/cookies';

/**
 * Where the post-login step goes for a stored redirect path: only a path of this origin (never
 * `//host` or `/\host`, which browsers read as another site; anything else goes to `/`); an app page
 * is a client-side navigation, any other path of this server (the reader at `/read/<id>`, public
 * pages) a full page load.
 */
export function loginRedirectTarget(path: string): { path: string; fullLoad: boolean } {
  const safe = /^\/(?![/\\])[^\s]*$/.test(path) ? path : '/';
  const pathname = safe.split(/[?#]/, 1)[0] ?? '/';
  return { path: safe, fullLoad: pageFor(pathname).name === 'notFound' };
}
