import { type AccountMode, atLeastMode, maxFilesFor } from './accounts';

/**
 * The one table of gating rules (SPEC §6, DESIGN §11): it drives the account menu (src/web/session/menu.ts),
 * the pricing page (src/server/site/pricing.tsx), the routes and the server (publish/settings.ts
 * `assertScheduling`, the upload limits). Gates:
 * - `hasSubscription`: needs an account with subscriptions;
 * - `free`: not for free-mode accounts; `premium`: not for premium-mode accounts (platinum only);
 * - `user`: only for a signed-in user acting as themself (not a manager inside an association session).
 * A gated menu item is shown disabled with a link to /upgrade, except items gated by `user`, which are removed.
 */
export type Gate = 'hasSubscription' | 'free' | 'premium' | 'user';
export interface MenuItem {
  href: string;
  /** Message id suffix of the label (`menu.account.<key>`, declared in AccountMenuPanel.tsx). */
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

/** Whether an account mode passes the mode gates (`free`, `premium`) of a rule. */
export const passesModeGates = (gates: readonly Gate[], mode: AccountMode): boolean =>
  !(gates.includes('free') && !atLeastMode(mode, 'PREMIUM')) && !(gates.includes('premium') && !atLeastMode(mode, 'PLATINUM'));

/** The lowest account mode that passes a rule's mode gates. */
export const lowestMode = (gates: readonly Gate[]): AccountMode =>
  gates.includes('premium') ? 'PLATINUM' : gates.includes('free') ? 'PREMIUM' : 'FREE';

/** Scheduled publishing (SPEC §6 "premium-gated"): checked by the server at upload and book update. */
export const SCHEDULING_GATES: readonly Gate[] = ['free'];

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

/** The menu item of a key (`theme`, `apikey` …), or undefined. */
export const menuItem = (key: string): MenuItem | undefined => ACCOUNT_MENU.find((item) => item.key === key);

/**
 * The gating viewer of a signed-in caller, from the account and profile as the API answers them (the
 * client's current user) or as the server reads them: one reading of §6 on both sides.
 */
export function viewerOf(
  account: { mode: AccountMode | string; type: string },
  profile: { has_subscriptions: boolean },
  inAssociation = false,
): Viewer {
  const mode = account.mode === 'PREMIUM' || account.mode === 'PLATINUM' ? account.mode : 'FREE';
  return { loggedIn: true, mode, demo: account.type.endsWith('_DEMO'), hasSubscriptions: profile.has_subscriptions, inAssociation };
}

export function access(item: MenuItem, viewer: Viewer): Access {
  const userOnly = item.gates.includes('user');
  if (userOnly && (!viewer.loggedIn || viewer.inAssociation)) return 'removed';
  const locked =
    (item.gates.includes('hasSubscription') && !viewer.hasSubscriptions) ||
    !passesModeGates(item.gates, viewer.mode) ||
    (item.gates.length > 0 && viewer.demo);
  if (!locked) return 'enabled';
  return userOnly ? 'removed' : 'locked';
}

/** What a plan gives for one rule: included or not, or a quantity (files per upload, bytes per file). */
export type PlanValue = { kind: 'included'; value: boolean } | { kind: 'count'; value: number } | { kind: 'bytes'; value: number };

/** The per-mode limits that come from the instance's configuration (QUIRE_FILESIZE_LIMITS). */
export interface PlanLimits {
  filesize: Readonly<Record<AccountMode, number>>;
}

/** One rule of the table that differs between account modes: what the pricing page compares. */
export interface PlanRule {
  /** Message id suffix on the pricing page (`pricing.rule.<key>`). */
  key: string;
  /** The account page it unlocks, when it is one (the menu's link). */
  href?: string;
  value: (mode: AccountMode, limits: PlanLimits) => PlanValue;
}

const included =
  (gates: readonly Gate[]) =>
  (mode: AccountMode): PlanValue => ({ kind: 'included', value: passesModeGates(gates, mode) });

/**
 * Every rule the product enforces by account mode, in the pricing page's order: the upload limits
 * (files per upload: the publish flow, SPEC §9; bytes per file: the server's preflight and upload),
 * scheduled publishing (the server) and every account page the menu gates by mode.
 */
export const PLAN_RULES: readonly PlanRule[] = [
  { key: 'uploadFiles', value: (mode) => ({ kind: 'count', value: maxFilesFor(mode) }) },
  { key: 'fileSize', value: (mode, limits) => ({ kind: 'bytes', value: limits.filesize[mode] }) },
  { key: 'scheduling', value: included(SCHEDULING_GATES) },
  ...ACCOUNT_MENU.filter((item) => lowestMode(item.gates) !== 'FREE').map((item) => ({
    key: item.key,
    href: item.href,
    value: included(item.gates),
  })),
];
