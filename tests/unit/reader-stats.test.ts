import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATS_LIMITS } from '../../src/contracts/stats';
import {
  contextOf,
  deviceClass,
  optedOut,
  referrerOrigin,
  shareMarker,
  startReadingStats,
  VisitEvents,
  visitReferrer,
  withShareMarker,
} from '../../src/viewer/stats';

/** The reader's statistics (issue 17): the visit's events and batches, where it runs, and the beacon. */

const HEAD = { b: 'book1', visit: 'v'.repeat(22), ctx: 'reader', device: 'desktop' } as const;
const parse = (bodies: string[]) => bodies.map((b) => JSON.parse(b) as { ev: { k: string; p?: number; ms?: number; at: number }[] });

describe('VisitEvents', () => {
  let now = 1_000_000;
  const clock = () => now;
  beforeEach(() => {
    now = 1_000_000;
  });

  it('opens on the first pages shown and gives each page of a spread its visible time when the view ends', () => {
    const visit = new VisitEvents(HEAD, clock);
    visit.show([]);
    expect(visit.isOpen).toBe(false);
    now += 500;
    visit.show([1]);
    expect(visit.isOpen).toBe(true);
    now += 3000;
    visit.show([2, 3]);
    now += 5000;
    visit.show([2, 3]); // the same spread again changes nothing
    now += 1000;
    visit.show([4]);
    const [batch] = parse(visit.take(false));
    expect(batch).toEqual({
      ...HEAD,
      ev: [
        { k: 'open', p: 1, at: 500 },
        { k: 'page', p: 1, ms: 3000, at: 3500 },
        { k: 'page', p: 2, ms: 6000, at: 9500 },
        { k: 'page', p: 3, ms: 6000, at: 9500 },
      ],
    });
    // The page on screen is sent when the tab is left (once: the hidden that follows adds nothing) ...
    now += 2000;
    expect(parse(visit.take(true))[0]?.ev).toEqual([{ k: 'page', p: 4, ms: 2000, at: 11_500 }]);
    now += 700;
    visit.setHidden(true);
    expect(visit.take(true)).toEqual([]);
    // ... and counts again once the tab shows again (back from the back-forward cache).
    visit.setHidden(false);
    now += 300;
    expect(parse(visit.take(true))[0]?.ev).toEqual([{ k: 'page', p: 4, ms: 300, at: 12_500 }]);
    visit.setHidden(false);
    now += 400;
    expect(parse(visit.take(true))[0]?.ev).toEqual([{ k: 'page', p: 4, ms: 400, at: 12_900 }]);
    expect(visit.take(false)).toEqual([]);
  });

  it('stops the time while hidden, caps a page view and keeps other events in order', () => {
    const visit = new VisitEvents(HEAD, clock);
    visit.show([2]);
    now += 1000;
    visit.setHidden(true);
    now += 60_000;
    visit.track('zoom', 2);
    visit.setHidden(false);
    now += STATS_LIMITS.pageMsMax + 5000;
    visit.track('download');
    visit.show([]);
    visit.track('lead', 0);
    expect(parse(visit.take(true))[0]?.ev).toEqual([
      { k: 'open', p: 2, at: 0 },
      { k: 'page', p: 2, ms: 1000, at: 1000 },
      { k: 'zoom', p: 2, at: 61_000 },
      { k: 'download', at: 61_000 + STATS_LIMITS.pageMsMax + 5000 },
      { k: 'page', p: 2, ms: STATS_LIMITS.pageMsMax, at: 61_000 + STATS_LIMITS.pageMsMax + 5000 },
      // A page that is no page is left out of the event.
      { k: 'lead', at: 61_000 + STATS_LIMITS.pageMsMax + 5000 },
    ]);
  });

  it('splits many events into batches of at most batchMax events and bodyMaxBytes bytes', () => {
    const visit = new VisitEvents(HEAD, clock);
    for (let i = 0; i < STATS_LIMITS.batchMax * 2 + 5; i++) visit.track('search');
    const bodies = visit.take(false);
    expect(parse(bodies).map((b) => b.ev.length)).toEqual([STATS_LIMITS.batchMax, STATS_LIMITS.batchMax, 5]);
    const long = new VisitEvents({ ...HEAD, ref: `https://example.org/${'x'.repeat(STATS_LIMITS.bodyMaxBytes)}` }, clock);
    for (let i = 0; i < 10; i++) long.track('zoom', i + 1);
    // A head over the limit alone still goes, one event at a time (the server drops it): never an endless loop.
    expect(long.take(false)).toHaveLength(10);
    const fits = new VisitEvents({ ...HEAD, ref: `https://example.org/${'x'.repeat(STATS_LIMITS.refMaxLength - 20)}` }, clock);
    for (let i = 0; i < STATS_LIMITS.batchMax; i++) fits.track('page', 1);
    for (const body of fits.take(false)) expect(body.length).toBeLessThanOrEqual(STATS_LIMITS.bodyMaxBytes);
  });
});

describe('where the reader runs and what the address says', () => {
  it('widget by its parameter, embed when framed, else the reader', () => {
    expect(contextOf('?via=widget', true)).toBe('widget');
    expect(contextOf('?via=widget', false)).toBe('widget');
    expect(contextOf('?mode=slide', true)).toBe('embed');
    expect(contextOf('', false)).toBe('reader');
  });

  it('reads and writes the share marker', () => {
    expect(shareMarker('?src=facebook')).toBe('facebook');
    expect(shareMarker('?src=LinkedIn&t=x')).toBe('linkedin');
    expect(shareMarker('?src=<script>')).toBeUndefined();
    expect(shareMarker('')).toBeUndefined();
    expect(withShareMarker('https://q.test/read/b1?token=abc&src=x', 'mail')).toBe('https://q.test/read/b1?token=abc&src=mail');
  });

  it('sends only the referrer’s origin', () => {
    expect(referrerOrigin('https://blog.example.org/post/1?q=secret#x')).toBe('https://blog.example.org');
    expect(referrerOrigin('')).toBeUndefined();
    expect(referrerOrigin('android-app://com.example')).toBeUndefined();
  });

  it('a reader opened from the library widget comes from the site that embeds the widget, not the widget’s page', () => {
    const widgetPage = 'https://quire.test/library/?id=a1';
    expect(visitReferrer('?via=widget&site=https%3A%2F%2Fshop.example.com', widgetPage)).toBe('https://shop.example.com');
    // Without the widget's marker the parameter means nothing; without a usable site, the referrer.
    expect(visitReferrer('?site=https%3A%2F%2Fshop.example.com', 'https://blog.example.org/x')).toBe('https://blog.example.org');
    expect(visitReferrer('?via=widget&site=javascript%3Aalert(1)', widgetPage)).toBe('https://quire.test');
    expect(visitReferrer('?via=widget', '')).toBeUndefined();
  });

  it('device classes: phone up to 745 px, touch tablet up to 1180 px, else desktop', () => {
    expect(deviceClass(745, false)).toBe('phone');
    expect(deviceClass(746, true)).toBe('tablet');
    expect(deviceClass(1181, true)).toBe('desktop');
    expect(deviceClass(1000, false)).toBe('desktop');
  });

  it('honours Do Not Track and Global Privacy Control', () => {
    const win = {} as Window;
    expect(optedOut({ doNotTrack: '1' } as Navigator, win)).toBe(true);
    expect(optedOut({ globalPrivacyControl: true } as unknown as Navigator, win)).toBe(true);
    expect(optedOut({ doNotTrack: null } as unknown as Navigator, { doNotTrack: '1' } as unknown as Window)).toBe(true);
    expect(optedOut({ doNotTrack: '0' } as Navigator, win)).toBe(false);
    expect(optedOut({} as Navigator, win)).toBe(false);
  });
});

describe('startReadingStats', () => {
  const listeners: Record<string, () => void> = {};
  const docListeners: Record<string, ((e: unknown) => void)[]> = {};
  const beacons: { url: string; body: Record<string, unknown> }[] = [];
  const doc = {
    hidden: false,
    referrer: 'https://news.example.net/story?id=7',
    addEventListener: (type: string, fn: (e: unknown) => void) => {
      docListeners[type] = [...(docListeners[type] ?? []), fn];
    },
  };
  const storage = new Map<string, string>();
  const nav: Record<string, unknown> = {};

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(5_000_000);
    beacons.length = 0;
    for (const k of Object.keys(docListeners)) delete docListeners[k];
    for (const k of Object.keys(listeners)) delete listeners[k];
    for (const k of Object.keys(nav)) delete nav[k];
    Object.assign(nav, {
      maxTouchPoints: 0,
      language: 'de-DE',
      sendBeacon: (url: string, body: string) => {
        beacons.push({ url, body: JSON.parse(body) });
        return true;
      },
    });
    vi.stubGlobal('document', doc);
    vi.stubGlobal('location', { search: '?src=x' });
    vi.stubGlobal('window', {
      sessionStorage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) },
    });
    vi.stubGlobal('addEventListener', (type: string, fn: () => void) => (listeners[type] = fn));
    vi.stubGlobal('innerWidth', 1400);
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    vi.stubGlobal('navigator', nav);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const shown = (pages: number[], more: { zoomed?: boolean; searching?: boolean } = {}) => ({
    pages,
    zoomed: false,
    searching: false,
    ...more,
  });

  it('sends the open at once, then every flushMs and when the tab is hidden or left', () => {
    const stats = startReadingStats({ beacon: 'https://beacon.quire.test/', bookId: 'book1', token: 'a'.repeat(32), framed: true });
    stats.update(shown([]));
    expect(beacons).toHaveLength(0);
    stats.update(shown([1]));
    expect(beacons).toHaveLength(1);
    const visit = storage.get('quire.stats.visit');
    expect(visit).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(beacons[0]).toEqual({
      url: 'https://beacon.quire.test/e',
      body: {
        b: 'book1',
        t: 'a'.repeat(32),
        visit,
        ctx: 'embed',
        device: 'desktop',
        ref: 'https://news.example.net',
        share: 'x',
        lang: 'de',
        ev: [{ k: 'open', p: 1, at: 0 }],
      },
    });
    vi.advanceTimersByTime(2000);
    stats.update(shown([2, 3], { zoomed: true }));
    stats.update(shown([2, 3], { zoomed: true }));
    stats.update(shown([2, 3], { searching: true }));
    vi.advanceTimersByTime(STATS_LIMITS.flushMs - 2000);
    expect(beacons).toHaveLength(2);
    expect(beacons[1]?.body.ev).toEqual([
      { k: 'page', p: 1, ms: 2000, at: 2000 },
      { k: 'zoom', p: 2, at: 2000 },
      { k: 'search', at: 2000 },
    ]);
    // Nothing new: no batch.
    vi.advanceTimersByTime(STATS_LIMITS.flushMs);
    expect(beacons).toHaveLength(2);
    vi.advanceTimersByTime(1000);
    stats.track('lead');
    doc.hidden = true;
    for (const fn of docListeners.visibilitychange ?? []) fn({});
    expect(beacons).toHaveLength(3);
    expect(beacons[2]?.body.ev).toEqual([
      { k: 'lead', at: 2000 + 2 * STATS_LIMITS.flushMs - 1000 },
      { k: 'page', p: 2, ms: 2 * STATS_LIMITS.flushMs - 1000, at: 2000 + 2 * STATS_LIMITS.flushMs - 1000 },
      { k: 'page', p: 3, ms: 2 * STATS_LIMITS.flushMs - 1000, at: 2000 + 2 * STATS_LIMITS.flushMs - 1000 },
    ]);
    // Hidden: no time counts; pagehide sends nothing more.
    vi.advanceTimersByTime(60_000);
    listeners.pagehide?.();
    expect(beacons).toHaveLength(3);
    doc.hidden = false;
  });

  it('counts link, share, download and print clicks', () => {
    const stats = startReadingStats({ beacon: '', bookId: 'book1', token: null, framed: false });
    stats.update(shown([1]));
    const el = (selector: string, href = '', attributes: Record<string, string> = {}) => ({
      closest: (s: string) => (s === selector ? { href, getAttribute: (name: string) => attributes[name] ?? null } : null),
    });
    class FakeElement {}
    vi.stubGlobal('Element', FakeElement);
    const click = (target: object, prevented = false) => {
      Object.setPrototypeOf(target, FakeElement.prototype);
      for (const fn of docListeners.click ?? []) fn({ target, defaultPrevented: prevented });
    };
    click(el('a.qr-link'));
    // The share menu's items: a service, the link copied, and one the contract does not know (no service sent).
    click(el('[data-share]', '', { 'data-share': 'linkedin' }));
    click(el('[data-share]', '', { 'data-share': 'copy' }));
    click(el('[data-share]', '', { 'data-share': 'myspace' }));
    click(el('a[href*="/public/book/download"]', '/api/public/book/download?id=book1&v=2'));
    click(el('a[href*="/public/book/download"]', '/api/public/book/download?id=book1&v=2&disposition=inline'));
    // Held by the lead form: not yet a download.
    click(el('a[href*="/public/book/download"]', '/api/public/book/download?id=book1&v=2'), true);
    listeners.pagehide?.();
    expect(beacons.map((b) => b.url)).toEqual(['/e', '/e']);
    expect(((beacons[1]?.body.ev ?? []) as { k: string }[]).map((e) => e.k)).toEqual([
      'link',
      'share',
      'share',
      'share',
      'download',
      'print',
      'page',
    ]);
    expect(((beacons[1]?.body.ev ?? []) as { k: string; s?: string }[]).filter((e) => e.k === 'share').map((e) => e.s)).toEqual([
      'linkedin',
      'copy',
      undefined,
    ]);
    expect(beacons[1]?.body).toMatchObject({ ctx: 'reader', share: 'x' });
    expect(beacons[1]?.body.ref).toBe('https://news.example.net');
  });

  it('sends nothing under Do Not Track, and says so when the browser is automated', () => {
    nav.doNotTrack = '1';
    const quiet = startReadingStats({ beacon: '', bookId: 'book1', token: null, framed: false });
    quiet.update(shown([1]));
    listeners.pagehide?.();
    expect(beacons).toHaveLength(0);
    delete nav.doNotTrack;
    nav.webdriver = true;
    const robot = startReadingStats({ beacon: '', bookId: 'book1', token: null, framed: false });
    robot.update(shown([1]));
    expect(beacons[0]?.body.wd).toBe(1);
  });
});
