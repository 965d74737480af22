import { describe, expect, it } from 'vitest';
import { createTracker, dataLayerTracker, noopTracker, TRACKER_EVENTS } from '../../../src/web/app/tracker';

describe('marketing tracker (SPEC §7)', () => {
  it('is a no-op unless a data layer is configured', () => {
    const win = {} as Window;
    expect(createTracker('', win)).toBe(noopTracker);
    expect(createTracker('dataLayer', null)).toBe(noopTracker);
    noopTracker.identify({ email: 'a@b.co', language: 'en' });
    expect(win).toEqual({});
  });

  it('pushes every event of the spec to the configured array, creating it or joining the one there', () => {
    const win = {} as Window & { dataLayer?: unknown[]; tags?: unknown[] };
    const tracker = createTracker('dataLayer', win);
    tracker.identify({ email: 'ada@example.org', language: 'de' });
    tracker.upgradeOrderStarted({ plan: 'PREMIUM' });
    tracker.upgradeOrderSubmitted({ plan: 'PREMIUM', period: 'year' });
    tracker.upgradeOrderCompleted({ plan: 'PREMIUM', period: 'year' });
    tracker.proActivation();
    expect(win.dataLayer).toEqual([
      { event: TRACKER_EVENTS.identify, email: 'ada@example.org', language: 'de' },
      { event: 'upgrade_order_started', plan: 'PREMIUM' },
      { event: 'upgrade_order_submitted', plan: 'PREMIUM', period: 'year' },
      { event: 'upgrade_order_completed', plan: 'PREMIUM', period: 'year' },
      { event: 'pro_account_activation' },
    ]);
    const existing: unknown[] = [{ event: 'gtm.js' }];
    win.tags = existing;
    createTracker('tags', win).proActivation();
    expect(win.tags).toBe(existing);
    expect(existing).toEqual([{ event: 'gtm.js' }, { event: 'pro_account_activation' }]);
  });

  it('never throws when the tag manager does', () => {
    const tracker = dataLayerTracker({
      push: () => {
        throw new Error('broken tag');
      },
    });
    expect(() => tracker.identify({ email: 'a@b.co', language: 'en' })).not.toThrow();
  });
});
