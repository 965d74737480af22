import type { PageDescriptor, Route } from '../../../machines/router.machine';
import { ACCOUNT_PAGES, ACCOUNT_SECTIONS, type AccountSection, pageOfPath } from '../../contracts/pages';
import { parseFragment } from '../routing/fragment';

/**
 * The route table: every page, its access rules and the paths that name it. It imports no page, so
 * anything may read it (the router's routes, the sign-in redirect, the account menu); the page modules
 * are loaded by ./loaders.ts, which the app's entry hands to the router.
 * `requiresLogin` pages show the sign-up modal to logged-out visitors (router state `loginRequired`).
 */

/** What every page component gets. */
export interface PageProps {
  params: Record<string, string>;
  path: string;
}

/** What every account section (/account/<section>) gets. */
export interface SectionProps {
  /** Fragment parameters of the route (SPEC §2 routing). */
  params: Record<string, string>;
}

export const PAGES = {
  home: { name: 'home', requiresLogin: false, bypassTerms: false },
  search: { name: 'search', requiresLogin: false, bypassTerms: false },
  notFound: { name: 'notFound', requiresLogin: false, bypassTerms: true },
  // Header routes (SPEC §2) and mailed links: the home page with the sign-up modal on that tab.
  login: { name: 'login', requiresLogin: false, bypassTerms: false },
  register: { name: 'register', requiresLogin: false, bypassTerms: false },
  forgot: { name: 'forgot', requiresLogin: false, bypassTerms: false },
  resend: { name: 'resend', requiresLogin: false, bypassTerms: false },
  reset: { name: 'reset', requiresLogin: false, bypassTerms: false },
  activate: { name: 'activate', requiresLogin: false, bypassTerms: false },
  publish: { name: 'publish', requiresLogin: true, bypassTerms: false },
  // The upload page of a publish batch (the files come from the publish modal, in memory).
  upload: { name: 'upload', requiresLogin: true, bypassTerms: false },
  account: { name: 'account', requiresLogin: true, bypassTerms: false },
  // The home page with the contact modal open (`#deletion`: the deletion request variant).
  contact: { name: 'contact', requiresLogin: false, bypassTerms: true },
} as const satisfies Record<string, PageDescriptor>;

export type PageName = keyof typeof PAGES;

export function pageFor(path: string): PageDescriptor {
  return PAGES[pageOfPath(path) ?? 'notFound'];
}

/** The route the router machine gets for a location (path + fragment). */
export function routeFor(path: string, hash: string): Route {
  return { path, params: parseFragment(hash), page: { ...pageFor(path) } };
}

/** Pages that open the sign-up modal on a tab (SPEC §2 header routes, mailed links). */
export const AUTH_PAGES = ['login', 'register', 'forgot', 'resend', 'reset', 'activate'] as const;
export type AuthPage = (typeof AUTH_PAGES)[number];
export const isAuthPage = (name: string | undefined): name is AuthPage => (AUTH_PAGES as readonly string[]).includes(name ?? '');

export { ACCOUNT_SECTIONS, type AccountSection } from '../../contracts/pages';
export const isAccountSection = (name: string): name is AccountSection => (ACCOUNT_SECTIONS as readonly string[]).includes(name);

const served = new Set(ACCOUNT_PAGES.map((name) => `/account/${name}`));
/**
 * The account pages this server has: the built-in ones and the sections above (the menu shows only
 * these). The billing pages are served only where the server sells plans (`serveBilling` at boot).
 */
export const SERVED_ACCOUNT_PATHS: ReadonlySet<string> = served;

/** The pages of buying (issue 21): orders and invoices. */
export const BILLING_PATHS: readonly string[] = ['/account/order', '/account/invoice'];

/**
 * Called once at boot with the client configuration's `billing` (the providers the server sells with):
 * without any, the order and invoice pages are not served (no menu entry, a visit is not found).
 */
export function serveBilling(providers: readonly string[]): void {
  for (const path of BILLING_PATHS) {
    if (providers.length > 0) served.add(path);
    else served.delete(path);
  }
}
