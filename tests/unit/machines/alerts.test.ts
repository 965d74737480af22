import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { normalizeAlert } from '../../../machines/alert.machine';
import { alertsMachine } from '../../../machines/alerts.machine';

const msg = { id: 'commons.requestError' };

describe('normalizeAlert (SPEC §5, §8)', () => {
  it.each([
    ['info', 'info', 2000, true],
    ['success', 'success', 1000, true],
    ['warning', 'warning', 3000, true],
    ['error', 'warning', 3000, true],
    ['fatal', 'danger', null, false],
    ['danger', 'danger', null, true],
    ['nonsense', 'info', 2000, true],
  ] as const)('%s → %s, delay %s, closable %s', (type, shown, delay, closable) => {
    const a = normalizeAlert({ key: 'k', type, message: msg, stackIndex: 0 });
    expect([a.type, a.delay, a.closable]).toEqual([shown, delay, closable]);
  });
  it('stacked alerts each wait 500 ms longer', () => {
    expect(normalizeAlert({ key: 'k', type: 'info', message: msg, stackIndex: 2 }).delay).toBe(3000);
  });
  it('fatal ignores a requested delay and close button', () => {
    const a = normalizeAlert({ key: 'k', type: 'fatal', message: msg, stackIndex: 0, delay: 10, closable: true });
    expect([a.delay, a.closable]).toEqual([null, false]);
  });
});

describe('alert queue with real timers (faked clock)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows, auto-closes after the severity delay plus the close animation, and empties', () => {
    const q = createActor(alertsMachine).start();
    q.send({ type: 'alert.push', alert: { type: 'success', message: msg } });
    const child = q.getSnapshot().context.alerts[0]!.ref;
    expect(child.getSnapshot().value).toBe('entering');
    vi.advanceTimersByTime(50);
    expect(child.getSnapshot().value).toBe('timed');
    vi.advanceTimersByTime(1000);
    expect(child.getSnapshot().value).toBe('closing');
    vi.advanceTimersByTime(300);
    expect(q.getSnapshot().value).toBe('empty');
    expect(q.getSnapshot().context.alerts).toHaveLength(0);
  });

  it('the second stacked alert closes 500 ms after the first', () => {
    const q = createActor(alertsMachine).start();
    q.send({ type: 'alert.push', alert: { type: 'info', message: msg } });
    q.send({ type: 'alert.push', alert: { type: 'info', message: msg } });
    vi.advanceTimersByTime(50 + 2000 + 300);
    expect(q.getSnapshot().context.alerts.map((a) => a.key)).toEqual(['alert-2']);
    vi.advanceTimersByTime(500);
    expect(q.getSnapshot().value).toBe('empty');
  });

  it('a fatal alert never closes by itself nor by its button; clear removes it', () => {
    const q = createActor(alertsMachine).start();
    q.send({ type: 'alert.push', alert: { type: 'fatal', message: msg } });
    const child = q.getSnapshot().context.alerts[0]!.ref;
    vi.advanceTimersByTime(60_000);
    child.send({ type: 'user.close' });
    expect(child.getSnapshot().value).toBe('sticky');
    q.send({ type: 'alerts.clear' });
    vi.advanceTimersByTime(300);
    expect(q.getSnapshot().value).toBe('empty');
  });

  it('the close button closes a closable alert early', () => {
    const q = createActor(alertsMachine).start();
    q.send({ type: 'alert.push', alert: { type: 'warning', message: msg } });
    vi.advanceTimersByTime(50);
    q.getSnapshot().context.alerts[0]!.ref.send({ type: 'user.close' });
    vi.advanceTimersByTime(300);
    expect(q.getSnapshot().value).toBe('empty');
  });
});
