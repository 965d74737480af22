import { type AccountMode, atLeastMode } from '../../contracts/accounts';

/**
 * The account menu (SPEC §2) and its gating (SPEC §6 menu gating, §4 feature gating):
 * - `hasSubscription`: needs an account with subscriptions;
 * - `free`: not for free-mode accounts; `premium`: not for premium-mode accounts (platinum only);
 * - `user`: only for a signed-in user acting as themself (not a manager inside an association session).
 * A gated item is shown disabled with a link to /upgrade, except items gated by `user`, which are removed.
 */
export type Gate = 'hasSubscription' | 'free' | 'premium' | 'user';
export interface MenuItem {
  href: string;
  /** Message id of the label (declared in AccountMenu.tsx). */
  key: string;
  gates: Gate[];
}

export const ACCOUNT_MENU: MenuItem[] = [
  { href: '/upgrade', key: 'upgrade', gates: [] },
  { href: '/account/info_profile', key: 'info_profile', gates: [] },
  { href: '/account/security', key: 'security', gates: [] },
  { href: '/account/notification', key: 'notification', gates: [] },
  { href: '/account/privacy', key: 'privacy', gates: [] },
  { href: '/account/dashboard', key: 'dashboard', gates: [] },
  { href: '/account/book', key: 'book', gates: ['hasSubscription'] },
  { href: '/account/stats', key: 'stats', gates: [] },
  { href: '/account/favorite', key: 'favorite', gates: [] },
  { href: '/account/comment', key: 'comment', gates: ['hasSubscription'] },
  { href: '/account/subscriber', key: 'subscriber', gates: ['free', 'hasSubscription'] },
  { href: '/account/theme', key: 'theme', gates: ['user', 'free', 'premium'] },
  { href: '/account/background', key: 'background', gates: ['user', 'free', 'premium'] },
  { href: '/account/logo', key: 'logo', gates: ['user', 'free', 'premium'] },
  { href: '/account/integration', key: 'integration', gates: ['user', 'free', 'premium'] },
  { href: '/account/trigger', key: 'trigger', gates: ['user', 'free', 'premium'] },
  { href: '/account/manager', key: 'manager', gates: ['user'] },
  { href: '/account/info_account', key: 'info_account', gates: ['user'] },
  { href: '/account/account-center', key: 'account_center', gates: [] },
  { href: '/account/order', key: 'order', gates: ['user'] },
  { href: '/account/invoice', key: 'invoice', gates: ['user'] },
  { href: '/account/profile', key: 'profile', gates: ['user', 'free'] },
  { href: '/account/apikey', key: 'apikey', gates: ['user', 'free'] },
];

export interface Viewer {
  loggedIn: boolean;
  mode: AccountMode;
  /** PREMIUM_DEMO / PLATINUM_DEMO accounts. */
  demo: boolean;
  hasSubscriptions: boolean;
  /** A manager acting inside an association session. */
  inAssociation: boolean;
}

export type Access = 'enabled' | 'locked' | 'removed';

export function access(item: MenuItem, viewer: Viewer): Access {
  const userOnly = item.gates.includes('user');
  if (userOnly && (!viewer.loggedIn || viewer.inAssociation)) return 'removed';
  const locked =
    (item.gates.includes('hasSubscription') && !viewer.hasSubscriptions) ||
    (item.gates.includes('free') && !atLeastMode(viewer.mode, 'PREMIUM')) ||
    (item.gates.includes('premium') && !atLeastMode(viewer.mode, 'PLATINUM')) ||
    (item.gates.length > 0 && viewer.demo);
  if (!locked) return 'enabled';
  return userOnly ? 'removed' : 'locked';
}

/** SPEC §6: the upgrade button shows when the account has no expiration or it is past. */
export function showsUpgrade(expiration: number | null, now: number): boolean {
  return expiration === null || expiration * 1000 < now;
}
