import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { accountTimestampMachine } from '../../../machines/accounts/account-timestamp.machine';

/** The account-timestamp machine with a session fetch the test settles. */
function start() {
  const fetches: { resolve: () => void; reject: (e: unknown) => void }[] = [];
  const refreshUser = vi.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        fetches.push({ resolve, reject });
      }),
  );
  const actor = createActor(
    accountTimestampMachine.provide({ actors: { refreshUser: fromPromise<unknown>(() => refreshUser()) } }),
  ).start();
  const settle = async (ok = true) => {
    const f = fetches.shift();
    if (ok) f?.resolve();
    else f?.reject(new Error('offline'));
    await Promise.resolve();
    await Promise.resolve();
  };
  return { actor, refreshUser, settle, context: () => actor.getSnapshot().context };
}

describe('account timestamp: a newer ats refreshes the user once', () => {
  it('refreshes at once when nothing is in flight, and records the highest ats', () => {
    const s = start();
    s.actor.send({ type: 'ats.newer', ats: 5 });
    expect(s.refreshUser).toHaveBeenCalledTimes(1);
    expect(s.actor.getSnapshot().value).toBe('refreshing');
    s.actor.send({ type: 'ats.newer', ats: 7 });
    s.actor.send({ type: 'ats.newer', ats: 6 });
    expect(s.refreshUser).toHaveBeenCalledTimes(1);
    expect(s.context().seen).toBe(7);
  });
  it('while a session fetch is in flight (it brings the user) the ats is only recorded', () => {
    const s = start();
    s.actor.send({ type: 'session.fetching' });
    s.actor.send({ type: 'ats.newer', ats: 9 });
    expect(s.refreshUser).not.toHaveBeenCalled();
    expect(s.context().seen).toBe(9);
    s.actor.send({ type: 'session.fetched' });
    s.actor.send({ type: 'ats.newer', ats: 10 });
    expect(s.refreshUser).toHaveBeenCalledTimes(1);
  });
  it('after a refresh ends (done or failed) the next newer ats refreshes again', async () => {
    const s = start();
    s.actor.send({ type: 'ats.newer', ats: 1 });
    await s.settle(false);
    expect(s.actor.getSnapshot().value).toBe('idle');
    s.actor.send({ type: 'ats.newer', ats: 2 });
    await s.settle(true);
    s.actor.send({ type: 'ats.newer', ats: 3 });
    expect(s.refreshUser).toHaveBeenCalledTimes(3);
  });
  it('an unmatched "fetched" report never makes the count negative', () => {
    const s = start();
    s.actor.send({ type: 'session.fetched' });
    expect(s.context().inFlight).toBe(0);
  });
});
