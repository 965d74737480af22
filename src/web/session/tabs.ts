import { fromCallback } from 'xstate';
import { sourceOf } from '../../../machines/accounts/token';
import type { SessionEvent } from '../../../machines/session.machine';
import { loadSessionIo } from './io-loader';
import type { UserStore } from './user-store';

export { loadSessionIo, type SessionIo } from './io-loader';

/**
 * The real side effects of the cross-tab session protocol: the refresh lock's lock (navigator.locks),
 * stored-token read and hand-over post, and the session machine's listeners (BroadcastChannel,
 * `storage` event). Channel messages: `{ type: 'handoff' | 'refreshed', content }` (a session answer).
 * The decisions are the machines' (machines/accounts/refresh-lock.machine.ts,
 * machines/session.machine.ts); these only talk to the browser. What they read is validated by ./io.ts,
 * which loads apart (`io`, default loadSessionIo). The refresh lock's side effects are in
 * ./refresh-lock.ts, which loads with the first refresh (a signed-in session's).
 */

/**
 * The session machine's `tabChannel` listener: another tab's hand-over and refresh announcements. The
 * messages are read in order once ./io.ts is there (at once after boot).
 */
export function tabChannelListener(channel: BroadcastChannel | null, now: () => number = Date.now, io = loadSessionIo) {
  return fromCallback<SessionEvent>(({ sendBack }) => {
    if (!channel) return;
    let stopped = false;
    const listener = (e: MessageEvent<{ type?: unknown; content?: unknown } | null>) => {
      const receivedAt = now();
      io()
        .then(({ parseLoginContent }) => {
          if (stopped) return;
          const content = parseLoginContent(e.data?.content);
          if (e.data?.type === 'handoff' && content) sendBack({ type: 'tab.handoff', token: { content, receivedAt } });
          if (e.data?.type === 'refreshed') sendBack({ type: 'tab.otherRefreshed', ...(content ? { content } : {}) });
        })
        .catch(() => {});
    };
    channel.addEventListener('message', listener);
    return () => {
      stopped = true;
      channel.removeEventListener('message', listener);
    };
  });
}

/** The session machine's `tabStorage` listener: another tab changed the stored user (null: logged out). */
export function tabStorageListener(win: Window, store: UserStore, now: () => number = Date.now, io = loadSessionIo) {
  return fromCallback<SessionEvent>(({ sendBack }) => {
    let stop: (() => void) | undefined;
    let stopped = false;
    io()
      .then(({ onUserChangedInOtherTab }) => {
        if (stopped) return;
        stop = onUserChangedInOtherTab(win, (user) => {
          store.set(user);
          sendBack({ type: 'tab.userChanged', content: user ? sourceOf({ from: 'stored', stored: user }, now()) : null });
        });
      })
      .catch(() => {});
    return () => {
      stopped = true;
      stop?.();
    };
  });
}
