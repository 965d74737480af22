import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export interface SectionProps {
  /** Fragment parameters of the route (SPEC §2 routing). */
  params: Record<string, string>;
}

/**
 * Account sections that load on first visit (each its own chunk, so the app's initial JS stays within
 * budget). Key = the path segment after /account/ (SPEC §2 account menu links); the tab label is the
 * account menu's (ACCOUNT_LABELS). Add a section by adding one line here.
 */
export const LAZY_SECTIONS: Record<string, LazyExoticComponent<ComponentType<SectionProps>>> = {
  stats: lazy(() => import('../../components/account-sections/StatsSection')),
  comment: lazy(() => import('../../components/account-sections/CommentsSection')),
  subscriber: lazy(() => import('../../components/account-sections/SubscribersSection')),
  integration: lazy(() => import('../../components/triggers/IntegrationsSection')),
  trigger: lazy(() => import('../../components/triggers/LeadsSection')),
  folders: lazy(() => import('../../components/folders/FoldersSection')),
};

/** The account pages this server has: the built-in ones and the sections above (the menu shows only these). */
export const SERVED_ACCOUNT_PATHS: ReadonlySet<string> = new Set(
  ['dashboard', 'info_profile', 'book', ...Object.keys(LAZY_SECTIONS)].map((name) => `/account/${name}`),
);

/** Tabs shown in the account page's navigation, in order (built-in first, then these). */
export const lazySectionNames = (): string[] => Object.keys(LAZY_SECTIONS);
