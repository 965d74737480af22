import { fromPromise, sendParent } from 'xstate';
import { consentsMachine } from '../../../machines/consents.machine';
import { type PostLoginUser, postLoginMachine } from '../../../machines/post-login.machine';
import { termsMachine } from '../../../machines/terms.machine';
import { usageContextMachine } from '../../../machines/usage-context.machine';
import type { ApiClient } from '../../api';
import { setCookie } from '../i18n/cookies';
import { type AlertsOf, alertAction } from './alert-action';
import { LOGIN_REDIRECT_COOKIE, loginRedirectTarget } from './login-redirect';

export interface PostLoginDeps {
  api: ApiClient;
  /** GETs the session and stores the user (src/web/app/session.ts). */
  fetchSession: () => Promise<PostLoginUser>;
  /** The alert queue (the app root's `alerts`). */
  alerts: AlertsOf;
  navigate: (to: string) => void;
  doc: Document;
}

/**
 * The post-login steps with their side effects (terms, usage context, consents calls; the login-redirect
 * visit). Signed-in only: the app root loads this module with the first sign-in of the page
 * (machines/workspace.machine.ts, region `postLogin`), keeping it out of the first load.
 */
export function createPostLogin({ api, fetchSession, alerts, navigate, doc }: PostLoginDeps) {
  const steps = {
    terms: termsMachine.provide({
      actors: {
        acceptTerms: fromPromise(() => api.call('profile/tos/accept', { method: 'POST', json: {} })),
        refreshUser: fromPromise<PostLoginUser | null>(() => fetchSession()),
      },
    }),
    usageContext: usageContextMachine.provide({
      actors: {
        saveContext: fromPromise(async ({ input }) => {
          await api.call('account/update', { method: 'POST', json: input });
          if ('job_title' in input) await api.call('profile/update', { method: 'POST', json: { job_title: input.job_title } });
        }),
        refreshUser: fromPromise<PostLoginUser | null>(() => fetchSession()),
      },
      actions: { showThanks: alertAction(alerts, { type: 'success', message: { id: 'account.context.thanks' } }) },
    }),
    consents: consentsMachine.provide({
      actors: {
        loadPrefs: fromPromise(async () => {
          const c = await api.call<{ values: string }>('profile/subscription/get', { method: 'GET' });
          return { values: JSON.parse(c.values) as Record<string, boolean> };
        }),
        savePrefs: fromPromise(({ input }) =>
          api.call('profile/subscription/update', { method: 'POST', json: { values: JSON.stringify(input.values) } }),
        ),
        refreshUser: fromPromise<PostLoginUser | null>(() => fetchSession()),
      },
    }),
  };
  return postLoginMachine.provide({
    actors: steps,
    actions: {
      visitRedirect: (_, { path }) => {
        setCookie(LOGIN_REDIRECT_COOKIE, '', -1, doc);
        const target = loginRedirectTarget(path);
        if (target.fullLoad && doc.defaultView) doc.defaultView.location.assign(target.path);
        else navigate(target.path);
      },
      signOut: sendParent({ type: 'postLogin.signOut' }),
    },
  });
}
