import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import {
  type AdoptedToken,
  type HandedOverToken,
  refreshLockMachine,
  type StoredToken,
} from '../../../machines/accounts/refresh-lock.machine';
import type { SessionSource } from '../../../machines/accounts/types';
import { REFRESH_LOCK_HANDOFF_MS } from '../../../machines/constants';

const b64url = (text: string) => Buffer.from(text).toString('base64url');
const jwt = (sub: string, n = 1) => `${b64url('{"alg":"HS256"}')}.${b64url(JSON.stringify({ sub, n }))}.signature`;
const NOW = 1_700_000_000_000;
const HOUR = 3_600_000;
const stored = (issuedAt: number, n = 1): StoredToken => ({
  session: { access_token: jwt('p-alice', n), issued_at: issuedAt, expires_at: issuedAt + HOUR },
  profile: { id: 'p-alice' },
});
const fresh: SessionSource = { session: { access_token: jwt('p-alice', 2), expires_in: 3600 }, profile: { id: 'p-alice' } };
const handoff = (receivedAt: number): HandedOverToken => ({ content: fresh, receivedAt });

/** A refresh lock whose lock is granted by the test, with recording side effects. */
function start(options: { stored?: StoredToken | null; handoff?: HandedOverToken | null; fetch?: () => Promise<SessionSource> } = {}) {
  const lock = { requested: 0, released: 0, grant: () => {} };
  const read = vi.fn(async () => ({ stored: options.stored ?? null, now: NOW }));
  const fetch = vi.fn(options.fetch ?? (async () => fresh));
  const storeToken = vi.fn<(token: AdoptedToken) => void>();
  const postHandoff = vi.fn<(content: SessionSource) => void>();
  const machine = refreshLockMachine.provide({
    actors: {
      holdLock: fromCallback(({ sendBack }) => {
        lock.requested++;
        lock.grant = () => sendBack({ type: 'lock.acquired' });
        return () => {
          lock.released++;
        };
      }),
      readStoredToken: fromPromise(read),
      fetchSession: fromPromise(() => fetch()),
    },
    actions: {
      storeToken: (_, { token }) => storeToken(token),
      postHandoff: (_, { content }) => postHandoff(content),
    },
  });
  const actor = createActor(machine, { input: { handoff: options.handoff ?? null } }).start();
  return { actor, lock, read, fetch, storeToken, postHandoff, value: () => actor.getSnapshot().value };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('refresh lock: nothing happens before the lock is held', () => {
  it('waits for the lock without reading or calling', async () => {
    const s = start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(s.lock.requested).toBe(1);
    expect(s.value()).toEqual({ locked: 'waiting' });
    expect(s.read).not.toHaveBeenCalled();
    expect(s.fetch).not.toHaveBeenCalled();
  });
});

describe('refresh lock: another tab refreshed while this one waited', () => {
  it('never adopts a fresh token of another subject (the session refreshes it because of that): it calls the server', async () => {
    const foreign: StoredToken = { ...stored(NOW - 1_000), session: { ...stored(NOW - 1_000).session, access_token: jwt('p-bob') } };
    const s = start({
      stored: foreign,
      handoff: { content: { ...fresh, session: { ...fresh.session, access_token: jwt('p-bob', 2) } }, receivedAt: NOW - 100 },
    });
    s.lock.grant();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.storeToken).not.toHaveBeenCalled();
    expect(s.fetch).toHaveBeenCalledTimes(1);
    expect(s.postHandoff).toHaveBeenCalledWith(fresh);
    await vi.advanceTimersByTimeAsync(REFRESH_LOCK_HANDOFF_MS);
    expect(s.actor.getSnapshot().output).toEqual({ kind: 'refreshed', content: fresh });
  });
  it('lock acquired → re-reads the stored token → adopts it without a call and releases the lock', async () => {
    const s = start({ stored: stored(NOW - 60_000) });
    s.lock.grant();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.read).toHaveBeenCalledTimes(1);
    expect(s.fetch).not.toHaveBeenCalled();
    expect(s.postHandoff).not.toHaveBeenCalled();
    expect(s.storeToken).toHaveBeenCalledWith({ from: 'stored', stored: stored(NOW - 60_000) });
    expect(s.actor.getSnapshot().status).toBe('done');
    expect(s.actor.getSnapshot().output).toEqual({
      kind: 'adopted',
      content: { session: { access_token: jwt('p-alice'), expires_in: 3540 }, profile: { id: 'p-alice' } },
    });
    expect(s.lock.released).toBe(1);
  });
  it('adopts the token handed over on the channel when the storage write has not arrived yet', async () => {
    const s = start({ stored: stored(NOW - HOUR / 2) });
    s.actor.send({ type: 'tab.handoff', token: handoff(NOW - 100) });
    s.lock.grant();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.fetch).not.toHaveBeenCalled();
    expect(s.storeToken).toHaveBeenCalledWith({ from: 'handoff', handoff: handoff(NOW - 100), stored: stored(NOW - HOUR / 2) });
    expect(s.actor.getSnapshot().output).toEqual({ kind: 'adopted', content: fresh });
    expect(s.lock.released).toBe(1);
  });
  it('a token handed over before the refresh began (input) counts too; the stored one wins when both are fresh', async () => {
    const fromInput = start({ handoff: handoff(NOW - 100) });
    fromInput.lock.grant();
    const both = start({ stored: stored(NOW - 1_000, 3), handoff: handoff(NOW - 100) });
    both.lock.grant();
    await vi.advanceTimersByTimeAsync(0);
    expect(fromInput.storeToken).toHaveBeenCalledWith({ from: 'handoff', handoff: handoff(NOW - 100), stored: null });
    expect(both.storeToken).toHaveBeenCalledWith({ from: 'stored', stored: stored(NOW - 1_000, 3) });
    expect(fromInput.fetch).not.toHaveBeenCalled();
    expect(both.fetch).not.toHaveBeenCalled();
  });
  it('a stale hand-over, a stored token past the first half of its life or of unknown age: calls the server', async () => {
    const stale = start({ stored: stored(NOW - HOUR / 2 + 4_000), handoff: handoff(NOW - HOUR / 2 + 4_000) });
    const unknown = start({ stored: { ...stored(0), session: { ...stored(0).session, expires_at: NOW + HOUR } } });
    stale.lock.grant();
    unknown.lock.grant();
    await vi.advanceTimersByTimeAsync(0);
    expect(stale.fetch).toHaveBeenCalledTimes(1);
    expect(unknown.fetch).toHaveBeenCalledTimes(1);
    expect(stale.storeToken).not.toHaveBeenCalled();
  });
});

describe('refresh lock: this tab refreshes and hands over', () => {
  it('calls the server, hands the new token over, keeps the lock 150 ms, then releases it', async () => {
    const s = start({ stored: stored(NOW - HOUR / 2) });
    s.lock.grant();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.fetch).toHaveBeenCalledTimes(1);
    expect(s.postHandoff).toHaveBeenCalledWith(fresh);
    expect(s.value()).toEqual({ locked: 'handingOff' });
    await vi.advanceTimersByTimeAsync(REFRESH_LOCK_HANDOFF_MS - 1);
    expect(s.lock.released).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.lock.released).toBe(1);
    expect(s.actor.getSnapshot().output).toEqual({ kind: 'refreshed', content: fresh });
    expect(s.storeToken).not.toHaveBeenCalled();
  });
  it('a failed call ends with its error, nothing handed over, lock released', async () => {
    const failure = { kind: 'server', type: 'SERVER', code: 500 };
    const s = start({ fetch: () => Promise.reject(failure) });
    s.lock.grant();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.actor.getSnapshot().output).toEqual({ kind: 'failed', error: failure });
    expect(s.postHandoff).not.toHaveBeenCalled();
    expect(s.lock.released).toBe(1);
  });
  it('stopped while waiting (logout, expiry): the lock request is withdrawn', () => {
    const s = start();
    s.actor.stop();
    expect(s.lock.released).toBe(1);
  });
});
