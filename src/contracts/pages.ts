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

/** The path without its trailing slashes (`/` stays `/`). */
const clean = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') || '/' : path);

/**
 * The social sign-in landing (pop-up or full page): the shell hands the outcome over and leaves. It is
 * the redirect flow's default target (social.ts's DEFAULT_SOCIAL_REDIRECT), defined here so that the
 * app's first load, which reads the pages, does not import social.ts's schemas.
 */
export const OAUTH_LANDING_PATH = '/oauth';

/**
 * The public site's pages the server renders itself (react-dom/server, src/server/site/pages.ts): the
 * app links to them with plain links (a full page load), and shows a link only when its path is here,
 * so no link leads to a page that does not exist. Each feature adds its path when its page lands.
 */
export const SITE_PATHS: readonly string[] = [
  '/features',
  '/conversion',
  '/personalization',
  '/studio',
  '/integrations',
  '/share',
  '/analyse',
  '/subscribers',
  '/multi-account',
  '/mag',
  '/case-studies',
  '/guided-tour',
  '/upgrade',
  '/terms',
  '/explorer',
  '/privacy',
  // The blog's index (src/server/routes/blog/site.ts; its posts at /blog/<slug>).
  '/blog',
];

/** Whether a path (query and fragment ignored) is one of the server-rendered site pages. */
export function isSitePath(href: string): boolean {
  const path = clean(href.split(/[?#]/, 1)[0] ?? '');
  return SITE_PATHS.includes(path);
}

export type PathPage = (typeof PAGE_PATHS)[keyof typeof PAGE_PATHS] | 'account';

/**
 * Account sections that load on first visit (SPEC §2 account menu links): key = the path segment
 * after /account/. The client keeps their modules in src/web/pages/account/sections.ts.
 */
export const ACCOUNT_SECTIONS = [
  'stats',
  'comment',
  'subscriber',
  'integration',
  'trigger',
  'folders',
  'theme',
  'background',
  'logo',
  'security',
  'favorite',
  'privacy',
  'profile',
  'notification',
  'info_account',
  'apikey',
  // Managers and association accounts (issue 20), and a manager's multi-account centre.
  'manager',
  'account-center',
  'order',
  'invoice',
] as const;
export type AccountSection = (typeof ACCOUNT_SECTIONS)[number];

/** Every account page: the built-in ones and the sections above (`/account` alone is the dashboard). */
export const ACCOUNT_PAGES: readonly string[] = ['dashboard', 'info_profile', 'book', ...ACCOUNT_SECTIONS];

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
