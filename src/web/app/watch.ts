import { type AnyActorRef, fromCallback } from 'xstate';
import type { AppEvent, AppFacts } from '../../../machines/app.machine';
import { EXPIRED_SIGN_IN } from '../../../machines/first-load-constants';
import type { ModalsContext } from '../../../machines/modals.machine';
import type { RouterContext } from '../../../machines/router.machine';
import { maxFilesFor } from '../../contracts/account-constants';
import type { UserStore } from '../session/user-store';

type Snap<C> = { value: unknown; context: C; matches(value: string): boolean };

/** The top state of a snapshot (`{ loggedIn: 'waiting' }` → `loggedIn`). */
const top = (value: unknown) => (typeof value === 'string' ? value : Object.keys(value as object)[0]);

/**
 * The app root's `watch` actor (machines/app.machine.ts): reports `app.observed` with what the session,
 * router and modal stack (its siblings, by system id) and the stored user show, whenever that changes.
 * The decisions are the root's.
 */
export const watchApp = (store: Pick<UserStore, 'get' | 'subscribe'>) =>
  fromCallback<AppEvent>(({ sendBack, system }) => {
    const session = system.get('session') as AnyActorRef;
    const router = system.get('router') as AnyActorRef;
    const modals = system.get('modals') as AnyActorRef;
    let last = '';
    const report = () => {
      const r = router.getSnapshot() as Snap<RouterContext>;
      const user = store.get();
      const facts: AppFacts = {
        session: top((session.getSnapshot() as Snap<unknown>).value) as AppFacts['session'],
        route: r.context.route,
        loginRequired: r.matches('loginRequired'),
        pageReady: r.matches('ready'),
        expiredSignIn: (modals.getSnapshot() as Snap<ModalsContext>).context.stack.some((m) => m.id === EXPIRED_SIGN_IN),
        publishLimits: user ? { maxFiles: maxFilesFor(user.account.mode), filesize: user.account.limits.filesize } : null,
        user: user ? { email: user.profile.email || null, language: user.language, consents: user.consents } : null,
      };
      const key = JSON.stringify(facts);
      if (key === last) return;
      last = key;
      sendBack({ type: 'app.observed', ...facts });
    };
    const subscriptions = [session.subscribe(report), router.subscribe(report), modals.subscribe(report)];
    const unsubscribeStore = store.subscribe(report);
    report();
    return () => {
      for (const s of subscriptions) s.unsubscribe();
      unsubscribeStore();
    };
  });
