import type { ComponentType } from 'react';
import type { PageDescriptor, Route } from '../../../machines/router.machine';
import { parseFragment } from '../routing/fragment';

export interface PageProps {
  params: Record<string, string>;
  path: string;
}
export interface PageDef extends PageDescriptor {
  load: () => Promise<{ default: ComponentType<PageProps> }>;
}

/**
 * The page registry: every page, its access rules and its lazily loaded module.
 * `requiresLogin` pages show the sign-up modal to logged-out visitors (router state `loginRequired`).
 */
export const PAGES = {
  home: { name: 'home', requiresLogin: false, bypassTerms: false, load: () => import('./Home') },
  search: { name: 'search', requiresLogin: false, bypassTerms: false, load: () => import('./Search') },
  notFound: { name: 'notFound', requiresLogin: false, bypassTerms: true, load: () => import('./NotFound') },
  // Header routes (SPEC §2): they open the sign-up modal; the accounts issue gives them their tabs.
  login: { name: 'login', requiresLogin: true, bypassTerms: true, load: () => import('./Home') },
  register: { name: 'register', requiresLogin: true, bypassTerms: true, load: () => import('./Home') },
  publish: { name: 'publish', requiresLogin: true, bypassTerms: false, load: () => import('./Home') },
  account: { name: 'account', requiresLogin: true, bypassTerms: false, load: () => import('./Home') },
} satisfies Record<string, PageDef>;

export type PageName = keyof typeof PAGES;

const EXACT: Record<string, PageName> = {
  '/': 'home',
  '/search': 'search',
  '/login': 'login',
  '/register': 'register',
  '/publish': 'publish',
};

export function pageFor(path: string): PageDef {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const exact = EXACT[clean];
  if (exact) return PAGES[exact];
  if (clean === '/account' || clean.startsWith('/account/')) return PAGES.account;
  return PAGES.notFound;
}

/** The route the router machine gets for a location (path + fragment). */
export function routeFor(path: string, hash: string): Route {
  const { load: _load, ...page } = pageFor(path);
  return { path, params: parseFragment(hash), page };
}

/** Loaded page modules by name, filled by the router's loader. */
export const loadedPages = new Map<string, ComponentType<PageProps>>();

export async function loadPage(name: string): Promise<ComponentType<PageProps>> {
  const def = (PAGES as Record<string, PageDef>)[name] ?? PAGES.notFound;
  const mod = await def.load();
  loadedPages.set(name, mod.default);
  return mod.default;
}
