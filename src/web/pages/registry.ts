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
  // Header routes (SPEC §2) and mailed links: the home page with the sign-up modal on that tab.
  login: { name: 'login', requiresLogin: false, bypassTerms: false, load: () => import('./Home') },
  register: { name: 'register', requiresLogin: false, bypassTerms: false, load: () => import('./Home') },
  forgot: { name: 'forgot', requiresLogin: false, bypassTerms: false, load: () => import('./Home') },
  resend: { name: 'resend', requiresLogin: false, bypassTerms: false, load: () => import('./Home') },
  reset: { name: 'reset', requiresLogin: false, bypassTerms: false, load: () => import('./Home') },
  activate: { name: 'activate', requiresLogin: false, bypassTerms: false, load: () => import('./Home') },
  publish: { name: 'publish', requiresLogin: true, bypassTerms: false, load: () => import('./Home') },
  // The upload page of a publish batch (the files come from the publish modal, in memory).
  upload: { name: 'upload', requiresLogin: true, bypassTerms: false, load: () => import('./Upload') },
  account: { name: 'account', requiresLogin: true, bypassTerms: false, load: () => import('./Account') },
} satisfies Record<string, PageDef>;

export type PageName = keyof typeof PAGES;

const EXACT: Record<string, PageName> = {
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

/** Pages that open the sign-up modal on a tab (SPEC §2 header routes, mailed links). */
export const AUTH_PAGES = ['login', 'register', 'forgot', 'resend', 'reset', 'activate'] as const;
export type AuthPage = (typeof AUTH_PAGES)[number];
export const isAuthPage = (name: string | undefined): name is AuthPage => (AUTH_PAGES as readonly string[]).includes(name ?? '');
