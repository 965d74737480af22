import type { ComponentType } from 'react';
import { PAGES, type PageName, type PageProps } from './routes';

/**
 * The page modules of the route table (./routes.ts), each loaded on first visit (its own chunk). The
 * app's entry (src/web/main.tsx) hands `loadPage` to the router (src/web/app/actors.ts) and PageView
 * reads `loadedPages`; nothing a page imports imports this file, so the pages are in no import circle.
 */
const LOADERS: Record<PageName, () => Promise<{ default: ComponentType<PageProps> }>> = {
  home: () => import('./Home'),
  search: () => import('./Search'),
  notFound: () => import('./NotFound'),
  login: () => import('./Home'),
  register: () => import('./Home'),
  forgot: () => import('./Home'),
  resend: () => import('./Home'),
  reset: () => import('./Home'),
  activate: () => import('./Home'),
  publish: () => import('./Home'),
  upload: () => import('./Upload'),
  account: () => import('./Account'),
  contact: () => import('./Contact'),
};

/** Loaded page modules by name, filled by the router's loader. */
export const loadedPages = new Map<string, ComponentType<PageProps>>();

export async function loadPage(name: string): Promise<ComponentType<PageProps>> {
  const load = Object.hasOwn(LOADERS, name) ? LOADERS[name as PageName] : LOADERS[PAGES.notFound.name];
  const mod = await load();
  loadedPages.set(name, mod.default);
  return mod.default;
}
