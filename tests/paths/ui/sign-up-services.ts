/**
 * The sign-up machines' services over the real API client — the same calls as the app's
 * (src/web/app/session.ts `signUpServices`; kept here so the UI tests do not depend on the app's
 * wiring, which owns the user store and the router). What the app does with the results (store the
 * user, alerts, navigation) is recorded instead, for the drivers to check.
 */
import type { SignUpEndingServices, SignUpServices, SocialServices } from '../../../machines/sign-up/provide';
import type { SignUpEnding } from '../../../machines/sign-up/types';
import type { ApiClient } from '../../../src/api';
import { type LoginContent, LoginContentSchema, LoginHashSchema } from '../../../src/contracts/accounts';

export interface AppEffects {
  savedUsers: LoginContent[];
  successes: string[];
  endings: SignUpEnding[];
  leftToRoot: number;
  cancelledExpiredSignIn: number;
}

const quiet = { skipSessionWait: true, ignoreAlerts: true } as const;

export function signUpServices(
  api: ApiClient,
  social: SocialServices,
): { services: SignUpServices & SignUpEndingServices; effects: AppEffects } {
  const effects: AppEffects = { savedUsers: [], successes: [], endings: [], leftToRoot: 0, cancelledExpiredSignIn: 0 };
  const services: SignUpServices & SignUpEndingServices = {
    login: (json, signal) => api.call('profile/session', { method: 'POST', json, signal, ...quiet, schema: LoginHashSchema }),
    confirmLogin: (json, signal) => api.call('profile/session', { method: 'POST', json, signal, ...quiet, schema: LoginContentSchema }),
    register: (json, signal) => api.call('account/', { method: 'POST', json: { ...json, language: 'en' }, signal, ...quiet }),
    forgot: (json, signal) => api.call('profile/password/request', { method: 'POST', json, signal, ...quiet }),
    resend: (json, signal) => api.call('profile/reactivate', { method: 'POST', json, signal, ...quiet }),
    reset: (json, signal) => api.call('profile/password/', { method: 'POST', json, signal, ...quiet }),
    activate: ({ hash, context, fields }, signal) =>
      api.call('profile/activate', {
        method: 'POST',
        json: { hash, context, ...(context === 'pro' ? fields : {}) },
        signal,
        ...quiet,
        schema: LoginHashSchema,
      }),
    socialSignIn: social,
    saveUser: (content) => effects.savedUsers.push(content),
    leaveToRoot: () => {
      effects.leftToRoot += 1;
    },
    showSuccess: (id) => effects.successes.push(id),
    finish: (ending) => effects.endings.push(ending),
    cancelExpiredSignIn: () => {
      effects.cancelledExpiredSignIn += 1;
    },
  };
  return { services, effects };
}
