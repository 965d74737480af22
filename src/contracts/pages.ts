/**
 * The paths the app has pages for, shared by the client's route table (src/web/pages/routes.ts) and
 * the server, which sends the app shell with HTTP 404 for every other page path (the shell then shows
 * the not-found page): a path is a page only when a page renders it.
 */
export const PAGE_PATHS = {
  '/': 'home',
  '/search': 'search',
  '/login': 'login',
  '/register': 'register',
  '/forgot': 'forgot',
  '/resend': 'resend',
  '/reset': 'reset',
  '/activate': 'activate',
  '/publish': 'publish',
  '/upload': 'upload',
  // The home page with the contact modal open (`#deletion`: the deletion request).
  '/contact': 'contact',
} as const;

/**
 * The social sign-in landing (pop-up or full page): the shell hands the outcome over and leaves. It is
 * the redirect flow's default target (social.ts's DEFAULT_SOCIAL_REDIRECT), defined here so that the
 * app's first load, which reads the pages, does not import social.ts's schemas.
 */
export const OAUTH_LANDING_PATH = '/oauth';

export type PathPage = (typeof PAGE_PATHS)[keyof typeof PAGE_PATHS] | 'account';

/**
 * Account sections that load on first visit (SPEC §2 account menu links): key = the path segment
 * after /account/. The client keeps their modules in src/web/pages/account/sections.ts.
 */
export const ACCOUNT_SECTIONS = ['stats', 'comment', 'subscriber', 'integration', 'trigger', 'folders'] as const;
export type AccountSection = (typeof ACCOUNT_SECTIONS)[number];

/** Every account page: the built-in ones and the sections above (`/account` alone is the dashboard). */
export const ACCOUNT_PAGES: readonly string[] = ['dashboard', 'info_profile', 'book', ...ACCOUNT_SECTIONS];

/** The path without its trailing slashes (`/` stays `/`). */
const clean = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') || '/' : path);

/** Which page a path names, or undefined (the not-found page). `/account/<anything>` is the account page. */
export function pageOfPath(path: string): PathPage | undefined {
  const p = clean(path);
  if (Object.hasOwn(PAGE_PATHS, p)) return PAGE_PATHS[p as keyof typeof PAGE_PATHS];
  if (p === '/account' || p.startsWith('/account/')) return 'account';
  return undefined;
}

/**
 * Whether the app renders something other than its not-found page at this path: a page of the table,
 * an account page this server has (its first segment after /account/), or the OAuth landing.
 */
export function isPagePath(path: string): boolean {
  const p = clean(path);
  if (p === OAUTH_LANDING_PATH) return true;
  const page = pageOfPath(p);
  if (page !== 'account') return page !== undefined;
  const section = p.split('/')[2];
  return section === undefined || ACCOUNT_PAGES.includes(section);
}
