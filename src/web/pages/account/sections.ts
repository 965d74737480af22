import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { AccountSection, SectionProps } from '../routes';

/**
 * The modules of the account sections (ACCOUNT_SECTIONS in ../routes.ts), each loaded on first visit
 * (its own chunk, so the app's initial JS stays within budget).
 */
export const LAZY_SECTIONS: Record<AccountSection, LazyExoticComponent<ComponentType<SectionProps>>> = {
  stats: lazy(() => import('../../components/account-sections/StatsSection')),
  comment: lazy(() => import('../../components/account-sections/CommentsSection')),
  subscriber: lazy(() => import('../../components/account-sections/SubscribersSection')),
  integration: lazy(() => import('../../components/triggers/IntegrationsSection')),
  trigger: lazy(() => import('../../components/triggers/LeadsSection')),
  folders: lazy(() => import('../../components/folders/FoldersSection')),
  theme: lazy(() => import('../../components/library/ThemeSection')),
  background: lazy(() => import('../../components/library/BackgroundSection')),
  logo: lazy(() => import('../../components/library/LogoSection')),
  security: lazy(() => import('../../components/security/SecuritySection')),
  favorite: lazy(() => import('../../components/favorites/FavoritesSection')),
  privacy: lazy(() => import('../../components/account-sections/PrivacySection')),
  profile: lazy(() => import('../../components/profile/ProfileSection')),
  notification: lazy(() => import('../../components/profile/NotificationSection')),
  info_account: lazy(() => import('../../components/profile/InfoAccountSection')),
  apikey: lazy(() => import('../../components/api-keys/ApiKeysSection')),
  manager: lazy(() => import('../../components/managers/ManagerSection')),
  'account-center': lazy(() => import('../../components/managers/AccountCenterSection')),
  order: lazy(() => import('../../components/billing/OrdersSection')),
  invoice: lazy(() => import('../../components/billing/InvoicesSection')),
};
