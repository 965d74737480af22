import type { AppActorRef } from '../../../machines/app.machine';
import type { SignUpEndingServices, SignUpServices } from '../../../machines/sign-up/provide';
import type { ApiClient } from '../../api/client';
import { type LoginContent, LoginContentSchema, LoginHashSchema, type UsageContext } from '../../contracts/accounts';
import { isManagerOf } from '../../contracts/gating';
import { associationId, type KeyValueStorage, type UserStore, userFromLogin } from '../session/user-store';
import type { AlertsOf } from './alert-action';
import type { Tracker } from './tracker';

/** What the sign-up modal's services need of the app (src/web/app/actors.ts `auth.signUpDeps`). */
export interface SignUpDeps {
  api: ApiClient;
  store: UserStore;
  alerts: AlertsOf;
  doc: Document;
  /** The app root: the modal's ending and sign-in go to it (machines/app.machine.ts). */
  root: Pick<AppActorRef, 'send'>;
  tracker: Pick<Tracker, 'proActivation'>;
  /** The login-redirect cookie's path, read when a sign-in ends (the post-login steps visit it). */
  redirectPath: () => string | null;
}

/**
 * The sign-up modal's services but for the social pop-up flow: the calls, the stored user, and what
 * goes to the app root. Loaded with the modal's views (./SignUpModalView.tsx), not with the first load.
 */
export function createSignUpServices({
  api,
  store,
  alerts,
  doc,
  root,
  tracker,
  redirectPath,
}: SignUpDeps): Omit<SignUpServices, 'socialSignIn'> & SignUpEndingServices {
  const quiet = { skipSessionWait: true, ignoreAlerts: true } as const;
  return {
    login: (json, signal) => api.call('profile/session', { method: 'POST', json, signal, ...quiet, schema: LoginHashSchema }),
    confirmLogin: async (json, signal) => {
      const content = await api.call('profile/session', { method: 'POST', json, signal, ...quiet, schema: LoginContentSchema });
      // This sign-in cancelled the account's pending deletion (issue 16): say so until the user closes it.
      if (content.deletion_cancelled)
        alerts()?.send({
          type: 'alert.push',
          alert: { type: 'success', message: { id: 'account.privacy.deletionCancelled' }, delay: null },
        });
      return content;
    },
    register: (json, signal) =>
      api.call('account/', {
        method: 'POST',
        signal,
        ...quiet,
        json: { ...json, language: doc.documentElement.lang || 'en', ...origin(doc) },
      }),
    forgot: (json, signal) => api.call('profile/password/request', { method: 'POST', json, signal, ...quiet }),
    resend: (json, signal) => api.call('profile/reactivate', { method: 'POST', json, signal, ...quiet }),
    reset: (json, signal) => api.call('profile/password/', { method: 'POST', json, signal, ...quiet }),
    // The contract (ActivateRequestSchema) takes the usage-context fields flat, beside hash and context.
    activate: ({ hash, context, fields }, signal) =>
      api.call('profile/activate', {
        method: 'POST',
        json: { hash, context, ...(context === 'pro' ? fields : {}) },
        signal,
        ...quiet,
        schema: LoginHashSchema,
      }),
    saveUser: (content: LoginContent) => {
      store.set(userFromLogin(content, Date.now(), store.get()));
      root.send({ type: 'signUp.signedIn', content });
    },
    leaveToRoot: () => root.send({ type: 'signUp.leftToRoot' }),
    showSuccess: (id) => alerts()?.send({ type: 'alert.push', alert: { type: 'success', message: { id } } }),
    activated: (context: UsageContext) => {
      if (context === 'pro') tracker.proActivation();
    },
    cancelExpiredSignIn: () => root.send({ type: 'signUp.cancelledExpired' }),
    finish: (ending) =>
      root.send({
        type: 'signUp.finished',
        ending,
        redirectPath: redirectPath(),
        managerInAssociation: ending.signedIn !== null && isManagerInAssociation(ending.signedIn, doc.defaultView?.sessionStorage),
      }),
  };
}

/**
 * A manager signing in while an association session is stored (an expired session signed in again inside
 * it, issue 20) counts as profile type 2 for the post-login steps (SPEC §6): the usage context is asked
 * when missing. Anyone else with a stored association (it is not theirs) does not.
 */
export function isManagerInAssociation(content: Pick<LoginContent, 'account'>, storage: KeyValueStorage | undefined): boolean {
  return isManagerOf(content.account) && associationId(storage) !== undefined;
}

function origin(doc: Document) {
  const q = new URLSearchParams(doc.location.search);
  return { origin_source: q.get('utm_source') ?? undefined, origin_campaign: q.get('utm_campaign') ?? undefined };
}
