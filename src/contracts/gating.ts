import { type AccountMode, atLeastMode, maxFilesFor } from './accounts';

/**
 * The one table of gating rules (SPEC §6, DESIGN §11): it drives the account menu and the account
 * navigation (both through `menuEntries`, src/web/session/menu.ts), what a direct visit to an account
 * page shows (src/web/pages/Account.tsx: the page, an upgrade panel, or not found), the pricing page
 * (src/server/site/pricing.tsx), the routes and the server (`gated(<key>)` on a page's API routes,
 * checked by `assertGate` with the same `access`; publish/settings.ts `assertScheduling`, the upload
 * limits). Gates:
 * - `hasSubscription`: needs an account with subscriptions;
 * - `free`: not for free-mode accounts; `premium`: not for premium-mode accounts (platinum only);
 * - `user`: only for a signed-in user acting as themself (not a manager inside an association session);
 * - `manager`: only for a manager (issue 20; SPEC §6: a platinum account with management type manager),
 *   also inside one of its association sessions (its pages' calls are then made as itself, without the
 *   account id header; the server refuses them with the header: the child is no manager, notAManager).
 * A gated menu item is shown disabled with a link to /upgrade, except items gated by `user` or `manager`,
 * which are removed.
 */
export type Gate = 'hasSubscription' | 'free' | 'premium' | 'user' | 'manager';

/**
 * What an account page is for: the account navigation (src/web/components/account-nav) shows the
 * pages in these groups, in this order.
 */
export const MENU_GROUPS = ['publications', 'audience', 'branding', 'account', 'developers', 'billing'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

export interface MenuItem {
  href: string;
  /** Message id suffix of the label (`menu.account.<key>`, declared in AccountMenuPanel.tsx). */
  key: string;
  group: MenuGroup;
  gates: Gate[];
  /**
   * The API calls that belong to the page (paths under `{api}`): `/a/b` is that path alone, `/a/b/*`
   * that path and every path under it; the longest match names the page. Every route there must
   * spread `gated(<key>)` (src/server/auth/rules.ts), so the server refuses what the menu locks: the
   * app refuses to start otherwise. A gated page this server serves declares them (`[]`: none of its
   * own); tests/server/gating-routes.test.ts checks both.
   */
  api?: readonly string[];
}

/**
 * SPEC §2 account menu links, in the spec's order, plus `folders` (the publications' folders, an
 * account page of this app the spec's list does not name).
 */
export const ACCOUNT_MENU: MenuItem[] = [
  { href: '/upgrade', key: 'upgrade', group: 'billing', gates: [] },
  { href: '/account/info_profile', key: 'info_profile', group: 'account', gates: [] },
  { href: '/account/security', key: 'security', group: 'account', gates: [] },
  { href: '/account/notification', key: 'notification', group: 'account', gates: [] },
  { href: '/account/privacy', key: 'privacy', group: 'account', gates: [], api: ['/account/privacy/*'] },
  { href: '/account/dashboard', key: 'dashboard', group: 'publications', gates: [] },
  // No call of its own: the list, settings and publish calls serve the statistics, the settings modal and
  // the upload too, which this gate does not hold back.
  { href: '/account/book', key: 'book', group: 'publications', gates: ['hasSubscription'], api: [] },
  { href: '/account/folders', key: 'folders', group: 'publications', gates: [] },
  { href: '/account/stats', key: 'stats', group: 'audience', gates: [], api: ['/account/stats/*'] },
  { href: '/account/favorite', key: 'favorite', group: 'publications', gates: [] },
  { href: '/account/comment', key: 'comment', group: 'audience', gates: ['hasSubscription'], api: ['/account/comment/*'] },
  { href: '/account/subscriber', key: 'subscriber', group: 'audience', gates: ['free', 'hasSubscription'], api: ['/account/subscriber/*'] },
  { href: '/account/theme', key: 'theme', group: 'branding', gates: ['user', 'free', 'premium'], api: ['/account/theme/*'] },
  { href: '/account/background', key: 'background', group: 'branding', gates: ['user', 'free', 'premium'], api: ['/account/background/*'] },
  { href: '/account/logo', key: 'logo', group: 'branding', gates: ['user', 'free', 'premium'], api: ['/account/logo/*'] },
  {
    href: '/account/integration',
    key: 'integration',
    group: 'developers',
    gates: ['user', 'free', 'premium'],
    api: ['/account/integration/trigger/*'],
  },
  // The leads page, and a publication's triggers (the settings' trigger tab, which lists the integrations too).
  {
    href: '/account/trigger',
    key: 'trigger',
    group: 'audience',
    gates: ['user', 'free', 'premium'],
    api: ['/account/integration/trigger/lead/*', '/account/book/trigger/*'],
  },
  { href: '/account/manager', key: 'manager', group: 'account', gates: ['user'], api: ['/account/manager/*'] },
  // Its account details go through `{api}/account/update`, which the post-login usage context shares: the
  // route checks the gate on a details body itself (routes/account/index.ts), so no call is the page's alone.
  { href: '/account/info_account', key: 'info_account', group: 'account', gates: ['user'], api: [] },
  // The manager's multi-account centre (issue 20): its calls are under the managed accounts' but its own.
  { href: '/account/account-center', key: 'account_center', group: 'account', gates: ['manager'], api: ['/account/manager/center'] },
  { href: '/account/order', key: 'order', group: 'billing', gates: ['user'], api: ['/account/order/*'] },
  { href: '/account/invoice', key: 'invoice', group: 'billing', gates: ['user'], api: ['/account/invoice/*'] },
  { href: '/account/profile', key: 'profile', group: 'branding', gates: ['user', 'free'], api: ['/account/profile/*'] },
  { href: '/account/apikey', key: 'apikey', group: 'developers', gates: ['user', 'free'], api: ['/account/apikey/*'] },
];

/** Whether an API path (under `{api}`, query ignored) falls under one of a page's `api` patterns: the length of the match, or 0. */
function apiMatch(pattern: string, path: string): number {
  if (pattern.endsWith('/*')) {
    const base = pattern.slice(0, -2);
    return path === base || path.startsWith(`${base}/`) ? base.length : 0;
  }
  return path === pattern ? pattern.length : 0;
}

/**
 * The account page (menu item) an API path belongs to by the table's `api` patterns, the longest
 * match first; undefined for a call of no gated page. Trailing slashes are ignored (`/account/comment/`).
 */
export function pageOfApiPath(path: string): MenuItem | undefined {
  const clean = path.split('?', 1)[0]?.replace(/(.)\/+$/, '$1') ?? '';
  let best: MenuItem | undefined;
  let length = 0;
  for (const item of ACCOUNT_MENU) {
    for (const pattern of item.api ?? []) {
      const n = apiMatch(pattern, clean);
      if (n > length) {
        best = item;
        length = n;
      }
    }
  }
  return best;
}

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
  /** The signed-in person's own account is a manager's (platinum, management type manager), in an association session or not. */
  isManager: boolean;
}

export type Access = 'enabled' | 'locked' | 'removed';

/** The menu item of a key (`theme`, `apikey` …), or undefined. */
export const menuItem = (key: string): MenuItem | undefined => ACCOUNT_MENU.find((item) => item.key === key);

/**
 * The gating viewer of a signed-in caller, from the account and profile as the API answers them (the
 * client's current user) or as the server reads them: one reading of §6 on both sides.
 */
export function viewerOf(
  account: ManagedAccount,
  profile: { has_subscriptions: boolean },
  inAssociation = false,
  isManager = isManagerOf(account),
): Viewer {
  const mode = account.mode === 'PREMIUM' || account.mode === 'PLATINUM' ? account.mode : 'FREE';
  return {
    loggedIn: true,
    mode,
    demo: account.type.endsWith('_DEMO'),
    hasSubscriptions: profile.has_subscriptions,
    inAssociation,
    isManager,
  };
}

/** An account as the API answers it (`management.type`) or as the server reads it (`management_type`). */
export type ManagedAccount = {
  mode: AccountMode | string;
  type: string;
  management_type?: string | null;
  management?: { type: string | null };
};

/**
 * Whether an account is a manager's (SPEC §6: platinum with management type manager). The same reading
 * as contracts/managers.ts `isManagerAccount`, kept here so the menu's first-load code pulls no schema.
 */
export const isManagerOf = (account: Omit<ManagedAccount, 'type'>): boolean =>
  account.mode === 'PLATINUM' && (account.management_type ?? account.management?.type ?? null) === 'manager';

/** Nobody signed in (the account pages then ask to sign in first). */
export const ANONYMOUS: Viewer = {
  loggedIn: false,
  mode: 'FREE',
  demo: false,
  hasSubscriptions: false,
  inAssociation: false,
  isManager: false,
};

export function access(item: Pick<MenuItem, 'gates'>, viewer: Viewer): Access {
  if (item.gates.includes('manager') && !(viewer.loggedIn && viewer.isManager)) return 'removed';
  const userOnly = item.gates.includes('user') || item.gates.includes('manager');
  if (item.gates.includes('user') && (!viewer.loggedIn || viewer.inAssociation)) return 'removed';
  const locked =
    (item.gates.includes('hasSubscription') && !viewer.hasSubscriptions) ||
    !passesModeGates(item.gates, viewer.mode) ||
    (item.gates.length > 0 && viewer.demo);
  if (!locked) return 'enabled';
  return userOnly ? 'removed' : 'locked';
}

/** One entry of the account menu and navigation: its item and whether it is enabled or locked. */
export interface MenuEntry {
  item: MenuItem;
  access: Exclude<Access, 'removed'>;
}

/**
 * The entries the account menu and the account navigation show, in the table's order: the pages this
 * server serves (`served(href)`) that the viewer's gating does not remove. Both read only this, so they
 * always agree.
 */
export function menuEntries(viewer: Viewer, served: (href: string) => boolean): MenuEntry[] {
  return ACCOUNT_MENU.flatMap((item) => {
    if (!served(item.href)) return [];
    const state = access(item, viewer);
    return state === 'removed' ? [] : [{ item, access: state }];
  });
}

/**
 * The plan that unlocks a page the viewer's gating does not enable: the lowest account mode passing its
 * mode gates, when the viewer's mode does not; undefined when the mode is not what holds it back (a
 * demo account, no subscriptions, an association session).
 */
export function unlockingMode(item: Pick<MenuItem, 'gates'>, viewer: Viewer): AccountMode | undefined {
  return passesModeGates(item.gates, viewer.mode) ? undefined : lowestMode(item.gates);
}

/**
 * Features inside a page that differ by plan (issue 17, SPEC §6 "one gating table"): the rule of each
 * in the same gates as the menu's, read by the server (the statistics routes) and the account
 * section (what it offers) through `hasFeature`.
 * - `statsHistory`: the whole statistics history; without it the dashboard shows the last
 *   STATS_LIMITS.freeHistoryDays days (today included), see `statsFirstDay`;
 * - `statsExport`: the CSV export of the dashboard's tables.
 */
export const FEATURE_GATES = {
  statsHistory: ['free'],
  statsExport: ['free'],
} as const satisfies Record<string, readonly Gate[]>;
export type Feature = keyof typeof FEATURE_GATES;

/** Whether the viewer's plan gives a feature of FEATURE_GATES (the same reading as the menu's `access`). */
export const hasFeature = (feature: Feature, viewer: Viewer): boolean =>
  access({ gates: [...FEATURE_GATES[feature]] }, viewer) === 'enabled';

/**
 * The first day (`YYYY-MM-DD`, UTC) of the statistics the viewer may see on `today`: null with
 * `statsHistory` (the whole history), else the day `historyDays - 1` before today (historyDays:
 * STATS_LIMITS.freeHistoryDays; passed in so the menu's first-load code does not pull the statistics contract).
 */
export function statsFirstDay(viewer: Viewer, today: string, historyDays: number): string | null {
  if (hasFeature('statsHistory', viewer)) return null;
  const start = new Date(`${today}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - (historyDays - 1));
  return start.toISOString().slice(0, 10);
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
 * scheduled publishing (the server), the statistics' features (FEATURE_GATES) and every account page
 * the menu gates by mode.
 */
export const PLAN_RULES: readonly PlanRule[] = [
  { key: 'uploadFiles', value: (mode) => ({ kind: 'count', value: maxFilesFor(mode) }) },
  { key: 'fileSize', value: (mode, limits) => ({ kind: 'bytes', value: limits.filesize[mode] }) },
  { key: 'scheduling', value: included(SCHEDULING_GATES) },
  // The statistics (issue 17): the whole history and the CSV export.
  { key: 'statsHistory', href: '/account/stats', value: included(FEATURE_GATES.statsHistory) },
  { key: 'statsExport', href: '/account/stats', value: included(FEATURE_GATES.statsExport) },
  ...ACCOUNT_MENU.filter((item) => lowestMode(item.gates) !== 'FREE').map((item) => ({
    key: item.key,
    href: item.href,
    value: included(item.gates),
  })),
];
