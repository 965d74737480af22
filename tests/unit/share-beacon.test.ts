import { describe, expect, it } from 'vitest';
import { USER_KEY } from '../../src/web/session/user-store';
import { browserDevice, publisherId, sendShareBeacon, storedAccountId } from '../../src/web/share/beacon';

/** The client's beacon sender (src/web/share/beacon.ts): URL, device class, own-account skip. */
describe('sendShareBeacon', () => {
  it('requests {beacon}/b.gif with the share parameters and a bounded random cache-buster', () => {
    const loaded: string[] = [];
    const url = sendShareBeacon('/t', { source: 'tumblr', kind: 'book', accountId: 'a1', bookId: 'b1' }, 'someone-else', {
      device: 'tablet',
      random: () => 0.5,
      load: (u) => loaded.push(u),
    });
    expect(url).toBe('/t/b.gif?e=share&cb=500000000&d=tablet&s=tumblr&aid=a1&bid=b1&t=book');
    expect(loaded).toEqual([url]);
  });

  it('sends nothing when the shared account is the current user’s', () => {
    const loaded: string[] = [];
    const url = sendShareBeacon('', { source: 'x', kind: 'account', accountId: 'me' }, 'me', {
      device: 'phone',
      load: (u) => loaded.push(u),
    });
    expect(url).toBeNull();
    expect(loaded).toEqual([]);
  });

  it('sends for anonymous visitors and for book shares without a known account', () => {
    const loaded: string[] = [];
    sendShareBeacon('', { source: 'copy', kind: 'book', bookId: 'b1' }, 'me', { device: 'desktop', load: (u) => loaded.push(u) });
    sendShareBeacon('', { source: 'mail', kind: 'account', accountId: 'me' }, null, { device: 'desktop', load: (u) => loaded.push(u) });
    expect(loaded).toHaveLength(2);
    expect(new URL(loaded[0] ?? '', 'http://x').searchParams.has('aid')).toBe(false);
  });

  it('classes the browser from its width and touch support', () => {
    const win = (innerWidth: number, maxTouchPoints: number) =>
      ({ innerWidth, navigator: { maxTouchPoints }, matchMedia: () => ({ matches: false }) }) as unknown as Window;
    expect(browserDevice(win(390, 5))).toBe('phone');
    expect(browserDevice(win(900, 5))).toBe('tablet');
    expect(browserDevice(win(900, 0))).toBe('desktop');
    expect(browserDevice(win(1280, 5))).toBe('desktop');
  });
});

describe('the reader’s share menu: whose share it is', () => {
  it('reads the publisher from its page URL and the signed-in account from the stored user', () => {
    expect(publisherId('/publisher/acc_1-x')).toBe('acc_1-x');
    expect(publisherId('/demo')).toBeUndefined();
    const store = (value: string | null) => ({ getItem: (key: string) => (key === USER_KEY ? value : null) });
    expect(storedAccountId(store(JSON.stringify({ account: { id: 'me' } })))).toBe('me');
    expect(storedAccountId(store(null))).toBeNull();
    expect(storedAccountId(store('{broken'))).toBeNull();
    expect(storedAccountId(store(JSON.stringify({ account: { id: 5 } })))).toBeNull();
  });
});
