/**
 * The browser boundary of the session's UI tests (tests/paths/ui/session.test.tsx,
 * refresh-lock.test.tsx): another tab of the same browser — its BroadcastChannel messages, its writes
 * to local storage (the `storage` event this tab gets), the refresh lock it holds — and the full login
 * answer a session source of the generated paths stands for.
 */
import { type ReactNode, useMemo } from 'react';
import { SESSION_CHANNEL, SESSION_REFRESH_LOCK } from '../../../machines/constants';
import type { SessionSource } from '../../../machines/session.machine';
import { loginContent } from '../../../machines/sign-up/fixtures';
import type { LoginContent } from '../../../src/contracts/accounts';
import type { AppActors } from '../../../src/web/app/actors';
import { AppProvider } from '../../../src/web/app/context';
import { type CurrentUser, USER_KEY, type UserStore, userFromLogin } from '../../../src/web/session/user-store';
import { storyActors } from '../../../stories/support/StoryApp';

/** The people behind the paths' profile ids, as the header names them. */
export const PEOPLE: Record<string, { name: string; email: string }> = {
  'p-alice': { name: 'Alice Archer', email: 'alice@example.com' },
  'p-bob': { name: 'Bob Baker', email: 'bob@example.com' },
};

/** The server's login answer (the one fixture, machines/sign-up/fixtures.ts) for a path's session source and its person. */
export function loginOf(source: SessionSource): LoginContent {
  const person = PEOPLE[source.profile.id] ?? {
    name: source.profile.id,
    email: `${source.profile.id}@example.com`,
  };
  return loginContent({
    session: { id: `s-${source.profile.id}`, access_token: source.session.access_token, expires_in: source.session.expires_in },
    profile: {
      id: source.profile.id,
      has_subscriptions: false,
      email: person.email,
      firstname: person.name.split(' ')[0] ?? person.name,
      lastname: null,
    },
    account: { id: `a-${source.profile.id}`, name: person.name },
  });
}

/** The stored user a tab keeps for a session source, issued at `issuedAt` (epoch ms). */
export const storedOf = (source: SessionSource, issuedAt = Date.now()): CurrentUser => userFromLogin(loginOf(source), issuedAt);

/** The account menu's accessible name for a person (no avatar: the initials are part of it). */
export const accountMenuName = (name: string) =>
  `Account menu of ${name}, ${name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .toUpperCase()}`;

/** Another tab of this browser: its channel, its storage writes, the refresh lock it can hold. */
export class OtherTab {
  readonly channel = new BroadcastChannel(SESSION_CHANNEL);
  /** Messages this tab posted on the session channel, as the other tab receives them. */
  readonly heard: { type: string; content?: LoginContent }[] = [];
  private release: (() => void) | null = null;
  private closed = false;

  constructor() {
    this.channel.addEventListener('message', (e) => this.heard.push(e.data));
  }

  /** Holds the cross-tab refresh lock (as a tab refreshing its token does) until `releaseLock`. */
  async holdLock(): Promise<void> {
    await new Promise<void>((granted) => {
      void navigator.locks.request(SESSION_REFRESH_LOCK, () => {
        granted();
        // Closed before the lock came: let go at once.
        if (this.closed) return undefined;
        return new Promise<void>((resolve) => {
          this.release = resolve;
        });
      });
    });
  }

  releaseLock(): void {
    this.release?.();
    this.release = null;
  }

  post(message: { type: 'handoff' | 'refreshed'; content?: LoginContent }): void {
    this.channel.postMessage(message);
  }

  /** Writes the stored user (null: logs out) as that tab does; this tab hears it as a `storage` event. */
  writeUser(user: CurrentUser | null, notify = true): void {
    const oldValue = localStorage.getItem(USER_KEY);
    const newValue = user ? JSON.stringify(user) : null;
    if (newValue) localStorage.setItem(USER_KEY, newValue);
    else localStorage.removeItem(USER_KEY);
    if (notify)
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: USER_KEY,
          oldValue,
          newValue,
          storageArea: localStorage,
        }),
      );
  }

  close(): void {
    this.closed = true;
    this.releaseLock();
    this.channel.close();
  }
}

/** The app's actors for the header: the story's inert ones, with the session, its user store and the alerts running. */
export function SessionApp({
  session,
  store,
  alerts,
  children,
}: {
  session: AppActors['session'];
  store: UserStore;
  alerts: AppActors['alerts'];
  children: ReactNode;
}) {
  const value = useMemo(() => {
    const base = storyActors();
    return {
      ...base,
      session,
      alerts,
      auth: { ...base.auth, store },
    } as AppActors;
  }, [session, store, alerts]);
  return <AppProvider value={value}>{children}</AppProvider>;
}
