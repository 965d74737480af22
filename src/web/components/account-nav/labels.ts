import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AccountMode } from '../../../contracts/accounts';
import type { MenuGroup } from '../../../contracts/gating';

/** The label of each account page (`menu.account.<key>`, the gating table's keys): menu, navigation, upgrade panel. */
export const ACCOUNT_LABELS: Record<string, MessageDescriptor> = {
  upgrade: msg({ id: 'menu.account.upgrade', message: 'Upgrade' }),
  info_profile: msg({ id: 'menu.account.info_profile', message: 'Personal details' }),
  security: msg({ id: 'menu.account.security', message: 'Security' }),
  notification: msg({ id: 'menu.account.notification', message: 'Notifications' }),
  privacy: msg({ id: 'menu.account.privacy', message: 'Privacy' }),
  dashboard: msg({ id: 'menu.account.dashboard', message: 'Dashboard' }),
  book: msg({ id: 'menu.account.book', message: 'Publications' }),
  stats: msg({ id: 'menu.account.stats', message: 'Statistics' }),
  favorite: msg({ id: 'menu.account.favorite', message: 'Favourites' }),
  comment: msg({ id: 'menu.account.comment', message: 'Comments' }),
  subscriber: msg({ id: 'menu.account.subscriber', message: 'Subscribers' }),
  folders: msg({ id: 'menu.account.folders', message: 'Folders' }),
  theme: msg({ id: 'menu.account.theme', message: 'Skins' }),
  background: msg({ id: 'menu.account.background', message: 'Backgrounds' }),
  logo: msg({ id: 'menu.account.logo', message: 'Logos' }),
  integration: msg({ id: 'menu.account.integration', message: 'Integrations' }),
  trigger: msg({ id: 'menu.account.trigger', message: 'Triggers' }),
  manager: msg({ id: 'menu.account.manager', message: 'Managed accounts' }),
  info_account: msg({ id: 'menu.account.info_account', message: 'Account details' }),
  account_center: msg({ id: 'menu.account.account_center', message: 'Account centre' }),
  order: msg({ id: 'menu.account.order', message: 'Orders' }),
  invoice: msg({ id: 'menu.account.invoice', message: 'Invoices' }),
  profile: msg({ id: 'menu.account.profile', message: 'Public profile' }),
  apikey: msg({ id: 'menu.account.apikey', message: 'API keys' }),
};

/** The headings of the account navigation's groups (the gating table's `group`). */
export const GROUP_LABELS: Record<MenuGroup, MessageDescriptor> = {
  publications: msg({ id: 'account.nav.group.publications', message: 'Publications' }),
  audience: msg({ id: 'account.nav.group.audience', message: 'Audience' }),
  branding: msg({ id: 'account.nav.group.branding', message: 'Branding' }),
  account: msg({ id: 'account.nav.group.account', message: 'Account' }),
  developers: msg({ id: 'account.nav.group.developers', message: 'Developers' }),
  billing: msg({ id: 'account.nav.group.billing', message: 'Plan and billing' }),
};

/** Plan names (the same ids as the dashboard's). */
export const PLAN_LABELS: Record<AccountMode, MessageDescriptor> = {
  FREE: msg({ id: 'account.plan.free', message: 'Free' }),
  PREMIUM: msg({ id: 'account.plan.premium', message: 'Premium' }),
  PLATINUM: msg({ id: 'account.plan.platinum', message: 'Platinum' }),
};
