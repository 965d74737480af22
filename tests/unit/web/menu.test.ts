import { describe, expect, it } from 'vitest';
import { ANONYMOUS, menuEntries, pageOfApiPath } from '../../../src/contracts/gating';
import { ACCOUNT_PAGES } from '../../../src/contracts/pages';
import { PAGES, SERVED_ACCOUNT_PATHS, serveBilling } from '../../../src/web/pages/routes';
import {
  ACCOUNT_MENU,
  type Access,
  access,
  accountEntries,
  isServed,
  MENU_GROUPS,
  menuItemOf,
  pageAccess,
  showsUpgrade,
  unlockingMode,
  type Viewer,
  viewerOf,
  viewerOfUser,
} from '../../../src/web/session/menu';

const item = (href: string) => ACCOUNT_MENU.find((i) => i.href === href)!;
const viewer = (patch: Partial<Viewer> = {}): Viewer => ({
  loggedIn: true,
  mode: 'PLATINUM',
  demo: false,
  hasSubscriptions: true,
  inAssociation: false,
  isManager: false,
  ...patch,
});

describe('account menu (SPEC §2 links, §6 gating)', () => {
  it("has every account link of the spec in order, and the app's folders under publications", () => {
    expect(ACCOUNT_MENU.map((i) => i.href)).toEqual([
      '/upgrade',
      '/account/info_profile',
      '/account/security',
      '/account/notification',
      '/account/privacy',
      '/account/dashboard',
      '/account/book',
      '/account/folders',
      '/account/stats',
      '/account/favorite',
      '/account/comment',
      '/account/subscriber',
      '/account/theme',
      '/account/background',
      '/account/logo',
      '/account/integration',
      '/account/trigger',
      '/account/manager',
      '/account/info_account',
      '/account/account-center',
      '/account/order',
      '/account/invoice',
      '/account/profile',
      '/account/apikey',
    ]);
    expect(item('/account/folders')).toMatchObject({ group: 'publications', gates: [] });
  });
  it('puts every entry in one of the six groups, each group used', () => {
    expect(MENU_GROUPS).toEqual(['publications', 'audience', 'branding', 'account', 'developers', 'billing']);
    for (const group of MENU_GROUPS)
      expect(
        ACCOUNT_MENU.some((i) => i.group === group),
        group,
      ).toBe(true);
    expect(new Set(ACCOUNT_MENU.map((i) => i.key)).size).toBe(ACCOUNT_MENU.length);
  });
  it('a platinum user sees everything enabled but the account centre, which a manager sees too', () => {
    expect(ACCOUNT_MENU.filter((i) => access(i, viewer()) !== 'enabled').map((i) => i.key)).toEqual(['account_center']);
    expect(ACCOUNT_MENU.every((i) => access(i, viewer({ isManager: true })) === 'enabled')).toBe(true);
  });
  it('publications and comments are locked (link to upgrade) without subscriptions', () => {
    expect(access(item('/account/book'), viewer({ hasSubscriptions: false }))).toBe('locked');
    expect(access(item('/account/comment'), viewer({ hasSubscriptions: false }))).toBe('locked');
  });
  it('subscribers are locked for free accounts', () => {
    expect(access(item('/account/subscriber'), viewer({ mode: 'FREE' }))).toBe('locked');
    expect(access(item('/account/subscriber'), viewer({ mode: 'PREMIUM' }))).toBe('enabled');
  });
  it('user-only items gated by mode are removed, not locked', () => {
    expect(access(item('/account/theme'), viewer({ mode: 'PREMIUM' }))).toBe('removed');
    expect(access(item('/account/profile'), viewer({ mode: 'FREE' }))).toBe('removed');
    expect(access(item('/account/profile'), viewer({ mode: 'PREMIUM' }))).toBe('enabled');
  });
  it('demo accounts have gated items locked', () => {
    expect(access(item('/account/book'), viewer({ demo: true }))).toBe('locked');
    expect(access(item('/account/dashboard'), viewer({ demo: true }))).toBe('enabled');
  });
  it('a manager inside an association session is gated as the child it acts for (issue 20), its user-only pages removed', () => {
    const manager = {
      account: { mode: 'PLATINUM' as const, type: 'PLATINUM' as const, management: { type: 'manager' as string | null } },
      profile: { has_subscriptions: true },
    };
    const acting = viewerOfUser(manager, { mode: 'FREE', type: 'FREE' });
    expect(acting).toMatchObject({ inAssociation: true, mode: 'FREE' });
    expect(access(item('/account/manager'), acting)).toBe('removed');
    expect(access(item('/account/theme'), acting)).toBe('removed');
    // Its multi-account centre stays (issue 20): switching to another child, or back to its own account.
    expect(acting.isManager).toBe(true);
    expect(access(item('/account/account-center'), acting)).toBe('enabled');
    expect(access(item('/account/account-center'), viewerOfUser(manager, null))).toBe('enabled');
    // Not a manager: a stored association changes nothing; a manager without one is itself.
    expect(
      viewerOfUser({ ...manager, account: { ...manager.account, management: { type: null } } }, { mode: 'FREE', type: 'FREE' }),
    ).toMatchObject({
      inAssociation: false,
      mode: 'PLATINUM',
    });
    expect(viewerOfUser(manager, null)).toMatchObject({ inAssociation: false, mode: 'PLATINUM' });
  });
  it('the account centre is for a manager only, removed (not locked) for anyone else, a demo manager included', () => {
    const center = item('/account/account-center');
    expect(center.gates).toEqual(['manager']);
    expect(access(center, viewer({ isManager: true }))).toBe('enabled');
    expect(access(center, viewer())).toBe('removed');
    expect(access(center, viewer({ loggedIn: false, isManager: true }))).toBe('removed');
    expect(access(center, viewer({ isManager: true, demo: true }))).toBe('removed');
    expect(unlockingMode(center, viewer())).toBeUndefined();
    // Its call is its own page's, under the managed accounts' paths.
    expect(pageOfApiPath('/account/manager/center')?.key).toBe('account_center');
    expect(pageOfApiPath('/account/manager/association')?.key).toBe('manager');
  });

  it('user-only items are removed for logged-out visitors and inside an association session', () => {
    expect(access(item('/account/order'), viewer({ loggedIn: false }))).toBe('removed');
    expect(access(item('/account/manager'), viewer({ inAssociation: true }))).toBe('removed');
  });
  it('the upgrade button shows without an expiration or when it is past', () => {
    expect(showsUpgrade(null, 1_000)).toBe(true);
    // Epoch ms, as the account contract has it.
    expect(showsUpgrade(1_000, 5_000)).toBe(true);
    expect(showsUpgrade(10_000, 5_000)).toBe(false);
  });
  it('names the plan that unlocks a page only when the plan is what holds it back', () => {
    expect(unlockingMode(item('/account/subscriber'), viewer({ mode: 'FREE' }))).toBe('PREMIUM');
    expect(unlockingMode(item('/account/trigger'), viewer({ mode: 'PREMIUM' }))).toBe('PLATINUM');
    expect(unlockingMode(item('/account/subscriber'), viewer({ mode: 'PREMIUM', demo: true }))).toBeUndefined();
    expect(unlockingMode(item('/account/comment'), viewer({ demo: true }))).toBeUndefined();
  });
});

/** The tiers the route × role walk uses (the server test, tests/server/gating-routes.test.ts, has the same). */
const TIERS: Record<string, Viewer> = {
  anonymous: ANONYMOUS,
  free: viewerOf({ mode: 'FREE', type: 'FREE' }, { has_subscriptions: true }),
  premium: viewerOf({ mode: 'PREMIUM', type: 'PREMIUM' }, { has_subscriptions: true }),
  platinum: viewerOf({ mode: 'PLATINUM', type: 'PLATINUM' }, { has_subscriptions: true }),
  // A manager is a platinum account with management type manager (SPEC §6); acting as itself, or inside an association.
  manager: viewerOf({ mode: 'PLATINUM', type: 'PLATINUM', management: { type: 'manager' } }, { has_subscriptions: true }),
  // Gated as the child it acts for (viewerOfUser), the signed-in person still a manager.
  managerInAssociation: viewerOf({ mode: 'PLATINUM', type: 'PLATINUM' }, { has_subscriptions: true }, true, true),
  // A managed account (management type association) acting as itself.
  association: viewerOf({ mode: 'FREE', type: 'FREE', management: { type: 'association' } }, { has_subscriptions: true }),
  premiumDemo: viewerOf({ mode: 'PREMIUM', type: 'PREMIUM_DEMO' }, { has_subscriptions: true }),
};

/** SPEC §6 menu gating read by hand, per tier: the pages that are not enabled (every other page is). */
const NOT_ENABLED: Record<string, Record<string, Access>> = {
  free: {
    subscriber: 'locked',
    theme: 'removed',
    background: 'removed',
    logo: 'removed',
    integration: 'removed',
    trigger: 'removed',
    profile: 'removed',
    apikey: 'removed',
    account_center: 'removed',
  },
  premium: {
    theme: 'removed',
    background: 'removed',
    logo: 'removed',
    integration: 'removed',
    trigger: 'removed',
    account_center: 'removed',
  },
  // The account centre is a manager's (issue 20): removed for every other account.
  platinum: { account_center: 'removed' },
  manager: {},
  // A managed account's owner keeps /account/manager (its banner opens it: its manager, the log, detach).
  association: {
    subscriber: 'locked',
    theme: 'removed',
    background: 'removed',
    logo: 'removed',
    integration: 'removed',
    trigger: 'removed',
    profile: 'removed',
    apikey: 'removed',
    account_center: 'removed',
  },
  managerInAssociation: {
    theme: 'removed',
    background: 'removed',
    logo: 'removed',
    integration: 'removed',
    trigger: 'removed',
    manager: 'removed',
    info_account: 'removed',
    order: 'removed',
    invoice: 'removed',
    profile: 'removed',
    apikey: 'removed',
  },
  premiumDemo: {
    book: 'locked',
    comment: 'locked',
    subscriber: 'locked',
    theme: 'removed',
    background: 'removed',
    logo: 'removed',
    integration: 'removed',
    trigger: 'removed',
    manager: 'removed',
    info_account: 'removed',
    order: 'removed',
    invoice: 'removed',
    profile: 'removed',
    apikey: 'removed',
    account_center: 'removed',
  },
};

describe('every account route × every role: menu, navigation and a visit agree (one gating table)', () => {
  // Every entry of the table and every page the app serves (built-in ones included).
  const routes = [...new Set([...ACCOUNT_MENU.map((i) => i.href), ...ACCOUNT_PAGES.map((p) => `/account/${p}`)])];

  it('anonymous: every account page asks to sign in first (no menu, no navigation; the server answers 301)', () => {
    expect(PAGES.account.requiresLogin).toBe(true);
    // The user-only pages are removed for a visitor whatever else holds.
    for (const key of ['manager', 'info_account', 'order', 'invoice', 'profile', 'apikey', 'theme', 'integration', 'trigger'])
      expect(access(ACCOUNT_MENU.find((i) => i.key === key)!, TIERS.anonymous as Viewer), key).toBe('removed');
  });

  for (const [tier, expected] of Object.entries(NOT_ENABLED)) {
    it(`${tier}: the table gives what SPEC §6 says, and the avatar menu, the navigation and a visit show it`, () => {
      const v = TIERS[tier] as Viewer;
      // The entries the avatar menu and the navigation both render (AccountMenuPanel, AccountNav).
      const shown = new Map(accountEntries(v, null, 0).map((e) => [e.item.href, e.access]));
      for (const href of routes) {
        const i = menuItemOf(href);
        const want: Access = i ? (expected[i.key] ?? 'enabled') : 'enabled';
        if (i) expect(access(i, v), `${tier} ${href}`).toBe(want);
        const served = isServed(href);
        // The menu and navigation entry: there (enabled or locked) exactly when served and not removed.
        expect(shown.get(href), `${tier} ${href} in the menu`).toBe(served && want !== 'removed' ? want : undefined);
        // A visit: the page, the upgrade panel, or not found, as its entry says (the site's /upgrade is no account page).
        if (href.startsWith('/account/')) expect(pageAccess(href, v), `${tier} visit ${href}`).toBe(served ? want : 'removed');
      }
    });
  }

  it('shows in the menu only what this server serves, in the table order', () => {
    const entries = menuEntries(TIERS.manager as Viewer, isServed).map((e) => e.item.href);
    expect(entries).toEqual(ACCOUNT_MENU.map((i) => i.href).filter((href) => SERVED_ACCOUNT_PATHS.has(href) || href === '/upgrade'));
    // API keys (issue 18) and the managed accounts (issue 20) landed; orders and invoices follow the server's billing (below).
    expect(entries).toContain('/account/apikey');
    expect(entries).toContain('/account/manager');
    // The account centre (issue 20) is served, but a manager's only: not a platinum account's.
    expect(SERVED_ACCOUNT_PATHS.has('/account/account-center')).toBe(true);
    expect(entries).toContain('/account/account-center');
    expect(menuEntries(TIERS.platinum as Viewer, isServed).map((e) => e.item.href)).not.toContain('/account/account-center');
  });

  it('shows Orders and Invoices only where the server sells plans (the client configuration’s billing providers)', () => {
    const shown = () => accountEntries(TIERS.free as Viewer, null, 0).map((e) => e.item.href);
    try {
      serveBilling([]);
      expect(shown()).not.toContain('/account/order');
      expect(shown()).not.toContain('/account/invoice');
      expect(pageAccess('/account/order', TIERS.free as Viewer)).toBe('removed');
      expect(pageAccess('/account/invoice', TIERS.free as Viewer)).toBe('removed');
      serveBilling(['stripe', 'manual']);
      expect(shown()).toEqual(expect.arrayContaining(['/account/order', '/account/invoice']));
      expect(pageAccess('/account/order', TIERS.free as Viewer)).toBe('enabled');
      expect(pageAccess('/account/invoice', TIERS.free as Viewer)).toBe('enabled');
      // A visitor has neither (user pages).
      expect(pageAccess('/account/order', ANONYMOUS)).toBe('removed');
    } finally {
      serveBilling(['manual']);
    }
  });

  it('hides Upgrade while the plan runs (an expiration ahead), as the dashboard does', () => {
    const keys = (expiration: number | null) => accountEntries(TIERS.premium as Viewer, expiration, 5_000).map((e) => e.item.key);
    expect(keys(null)).toContain('upgrade');
    expect(keys(1_000)).toContain('upgrade');
    expect(keys(10_000)).not.toContain('upgrade');
  });
});

describe('the API paths of the gated pages (the server checks each route against them)', () => {
  it('names the page of a call by its longest match', () => {
    expect(pageOfApiPath('/account/comment')?.key).toBe('comment');
    expect(pageOfApiPath('/account/comment/')?.key).toBe('comment');
    expect(pageOfApiPath('/account/comment/update')?.key).toBe('comment');
    expect(pageOfApiPath('/account/commentary')).toBeUndefined();
    expect(pageOfApiPath('/account/subscriber')?.key).toBe('subscriber');
    expect(pageOfApiPath('/account/integration/trigger')?.key).toBe('integration');
    expect(pageOfApiPath('/account/integration/trigger/create')?.key).toBe('integration');
    expect(pageOfApiPath('/account/integration/trigger/lead')?.key).toBe('trigger');
    expect(pageOfApiPath('/account/integration/trigger/lead/export')?.key).toBe('trigger');
    expect(pageOfApiPath('/account/book/trigger/create')?.key).toBe('trigger');
    expect(pageOfApiPath('/account/book')).toBeUndefined();
    expect(pageOfApiPath('/account/book/get')).toBeUndefined();
    expect(pageOfApiPath('/public/book/trigger')).toBeUndefined();
  });
});
