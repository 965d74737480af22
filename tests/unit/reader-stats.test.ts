import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceClass, PageTimer, startReadingStats } from '../../src/viewer/stats';

/** The reader's statistics: visible time per shown page (fake timers), device class, reports by beacon. */
describe('PageTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('gives every page of the shown spread the time it was on screen', () => {
    const timer = new PageTimer();
    timer.show([1]);
    vi.advanceTimersByTime(3000);
    timer.show([2, 3]);
    vi.advanceTimersByTime(5000);
    timer.show([2, 3]); // the same spread again changes nothing
    vi.advanceTimersByTime(1000);
    timer.show([1]);
    vi.advanceTimersByTime(500);
    expect(timer.take()).toEqual([
      { page: 1, ms: 3500 },
      { page: 2, ms: 6000 },
      { page: 3, ms: 6000 },
    ]);
  });

  it('pauses while the document is hidden and while nothing is shown', () => {
    const timer = new PageTimer();
    timer.show([4]);
    vi.advanceTimersByTime(1000);
    timer.setHidden(true);
    vi.advanceTimersByTime(60_000);
    timer.setHidden(false);
    vi.advanceTimersByTime(2000);
    timer.show([]);
    vi.advanceTimersByTime(10_000);
    expect(timer.take()).toEqual([{ page: 4, ms: 3000 }]);
    // Shown while hidden: time starts only when the document becomes visible.
    timer.setHidden(true);
    timer.show([5]);
    vi.advanceTimersByTime(7000);
    timer.setHidden(false);
    vi.advanceTimersByTime(250);
    expect(timer.take()).toEqual([{ page: 5, ms: 250 }]);
  });

  it('starts over after each take and caps a page at 10 minutes per report', () => {
    const timer = new PageTimer();
    timer.show([1]);
    vi.advanceTimersByTime(2000);
    expect(timer.take()).toEqual([{ page: 1, ms: 2000 }]);
    vi.advanceTimersByTime(700);
    expect(timer.take()).toEqual([{ page: 1, ms: 700 }]);
    expect(timer.take()).toEqual([]);
    vi.advanceTimersByTime(3_600_000);
    expect(timer.take()).toEqual([{ page: 1, ms: 600_000 }]);
  });
});

describe('deviceClass', () => {
  it('phone up to 745 px, touch tablet up to 1180 px, else desktop', () => {
    expect(deviceClass(745, false)).toBe('phone');
    expect(deviceClass(400, true)).toBe('phone');
    expect(deviceClass(746, true)).toBe('tablet');
    expect(deviceClass(1180, true)).toBe('tablet');
    expect(deviceClass(1181, true)).toBe('desktop');
    expect(deviceClass(1000, false)).toBe('desktop');
  });
});

describe('startReadingStats', () => {
  const listeners: Record<string, () => void> = {};
  const docListeners: Record<string, () => void> = {};
  const beacons: { url: string; body: Record<string, unknown> }[] = [];
  const doc = { hidden: false, addEventListener: (type: string, fn: () => void) => (docListeners[type] = fn) };
  const storage = new Map<string, string>();

  beforeEach(() => {
    vi.useFakeTimers();
    beacons.length = 0;
    vi.stubGlobal('document', doc);
    vi.stubGlobal('window', {
      sessionStorage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) },
    });
    vi.stubGlobal('addEventListener', (type: string, fn: () => void) => (listeners[type] = fn));
    vi.stubGlobal('innerWidth', 1400);
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    vi.stubGlobal('navigator', {
      maxTouchPoints: 0,
      sendBeacon: (url: string, blob: Blob) => {
        // Blob.text is async; the test reads the bodies after flushing microtasks.
        void blob.text().then((text) => beacons.push({ url, body: JSON.parse(text) }));
        return true;
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('reports every 30 s and when the tab is hidden, marks the first report as the view', async () => {
    const stats = startReadingStats('/api', 'book1', 'a'.repeat(32));
    vi.advanceTimersByTime(30_000);
    stats.show([1]);
    vi.advanceTimersByTime(30_000); // the interval fires at 60 s: 30 s of page 1
    stats.show([2, 3]);
    vi.advanceTimersByTime(4000);
    doc.hidden = true;
    docListeners.visibilitychange?.();
    vi.advanceTimersByTime(30_000); // hidden: nothing more to report
    listeners.pagehide?.();
    await vi.waitFor(() => expect(beacons).toHaveLength(2));
    const session = storage.get('quire.stats.session');
    expect(session).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(beacons[0]).toEqual({
      url: '/api/public/book/stats?v=2',
      body: { id: 'book1', session, device: 'desktop', token: 'a'.repeat(32), open: true, pages: [{ page: 1, ms: 30_000 }] },
    });
    expect(beacons[1]?.body).toEqual({
      id: 'book1',
      session,
      device: 'desktop',
      token: 'a'.repeat(32),
      pages: [
        { page: 2, ms: 4000 },
        { page: 3, ms: 4000 },
      ],
    });
    doc.hidden = false;
  });
});
