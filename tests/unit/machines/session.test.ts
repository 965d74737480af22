import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { refreshLockMachine, type StoredToken } from '../../../machines/accounts/refresh-lock.machine';
import { tokenSubject } from '../../../machines/accounts/token';
import { OTHER_TAB_REFRESH_DELAY_MS, REFRESH_LOCK_HANDOFF_MS, SESSION_EXPIRED_ALERT_DELAY_MS } from '../../../machines/constants';
import { refreshDelayMs, type SessionSource, sessionMachine } from '../../../machines/session.machine';

const b64url = (text: string) => Buffer.from(text).toString('base64url');
const jwt = (sub: string) => `${b64url('{"alg":"HS256"}')}.${b64url(JSON.stringify({ sub }))}.signature`;
const source = (profileId: string, sub = profileId, expiresIn = 3600): SessionSource => ({
  session: { access_token: jwt(sub), expires_in: expiresIn },
  profile: { id: profileId },
});
const alice = source('p-alice');
const HALF_HOUR = 1_800_000;

type Calls = Record<string, ReturnType<typeof vi.fn<(params?: unknown) => void>>>;

/** A session actor with recording actions and controllable actors; its refresh lock is granted at once. */
function start(
  options: {
    check?: () => Promise<SessionSource | null>;
    /** The session call made under the lock. */
    refresh?: () => Promise<SessionSource>;
    /** What the stored user is when the lock is held (default: nothing stored). */
    stored?: () => StoredToken | null;
    logout?: () => Promise<void>;
    random?: () => number;
    signupPage?: boolean;
  } = {},
) {
  const names = [
    'openGate',
    'clearSession',
    'clearAssociation',
    'leaveProtectedPage',
    'openSignIn',
    'closeSignIn',
    'showExpiredAlert',
    'showRefreshError',
    'replayQueue',
    'rejectQueue',
    'broadcastRefresh',
  ] as const;
  const calls: Calls = Object.fromEntries(names.map((n) => [n, vi.fn<(params?: unknown) => void>()]));
  const refresh = vi.fn(options.refresh ?? (async () => alice));
  const logout = vi.fn(options.logout ?? (async () => undefined));
  const machine = sessionMachine.provide({
    actions: Object.fromEntries(names.map((n) => [n, (_: unknown, params: unknown) => calls[n]?.(params)])) as never,
    actors: {
      checkSession: fromPromise(options.check ?? (async () => alice)),
      refreshLock: refreshLockMachine.provide({
        actors: {
          holdLock: fromCallback(({ sendBack }) => sendBack({ type: 'lock.acquired' })),
          readStoredToken: fromPromise(async () => ({ stored: options.stored?.() ?? null, now: Date.now() })),
          fetchSession: fromPromise(() => refresh()),
        },
      }),
      logout: fromPromise(() => logout()),
    },
  });
  const actor = createActor(machine, { input: { random: options.random ?? (() => 0.5), signupPage: options.signupPage ?? false } });
  actor.start();
  return { actor, calls, refresh, logout, value: () => actor.getSnapshot().value };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('helpers', () => {
  it('refresh delay is half the lifetime plus up to 1 s of jitter', () => {
    expect(refreshDelayMs(3600, 0)).toBe(HALF_HOUR);
    expect(refreshDelayMs(3600, 0.5)).toBe(HALF_HOUR + 500);
    expect(refreshDelayMs(3600, 0.9999999)).toBe(HALF_HOUR + 999);
    expect(refreshDelayMs(3600, 1)).toBeLessThan(HALF_HOUR + 1000);
  });
  it('reads the subject of a JWT and tolerates garbage', () => {
    expect(tokenSubject(jwt('p-1'))).toBe('p-1');
    expect(tokenSubject('not-a-token')).toBeNull();
    expect(tokenSubject('a.%%%.c')).toBeNull();
    // Only a compact JWS with a JSON object payload (jose's decodeJwt): no JWE, no bare value.
    expect(tokenSubject(`${jwt('p-1')}.x.y`)).toBeNull();
    expect(tokenSubject(`${b64url('{}')}.${b64url('"p-1"')}.s`)).toBeNull();
    expect(tokenSubject(`${b64url('{}')}.${b64url('{"sub":42}')}.s`)).toBe('42');
    expect(tokenSubject(`${b64url('{}')}.${b64url('{"sub":"Zoé"}')}.s`)).toBe('Zoé');
  });
});

describe('session check (request gate)', () => {
  it('a valid stored session logs in and opens the gate once', async () => {
    const s = start();
    expect(s.value()).toBe('checking');
    expect(s.calls.openGate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.value()).toEqual({ loggedIn: 'waiting' });
    expect(s.calls.openGate).toHaveBeenCalledTimes(1);
    expect(s.actor.getSnapshot().context.user).toEqual({ profileId: 'p-alice', tokenSubject: 'p-alice', expiresIn: 3600 });
  });
  it('no stored token: logged out, gate open', async () => {
    const s = start({ check: async () => null });
    await vi.advanceTimersByTimeAsync(0);
    expect(s.value()).toBe('loggedOut');
    expect(s.calls.openGate).toHaveBeenCalledTimes(1);
    expect(s.calls.clearSession).not.toHaveBeenCalled();
  });
  it('an expired token (302) is cleared; a transport failure keeps it', async () => {
    const expired = start({ check: () => Promise.reject({ kind: 'server', type: 'SESSION', code: 302 }) });
    const offline = start({ check: () => Promise.reject({ kind: 'network' }) });
    await vi.advanceTimersByTimeAsync(0);
    expect([expired.value(), offline.value()]).toEqual(['loggedOut', 'loggedOut']);
    expect(expired.calls.clearSession).toHaveBeenCalledTimes(1);
    expect(offline.calls.clearSession).not.toHaveBeenCalled();
  });
});

describe('refresh scheduling', () => {
  it('fires at half the token lifetime plus the jitter', async () => {
    const s = start({ random: () => 0.25 });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(HALF_HOUR + 249);
    expect(s.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(s.refresh).toHaveBeenCalledTimes(1);
    // The lock is kept REFRESH_LOCK_HANDOFF_MS for the hand-over; the other tabs hear of it after.
    await vi.advanceTimersByTimeAsync(REFRESH_LOCK_HANDOFF_MS - 1);
    expect(s.value()).toEqual({ loggedIn: 'refreshing' });
    expect(s.calls.broadcastRefresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(s.value()).toEqual({ loggedIn: 'waiting' });
    expect(s.calls.broadcastRefresh).toHaveBeenCalledWith({ content: alice });
  });
  it('reschedules after each refresh from the new lifetime', async () => {
    const s = start({ random: () => 0, refresh: async () => source('p-alice', 'p-alice', 600) });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(HALF_HOUR + REFRESH_LOCK_HANDOFF_MS);
    expect(s.refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(300_000 - 1);
    expect(s.refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.refresh).toHaveBeenCalledTimes(2);
  });
  it('a token adopted from another tab inside the lock is not broadcast again', async () => {
    const stored = () => ({
      session: { access_token: jwt('p-alice'), issued_at: Date.now(), expires_at: Date.now() + 3_600_000 },
      profile: { id: 'p-alice' },
    });
    const s = start({ random: () => 0, stored });
    await vi.advanceTimersByTimeAsync(HALF_HOUR);
    expect(s.refresh).not.toHaveBeenCalled();
    expect(s.value()).toEqual({ loggedIn: 'waiting' });
    expect(s.calls.broadcastRefresh).not.toHaveBeenCalled();
  });
  it('a second tab refreshing defers ours by 60 s', async () => {
    const s = start({ random: () => 0 });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(HALF_HOUR - 10_000);
    s.actor.send({ type: 'tab.otherRefreshed', content: alice });
    expect(s.value()).toEqual({ loggedIn: 'deferred' });
    await vi.advanceTimersByTimeAsync(HALF_HOUR + OTHER_TAB_REFRESH_DELAY_MS - 1);
    expect(s.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(s.refresh).toHaveBeenCalledTimes(1);
  });
  it('a token whose subject is not the profile is refreshed at once', async () => {
    const s = start({ check: async () => source('p-alice', 'p-someone-else') });
    await vi.advanceTimersByTimeAsync(0);
    expect(s.refresh).toHaveBeenCalledTimes(1);
  });
  it('a failed refresh shows the error, then logs out', async () => {
    const failure = { kind: 'server', type: 'SERVER', code: 500 };
    const s = start({ random: () => 0, refresh: () => Promise.reject(failure) });
    await vi.advanceTimersByTimeAsync(HALF_HOUR);
    await vi.advanceTimersByTimeAsync(0);
    expect(s.calls.showRefreshError).toHaveBeenCalledWith({ error: failure });
    expect(s.logout).toHaveBeenCalledTimes(1);
    expect(s.value()).toBe('loggedOut');
    expect(s.calls.clearSession).toHaveBeenCalledTimes(1);
    expect(s.calls.clearAssociation).toHaveBeenCalledTimes(1);
    expect(s.calls.leaveProtectedPage).toHaveBeenCalledTimes(1);
  });
});

describe('other tabs', () => {
  it('adopts a login made in another tab, and a logout', async () => {
    const s = start({ check: async () => null });
    await vi.advanceTimersByTimeAsync(0);
    s.actor.send({ type: 'tab.userChanged', content: alice });
    expect(s.value()).toEqual({ loggedIn: 'waiting' });
    s.actor.send({ type: 'tab.userChanged', content: null });
    expect(s.value()).toBe('loggedOut');
    expect(s.calls.leaveProtectedPage).toHaveBeenCalledTimes(1);
    expect(s.calls.clearAssociation).toHaveBeenCalledTimes(1);
  });
  it('another user signing in elsewhere replaces ours; the same user only updates the token', async () => {
    const s = start();
    await vi.advanceTimersByTimeAsync(0);
    s.actor.send({ type: 'tab.userChanged', content: source('p-alice', 'p-alice', 7200) });
    expect(s.actor.getSnapshot().context.user?.expiresIn).toBe(7200);
    expect(s.calls.clearAssociation).not.toHaveBeenCalled();
    s.actor.send({ type: 'tab.userChanged', content: source('p-bob') });
    expect(s.actor.getSnapshot().context.user?.profileId).toBe('p-bob');
    expect(s.calls.clearAssociation).toHaveBeenCalledTimes(1);
  });
});

describe('session expiry (301/302/149)', () => {
  async function expire(s: ReturnType<typeof start>) {
    await vi.advanceTimersByTimeAsync(0);
    for (const id of ['req-1', 'req-2', 'req-3']) s.actor.send({ type: 'request.expired', requestId: id });
  }

  it('clears the session, asks to sign in once, queues three calls and replays all three after sign-in', async () => {
    const s = start();
    await expire(s);
    expect(s.value()).toBe('expired');
    expect(s.calls.clearSession).toHaveBeenCalledTimes(1);
    expect(s.calls.openSignIn).toHaveBeenCalledTimes(1);
    expect(s.actor.getSnapshot().context.queue).toEqual(['req-1', 'req-2', 'req-3']);
    s.actor.send({ type: 'user.signedIn', content: alice });
    expect(s.calls.replayQueue).toHaveBeenCalledWith({ requestIds: ['req-1', 'req-2', 'req-3'] });
    expect(s.calls.rejectQueue).not.toHaveBeenCalled();
    expect(s.value()).toEqual({ loggedIn: 'waiting' });
    expect(s.actor.getSnapshot().context.queue).toEqual([]);
  });
  it('the session-expired alert shows after 200 ms', async () => {
    const s = start();
    await expire(s);
    await vi.advanceTimersByTimeAsync(SESSION_EXPIRED_ALERT_DELAY_MS - 1);
    expect(s.calls.showExpiredAlert).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(s.calls.showExpiredAlert).toHaveBeenCalledTimes(1);
  });
  it('cancelling the sign-in rejects the three calls and logs out', async () => {
    const s = start();
    await expire(s);
    s.actor.send({ type: 'user.cancelledSignIn' });
    expect(s.calls.rejectQueue).toHaveBeenCalledWith({ requestIds: ['req-1', 'req-2', 'req-3'] });
    expect(s.calls.replayQueue).not.toHaveBeenCalled();
    expect(s.value()).toBe('loggedOut');
    expect(s.calls.leaveProtectedPage).toHaveBeenCalledTimes(1);
    expect(s.calls.clearAssociation).toHaveBeenCalledTimes(1);
  });
  it('on the signup page no sign-in modal opens, the alert still shows', async () => {
    const s = start();
    await vi.advanceTimersByTimeAsync(0);
    s.actor.send({ type: 'page.changed', signupPage: true });
    s.actor.send({ type: 'request.expired', requestId: 'req-1' });
    await vi.advanceTimersByTimeAsync(SESSION_EXPIRED_ALERT_DELAY_MS);
    expect(s.value()).toBe('expired');
    expect(s.calls.openSignIn).not.toHaveBeenCalled();
    expect(s.calls.showExpiredAlert).toHaveBeenCalledTimes(1);
  });
  it('a sign-in in another tab closes the modal and replays the queue', async () => {
    const s = start();
    await expire(s);
    s.actor.send({ type: 'tab.userChanged', content: alice });
    expect(s.calls.closeSignIn).toHaveBeenCalledTimes(1);
    expect(s.calls.replayQueue).toHaveBeenCalledWith({ requestIds: ['req-1', 'req-2', 'req-3'] });
    expect(s.value()).toEqual({ loggedIn: 'waiting' });
  });
  it('expiry stops a refresh in progress and its timer', async () => {
    const s = start({ random: () => 0, refresh: () => new Promise(() => {}) });
    await vi.advanceTimersByTimeAsync(HALF_HOUR);
    expect(s.value()).toEqual({ loggedIn: 'refreshing' });
    s.actor.send({ type: 'request.expired', requestId: 'req-1' });
    expect(s.value()).toBe('expired');
    expect(s.actor.getSnapshot().children.refreshLock).toBeUndefined();
  });
  it('outside a session an expired call is rejected at once', async () => {
    const s = start({ check: async () => null });
    await vi.advanceTimersByTimeAsync(0);
    s.actor.send({ type: 'request.expired', requestId: 'req-9' });
    expect(s.value()).toBe('loggedOut');
    expect(s.calls.rejectQueue).toHaveBeenCalledWith({ requestIds: ['req-9'] });
  });
});

describe('logout', () => {
  it.each([
    ['succeeds', async () => undefined],
    ['fails', () => Promise.reject(new Error('offline'))],
  ])('DELETE session %s: token and association cleared, protected page left', async (_, logout) => {
    const s = start({ logout });
    await vi.advanceTimersByTimeAsync(0);
    s.actor.send({ type: 'user.logout' });
    expect(s.value()).toBe('loggingOut');
    expect(s.calls.clearSession).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.value()).toBe('loggedOut');
    expect(s.actor.getSnapshot().context.user).toBeNull();
    for (const name of ['clearSession', 'clearAssociation', 'leaveProtectedPage']) expect(s.calls[name]).toHaveBeenCalledTimes(1);
  });
  it('a login from the logged-out state starts the session again', async () => {
    const s = start({ check: async () => null });
    await vi.advanceTimersByTimeAsync(0);
    s.actor.send({ type: 'user.signedIn', content: alice });
    expect(s.value()).toEqual({ loggedIn: 'waiting' });
  });
});
