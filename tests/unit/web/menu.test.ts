import { describe, expect, it } from 'vitest';
import { ACCOUNT_MENU, access, showsUpgrade, type Viewer } from '../../../src/web/session/menu';

const item = (href: string) => ACCOUNT_MENU.find((i) => i.href === href)!;
const viewer = (patch: Partial<Viewer> = {}): Viewer => ({
  loggedIn: true,
  mode: 'PLATINUM',
  demo: false,
  hasSubscriptions: true,
  inAssociation: false,
  ...patch,
});

describe('account menu (SPEC §2 links, §6 gating)', () => {
  it('has every account link of the spec in order', () => {
    expect(ACCOUNT_MENU.map((i) => i.href)).toEqual([
      '/upgrade',
      '/account/info_profile',
      '/account/security',
      '/account/notification',
      '/account/privacy',
      '/account/dashboard',
      '/account/book',
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
  });
  it('a platinum user sees everything enabled', () => {
    expect(ACCOUNT_MENU.every((i) => access(i, viewer()) === 'enabled')).toBe(true);
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
  it('user-only items are removed for logged-out visitors and inside an association session', () => {
    expect(access(item('/account/order'), viewer({ loggedIn: false }))).toBe('removed');
    expect(access(item('/account/manager'), viewer({ inAssociation: true }))).toBe('removed');
  });
  it('the upgrade button shows without an expiration or when it is past', () => {
    expect(showsUpgrade(null, 1_000)).toBe(true);
    expect(showsUpgrade(1, 5_000)).toBe(true);
    expect(showsUpgrade(10, 5_000)).toBe(false);
  });
});

describe('account menu entries (no dead ends)', () => {
  it('are served only for account pages this server has', async () => {
    const { SERVED_ACCOUNT_PATHS } = await import('../../../src/web/pages/routes');
    for (const path of [
      '/account/dashboard',
      '/account/info_profile',
      '/account/book',
      '/account/stats',
      '/account/folders',
      '/account/security',
    ])
      expect(SERVED_ACCOUNT_PATHS.has(path), path).toBe(true);
    for (const path of ['/upgrade', '/account/order', '/account/apikey']) expect(SERVED_ACCOUNT_PATHS.has(path), path).toBe(false);
  });
});
