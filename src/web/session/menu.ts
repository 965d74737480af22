/**
 * The account menu (SPEC §2) and its gating (SPEC §6 menu gating, §4 feature gating): the table and
 * its rules are the product's one gating table, src/contracts/gating.ts (the pricing page and the
 * server read it too). The avatar menu and the account navigation both show `accountEntries`.
 */
import type { Account, Profile } from '../../contracts/accounts';
import {
  ACCOUNT_MENU,
  type Access,
  access,
  type MenuEntry,
  type MenuItem,
  menuEntries,
  type Viewer,
  viewerOf,
} from '../../contracts/gating';
import { hasSitePage } from '../components/ui/AppLink';
import { SERVED_ACCOUNT_PATHS } from '../pages/routes';
import { storedAssociation } from './user-store';

export {
  ACCOUNT_MENU,
  type Access,
  access,
  type Gate,
  MENU_GROUPS,
  type MenuEntry,
  type MenuGroup,
  type MenuItem,
  menuItem,
  unlockingMode,
  type Viewer,
  viewerOf,
} from '../../contracts/gating';

/** SPEC §6: the upgrade button shows when the account has no expiration or it is past. */
export function showsUpgrade(expiration: number | null, now: number): boolean {
  // The account's expiration is in epoch ms (src/contracts/accounts.ts AccountSchema).
  return expiration === null || expiration < now;
}

/** Whether the app has this menu link's page: an account page this server serves, or a site page (/upgrade). */
export const isServed = (href: string): boolean => SERVED_ACCOUNT_PATHS.has(href) || hasSitePage(href);

/**
 * The signed-in user's gating viewer. A manager (platinum, management type manager) inside an association
 * session (issue 20) is gated as the child account it acts for, `inAssociation` (user-only pages removed),
 * as the server gates its calls (src/server/auth/session.ts).
 */
export const viewerOfUser = (
  user: { account: Pick<Account, 'mode' | 'type'> & { management?: { type: string | null } }; profile: Pick<Profile, 'has_subscriptions'> },
  association: { mode: string; type: string } | null = storedAssociation(globalThis.sessionStorage),
): Viewer =>
  association && user.account.mode === 'PLATINUM' && user.account.management?.type === 'manager'
    ? viewerOf(association, user.profile, true, true)
    : viewerOf(user.account, user.profile);

/**
 * What the avatar menu and the account navigation show, in the table's order: the served pages the
 * viewer's gating keeps (enabled, or locked: a link to /upgrade), and Upgrade only while the plan has no
 * expiration or it is past (SPEC §6).
 */
export function accountEntries(viewer: Viewer, expiration: number | null, now: number): MenuEntry[] {
  const upgrade = showsUpgrade(expiration, now);
  return menuEntries(viewer, isServed).filter((entry) => entry.item.key !== 'upgrade' || upgrade);
}

/**
 * What a visit to an account page shows (src/web/pages/Account.tsx): the page (`enabled`), the upgrade
 * panel (`locked`) or the not-found page (`removed`, or a page this server does not serve): the access
 * its menu and navigation entry has. An account page outside the menu table (none today) is enabled.
 */
export function pageAccess(path: string, viewer: Viewer): Access {
  if (!SERVED_ACCOUNT_PATHS.has(path)) return 'removed';
  const item = menuItemOf(path);
  return item ? access(item, viewer) : 'enabled';
}

/** The menu item of a page path (`/account/account-center` → `account_center`), or undefined. */
export const menuItemOf = (href: string): MenuItem | undefined => ACCOUNT_MENU.find((i) => i.href === href);
