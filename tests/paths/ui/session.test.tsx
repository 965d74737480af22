/**
 * The session through the header and the alerts: the session machine as the app provides it
 * (src/web/app/session.ts `createSessionWiring`: the user store in local storage, the session check
 * and refresh over the real API client, the refresh lock on navigator.locks, the other tabs heard on
 * the BroadcastChannel and the `storage` event), rendered by the real Header (log-in links or the
 * account menu with the person's name) and AlertStack (the refresh failure, the expired session).
 *
 * The boundary is the test's: the server (held fetch), the clock (the session's timers), another tab
 * of the browser (its channel messages, its storage writes, the refresh lock it holds) and the app
 * root, whose own sends reach the session (a sign-in ending, the expired sign-in cancelled, a new
 * page) and which hears what the session tells it (the expired sign-in opens or closes, a protected
 * page is left: recorded in place of the app's `sendParent`).
 * Where a step shows nothing new (a token adopted, another tab's refresh) the header must stay as it
 * was and the boundary must have seen the right thing (no request, one request, the hand-over posted).
 */
import { afterEach, beforeAll, expect } from 'vitest';
import { page } from 'vitest/browser';
import { type Actor, createActor, type EventObject } from 'xstate';
import { alertsMachine } from '../../../machines/alerts.machine';
import type { RefreshOutput, SessionSource, sessionMachine } from '../../../machines/session.machine';
import { createApiClient, createGate } from '../../../src/api';
import { DEFAULT_CLIENT_CONFIG } from '../../../src/contracts/client-config';
import { createSessionWiring } from '../../../src/web/app/session';
import * as sessionModule from '../../../src/web/app/session-machine';
import { AlertStack } from '../../../src/web/components/AlertStack';
import { Header } from '../../../src/web/components/Header';
import { readUser } from '../../../src/web/session/user-schema';
import type { UserStore } from '../../../src/web/session/user-store';
import { describeUiPaths, message, see, type UiRun } from './harness';
import type { ApiErrorLike } from './network';
import { accountMenuName, loginOf, OtherTab, PEOPLE, SessionApp, storedOf } from './session-support';

type SessionActor = Actor<typeof sessionMachine>;

/** A call of a page that met the expired session: queued, then replayed or rejected. */
interface PageCall {
  outcome: 'waiting' | 'resolved' | 'rejected';
  error?: unknown;
}

/** What one run keeps of the boundary. */
interface Boundary {
  actor: SessionActor;
  store: UserStore;
  other: OtherTab;
  /** What the session asked of the app root (`sendParent`). */
  app: string[];
  calls: PageCall[];
  /** The alerts a person must see (message ids). */
  alerts: string[];
  call(): PageCall;
}

let boundary: Boundary | undefined;

beforeAll(async () => {
  // The desktop header (the log-in links are hidden on a phone).
  await page.viewport(1280, 800);
});

afterEach(async () => {
  boundary?.actor.stop();
  boundary?.other.close();
  boundary = undefined;
  // The refresh lock is the browser's: the next path starts with nobody holding it.
  await expect
    .poll(async () => (await navigator.locks.query()).held?.length ?? 0, {
      message: 'the refresh lock is released',
    })
    .toBe(0);
  localStorage.clear();
  sessionStorage.clear();
});

const logIn = () => page.getByRole('link', { name: 'Log in', exact: true });
const anyAccountMenu = () => page.getByRole('button', { name: /^Account menu of / });
const PAGE_CALL = 'book/list';

describeUiPaths<SessionActor>('session', {
  mount(run, input) {
    localStorage.clear();
    sessionStorage.clear();
    // An earlier visit left its user when the session check asks the server.
    const first = run.path.events[0] as { type: string; output?: SessionSource | null } | undefined;
    if (first?.type === 'xstate.done.actor.checkSession' && first.output)
      localStorage.setItem('quire.user', JSON.stringify(storedOf(first.output)));
    if (first?.type === 'xstate.error.actor.checkSession')
      localStorage.setItem('quire.user', JSON.stringify(storedOf(loginSource('p-alice'))));

    const other = new OtherTab();
    const app: string[] = [];
    const alerts = createActor(alertsMachine).start();
    const gate = createGate(false);
    let actor: SessionActor | undefined;
    // The app's API client (src/web/app/actors.ts): the session's token, its expired-session queue.
    const api = createApiClient({
      config: {
        ...DEFAULT_CLIENT_CONFIG,
        api: run.net.apiBase,
        data: run.net.apiBase,
        dataSecure: run.net.apiBase,
      },
      fetch: run.net.fetch,
      sessionGate: gate,
      getToken: () => wiring.getToken(),
      onSessionExpired: (retry) => wiring.onSessionExpired(retry),
    });
    const wiring = withChannel(run.path.events.some((e) => e.type === 'xstate.error.actor.refreshLock') ? ClosedChannel : undefined, () =>
      createSessionWiring({
        api,
        gate,
        alerts: () => alerts,
        navigate: () => undefined,
        session: () => actor,
        doc: document,
      }),
    );
    wiring.start();
    // The app root (machines/app.machine.ts) is the session's parent: what the session tells it
    // (`sendParent`) is recorded here instead (its own paths cover what it does then).
    const tellApp = (type: string) => () => {
      app.push(type);
    };
    actor = run.create(
      // The app loads it on demand (wiring.session); here its module is at hand.
      wiring.provideSession(sessionModule).provide({
        actions: {
          openSignIn: tellApp('session.signInNeeded'),
          closeSignIn: tellApp('session.signInSettled'),
          leaveProtectedPage: tellApp('session.ended'),
        },
      }),
      input,
    );
    const calls: PageCall[] = [];
    boundary = {
      actor,
      store: wiring.store,
      other,
      app,
      calls,
      alerts: [],
      // A page's signed-in call (the API client queues it while the session is expired).
      call() {
        const c: PageCall = { outcome: 'waiting' };
        calls.push(c);
        api.call(PAGE_CALL, { method: 'GET' }).then(
          () => {
            c.outcome = 'resolved';
          },
          (error) => {
            c.outcome = 'rejected';
            c.error = error;
          },
        );
        return c;
      },
    };
    // Another tab refreshes the token at the start of every path: the refresh waits for its lock.
    void other.holdLock();
    return {
      actor,
      view: (
        <SessionApp session={actor} store={wiring.store} alerts={alerts}>
          <Header />
          <AlertStack actor={alerts} />
        </SessionApp>
      ),
    };
  },

  async step(event, run) {
    const b = boundary as Boundary;
    const { net, actor, clock, received } = run;
    const e = event as EventObject & Record<string, unknown>;
    switch (event.type) {
      case 'xstate.done.actor.checkSession':
      case 'xstate.error.actor.checkSession': {
        const request = await net.take('GET', 'profile/session');
        if ('output' in e) {
          net.ok(request, loginOf(e.output as SessionSource));
          return;
        }
        net.fail(request, e.error as ApiErrorLike);
        // An expired token is cleared; after a transport failure it stays for the next visit.
        await expect.poll(() => received.includes(event.type)).toBe(true);
        const expired = (e.error as ApiErrorLike).type === 'SESSION';
        expect(readUser(localStorage) === null, 'the stored token is cleared').toBe(expired);
        return;
      }
      case 'user.signedIn': {
        // The sign-up modal stored the user, then its ending reached the app root, which tells the session.
        const queued = actor.getSnapshot().context.queue.length;
        const before = net.requests.length;
        b.store.set(storedOf(e.content as SessionSource));
        actor.send(event as never);
        // Every call that waited for the sign-in is sent again, once.
        await expect.poll(() => net.requests.length - before, { message: 'the queued calls are replayed' }).toBe(queued);
        return;
      }
      case 'user.cancelledSignIn':
        // The expired sign-in was cancelled (the app root tells the session): the waiting calls fail.
        actor.send(event as never);
        await expect.poll(() => b.calls.every((c) => c.outcome === 'rejected'), { message: 'the queued calls are rejected' }).toBe(true);
        return;
      case 'page.changed':
        // The app root's own sends: the expired sign-in cancelled; a new page (the signup page or not).
        actor.send(event as never);
        return;
      case 'user.logout': {
        const menu = anyAccountMenu();
        await menu.click();
        await page.getByRole('menuitem', { name: 'Log out' }).click();
        return;
      }
      case 'tab.otherRefreshed':
        b.other.post({
          type: 'refreshed',
          ...(e.content ? { content: loginOf(e.content as SessionSource) } : {}),
        });
        return;
      case 'tab.handoff':
        b.other.post({
          type: 'handoff',
          content: loginOf((e.token as { content: SessionSource }).content),
        });
        return;
      case 'tab.userChanged': {
        const wasIn = actor.getSnapshot().matches('loggedIn');
        const wasExpired = actor.getSnapshot().matches('expired');
        b.other.writeUser(e.content ? storedOf(e.content as SessionSource) : null);
        await expect.poll(() => received.includes(event.type)).toBe(true);
        // Logged out elsewhere: a protected page is left; signed in elsewhere: the expired sign-in closes.
        if (!e.content && wasIn) expect(b.app).toContain('session.ended');
        if (e.content && wasExpired) expect(b.app).toContain('session.signInSettled');
        return;
      }
      case 'request.expired': {
        const before = net.requests.length;
        const inSession = actor.getSnapshot().matches('loggedIn') || actor.getSnapshot().matches('expired');
        const call = b.call();
        const request = await net.take('GET', PAGE_CALL);
        net.fail(request, { status: 401, type: 'SESSION', code: 149 });
        // Outside a session the call is rejected at once; inside it waits for the sign-in.
        await expect.poll(() => net.requests.length).toBe(before + 1);
        if (!inSession)
          await expect
            .poll(() => call.outcome, {
              message: 'a call outside a session is rejected',
            })
            .toBe('rejected');
        return;
      }
      case 'xstate.done.actor.refreshLock':
        await refreshUnderLock(run, (e.output as RefreshOutput).kind, e.output as RefreshOutput);
        return;
      case 'xstate.error.actor.refreshLock':
        await refreshUnderLock(run, 'crash');
        return;
      case 'xstate.done.actor.logout':
      case 'xstate.error.actor.logout': {
        const request = await net.take('DELETE', 'profile/session');
        net.answer(request, event);
        return;
      }
    }
    if (event.type.startsWith('xstate.after.')) {
      await clock.runUntil(() => received.includes(event.type), event.type);
      if (event.type.startsWith('xstate.after.expiredAlertDelay')) b.alerts.push('account.session.expired');
      return;
    }
    throw new Error(`no UI step for ${event.type}`);
  },

  // The handed-over token is the one the channel carried (the whole login answer, received now).
  context: (c) => ({
    ...(c as Record<string, unknown>),
    handoff: (c as { handoff: unknown }).handoff ? 'handed over' : null,
  }),

  async see(snapshot) {
    const b = boundary as Boundary;
    const { user } = snapshot.context;
    if (snapshot.matches('loggedIn') && user) {
      const person = PEOPLE[user.profileId];
      if (!person) throw new Error(`no person for ${user.profileId}`);
      await see(page.getByRole('button', { name: accountMenuName(person.name) })).toBeVisible();
      await see(logIn()).not.toBeInTheDocument();
    } else {
      await see(logIn()).toBeVisible();
      await see(anyAccountMenu()).not.toBeInTheDocument();
    }
    for (const id of b.alerts) await see(page.getByRole('alert').filter({ hasText: message(id) })).toBeVisible();
    if (snapshot.matches('expired')) {
      // The stored session is gone; the app root was asked for the sign-in (not on the signup page).
      expect(readUser(localStorage)).toBeNull();
      if (!snapshot.context.signupPage) expect(b.app).toContain('session.signInNeeded');
      expect(b.calls.filter((c) => c.outcome === 'waiting')).toHaveLength(snapshot.context.queue.length);
    }
  },
});

function loginSource(profileId: string): SessionSource {
  const b64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const token = `${b64url('{"alg":"none"}')}.${b64url(JSON.stringify({ sub: profileId, exp: 1_900_000_000 }))}.`;
  return {
    session: { access_token: token, expires_in: 3600 },
    profile: { id: profileId },
  };
}

/** A channel the browser has closed (the page is going away): posting on it throws. */
class ClosedChannel extends BroadcastChannel {
  override postMessage(message: unknown): void {
    if ((message as { type?: string } | null)?.type === 'handoff')
      throw new DOMException("Failed to execute 'postMessage' on 'BroadcastChannel': Channel is closed", 'InvalidStateError');
    super.postMessage(message);
  }
}

/** Runs `make` with the browser's BroadcastChannel replaced by `channel` (when given). */
function withChannel<T>(channel: typeof BroadcastChannel | undefined, make: () => T): T {
  const real = globalThis.BroadcastChannel;
  if (channel) globalThis.BroadcastChannel = channel;
  try {
    return make();
  } finally {
    globalThis.BroadcastChannel = real;
  }
}

/**
 * The refresh under the cross-tab lock ends as the path says: the other tab lets go of the lock, and
 * this tab adopts what that tab stored (no request), refreshes itself (one request, the new token
 * handed over, then announced), fails (the alert), or its lock child crashes (the hand-over cannot be
 * posted: the alert).
 */
async function refreshUnderLock(run: UiRun<SessionActor>, kind: RefreshOutput['kind'] | 'crash', output?: RefreshOutput): Promise<void> {
  const b = boundary as Boundary;
  const { net, clock, received } = run;
  const before = net.requests.length;
  if (kind === 'adopted' && output?.kind === 'adopted') {
    // The other tab refreshed and stored its token before letting go of the lock.
    b.other.writeUser(storedOf(output.content), false);
    b.other.releaseLock();
    await expect.poll(() => received.includes('xstate.done.actor.refreshLock')).toBe(true);
    expect(net.requests.length, 'an adopted token needs no request').toBe(before);
    return;
  }
  b.other.releaseLock();
  const request = await net.take('GET', 'profile/session');
  if (kind === 'refreshed' && output?.kind === 'refreshed') {
    net.ok(request, loginOf(output.content));
    // The new token is handed over at once, the lock kept a moment for it to arrive, then announced.
    await expect.poll(() => b.other.heard.map((m) => m.type)).toEqual(['handoff']);
    await clock.runUntil(() => received.includes('xstate.done.actor.refreshLock'), 'the hand-over hold');
    await expect.poll(() => b.other.heard.map((m) => m.type)).toEqual(['handoff', 'refreshed']);
    return;
  }
  if (kind === 'failed' && output?.kind === 'failed') net.fail(request, output.error as ApiErrorLike);
  // The new token came, but the closed channel cannot take the hand-over: the lock child fails (and lets the lock go: afterEach).
  else if (kind === 'crash') net.ok(request, loginOf(loginSource('p-alice')));
  else throw new Error(`no boundary for a ${kind} refresh`);
  b.alerts.push('account.session.refreshFailed');
}
