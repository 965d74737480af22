/**
 * The session's refresh lock (machines/accounts/refresh-lock.machine.ts) as the app provides it
 * (src/web/session/tabs.ts `provideRefreshLock` with the app's user store and session fetch from
 * src/web/app/session.ts), under the header of a signed-in person whose session is refreshing.
 *
 * A refresh shows nothing new to a person: after every step the header must still show the stored
 * person's account menu (or the log-in links when nothing is stored), and the browser boundary must
 * have seen the right thing — the lock (navigator.locks) waited for while another tab holds it, held
 * while this tab reads and refreshes, released at the end; no request when a token is adopted, one
 * GET when it is refreshed; the new token handed over on the channel, and stored.
 *
 * The boundary is the test's: the server (held fetch), the clock (the hand-over hold; the lock's
 * freshness test reads the same clock), another tab (the lock it holds, the user it stored), the
 * storage (blocked, for a failed read) and the session, which forwards a token another tab handed over.
 */
import { afterEach, beforeAll, expect } from 'vitest';
import { page } from 'vitest/browser';
import type { Actor, EventObject } from 'xstate';
import { createActor } from 'xstate';
import type { HandedOverToken, RefreshLockContext, refreshLockMachine, StoredRead } from '../../../machines/accounts/refresh-lock.machine';
import { alertsMachine } from '../../../machines/alerts.machine';
import { SESSION_CHANNEL } from '../../../machines/constants';
import type { SessionSource } from '../../../machines/session.machine';
import { sessionMachine } from '../../../machines/session.machine';
import { createApiClient, createGate } from '../../../src/api';
import { DEFAULT_CLIENT_CONFIG } from '../../../src/contracts/client-config';
import { createSessionWiring } from '../../../src/web/app/session';
import { Header } from '../../../src/web/components/Header';
import { provideRefreshLock } from '../../../src/web/session/refresh-lock';
import type { UserStore } from '../../../src/web/session/user-store';
import { actorAt } from '../../../stories/support/StoryApp';
import { describeUiPaths, see } from './harness';
import type { ApiErrorLike } from './network';
import { accountMenuName, loginOf, OtherTab, PEOPLE, SessionApp, storedOf } from './session-support';

type LockActor = Actor<typeof refreshLockMachine>;

/** The paths' clock (machines/accounts/registry.ts NOW): the test clock starts there. */
const NOW = 1_700_000_000_000;

interface Boundary {
  other: OtherTab;
  channel: BroadcastChannel;
  store: UserStore;
  /** GET profile/session requests made. */
  fetches: () => number;
}

let boundary: Boundary | undefined;

beforeAll(async () => {
  await page.viewport(1280, 800);
});

afterEach(async () => {
  boundary?.other.close();
  boundary?.channel.close();
  boundary = undefined;
  await expect.poll(async () => (await navigator.locks.query()).held?.length ?? 0, { message: 'the refresh lock is released' }).toBe(0);
  localStorage.clear();
});

/** Storage the browser blocks (a privacy setting): reading it throws. */
const blockedStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
  getItem: () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
  setItem: () => undefined,
  removeItem: () => undefined,
};

/** A handed-over token as the session holds it: the whole login answer the channel carried. */
const handedOver = (token: HandedOverToken): HandedOverToken => ({
  content: loginOf(token.content as SessionSource),
  receivedAt: token.receivedAt,
});

const locks = async () => navigator.locks.query();

const ALICE: SessionSource = {
  session: { access_token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJwLWFsaWNlIiwiZXhwIjoxOTAwMDAwMDAwfQ.', expires_in: 3600 },
  profile: { id: 'p-alice' },
};

describeUiPaths<LockActor>('refresh-lock', {
  mount(run, input) {
    localStorage.clear();
    // This tab's person, signed in with a token due for its refresh.
    localStorage.setItem('quire.user', JSON.stringify(storedOf(ALICE, NOW - 1_800_000)));
    const other = new OtherTab();
    const channel = new BroadcastChannel(SESSION_CHANNEL);
    const gate = createGate(true);
    const api = createApiClient({
      config: { ...DEFAULT_CLIENT_CONFIG, api: run.net.apiBase, data: run.net.apiBase, dataSecure: run.net.apiBase },
      fetch: run.net.fetch,
      sessionGate: gate,
      getToken: () => wiring.getToken(),
    });
    const alerts = createActor(alertsMachine);
    const wiring = createSessionWiring({
      api,
      gate,
      alerts: () => undefined,
      navigate: () => undefined,
      session: () => undefined,
      doc: document,
    });
    const blocked = run.path.events.some((e) => e.type === 'xstate.error.actor.readStoredToken');
    const { handoff } = input as { handoff: HandedOverToken | null };
    const actor = run.create(
      provideRefreshLock({
        locks: navigator.locks,
        channel,
        storage: blocked ? blockedStorage : localStorage,
        store: wiring.store,
        fetchSession: wiring.fetchSession,
        now: () => NOW + run.clock.now(),
      }),
      { handoff: handoff && handedOver(handoff) },
    );
    boundary = {
      other,
      channel,
      store: wiring.store,
      fetches: () => run.net.requests.filter((r) => r.method === 'GET' && r.path === 'profile/session').length,
    };
    // Another tab is refreshing: this tab's refresh waits for its lock.
    void other.holdLock();
    // The session this refresh belongs to (signed in, refreshing).
    const session = actorAt(
      sessionMachine,
      { loggedIn: 'refreshing' },
      {
        user: { profileId: 'p-alice', tokenSubject: 'p-alice', expiresIn: 3600 },
        queue: [],
        signupPage: false,
        random: () => 0,
        handoff: null,
      },
    );
    return {
      actor,
      view: (
        <SessionApp session={session as never} store={wiring.store} alerts={alerts}>
          <Header />
        </SessionApp>
      ),
    };
  },

  async step(event, run) {
    const b = boundary as Boundary;
    const { net, clock, received, actor } = run;
    const e = event as EventObject & Record<string, unknown>;
    switch (event.type) {
      case 'lock.acquired': {
        // What the other tab leaves stored is what this tab reads once it holds the lock.
        const read = run.next as (EventObject & { output?: StoredRead }) | undefined;
        if (read?.type === 'xstate.done.actor.readStoredToken') {
          const stored = read.output?.stored;
          const { session, profile } = stored ?? { session: null, profile: null };
          b.other.writeUser(
            session &&
              storedOf(
                { session: { access_token: session.access_token, expires_in: (session.expires_at - session.issued_at) / 1000 }, profile },
                session.issued_at,
              ),
            false,
          );
        }
        b.other.releaseLock();
        return;
      }
      case 'tab.handoff':
        // The session forwards what another tab handed over on the channel.
        actor.send({ type: 'tab.handoff', token: handedOver(e.token as HandedOverToken) });
        return;
      case 'xstate.done.actor.fetchSession':
      case 'xstate.error.actor.fetchSession': {
        const request = await net.take('GET', 'profile/session');
        if ('output' in e) net.ok(request, loginOf(e.output as SessionSource));
        else net.fail(request, e.error as ApiErrorLike);
        return;
      }
    }
    if (event.type.startsWith('xstate.after.')) {
      await clock.runUntil(() => received.includes(event.type), event.type);
      return;
    }
    throw new Error(`no UI step for ${event.type}`);
  },

  // The tokens as the paths write them: the session and the profile's id (the app's carry the whole profile).
  context: (c) => {
    const { handoff, result } = c as unknown as RefreshLockContext;
    const source = (s: SessionSource) => ({
      session: { access_token: s.session.access_token, expires_in: s.session.expires_in },
      profile: { id: s.profile.id },
    });
    return {
      handoff: handoff && { receivedAt: handoff.receivedAt, content: source(handoff.content as SessionSource) },
      result: result && (result.kind === 'failed' ? { kind: 'failed' } : { kind: result.kind, content: source(result.content) }),
    };
  },

  async see(snapshot) {
    const b = boundary as Boundary;
    // The header stays as it was: this tab's person, signed in.
    await see(page.getByRole('button', { name: accountMenuName(PEOPLE['p-alice']?.name ?? '') })).toBeVisible();
    await see(page.getByRole('link', { name: 'Log in', exact: true })).not.toBeInTheDocument();

    const { result } = snapshot.context;
    if (snapshot.matches({ locked: 'waiting' })) {
      // The other tab holds the lock; this tab's request waits.
      await expect.poll(async () => (await locks()).pending?.length ?? 0).toBe(1);
      expect(b.fetches()).toBe(0);
    } else if (snapshot.matches('locked')) {
      // This tab holds the lock while it reads, refreshes and hands over.
      await expect.poll(async () => [(await locks()).held?.length, (await locks()).pending?.length]).toEqual([1, 0]);
    } else {
      // Leaving the lock releases it.
      await expect.poll(async () => (await locks()).held?.length ?? 0, { message: 'the lock is released' }).toBe(0);
    }
    if (snapshot.matches({ locked: 'fetching' })) expect(b.fetches()).toBe(1);
    if (snapshot.matches('adopted') && result?.kind === 'adopted') {
      // Adopted: no request; the adopted token is this tab's now.
      expect(b.fetches()).toBe(0);
      expect(b.store.get()?.session.access_token).toBe(result.content.session.access_token);
      expect(b.other.heard).toEqual([]);
    }
    if ((snapshot.matches({ locked: 'handingOff' }) || snapshot.matches('refreshed')) && result?.kind === 'refreshed') {
      // Refreshed: one request, the new token stored and handed over to the waiting tab.
      expect(b.fetches()).toBe(1);
      expect(b.store.get()?.session.access_token).toBe(result.content.session.access_token);
      await expect
        .poll(() => b.other.heard.map((m) => [m.type, m.content?.session.access_token]))
        .toEqual([['handoff', result.content.session.access_token]]);
    }
    if (snapshot.matches('failed')) expect(b.other.heard).toEqual([]);
  },
});
