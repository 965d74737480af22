import type { I18n } from '@lingui/core';
import { createActor, fromPromise } from 'xstate';
import type { AlertRequest } from '../../../machines/alert.machine';
import { alertsMachine } from '../../../machines/alerts.machine';
import type { Language } from '../../../machines/constants';
import { languageMachine } from '../../../machines/language.machine';
import { modalsMachine } from '../../../machines/modals.machine';
import { routerMachine } from '../../../machines/router.machine';
import { type SignUpHostFacts, signUpHostMachine } from '../../../machines/sign-up/host.machine';
import { type ApiClient, createApiClient, createGate, readClientConfig } from '../../api';
import { readCookie, setCookie } from '../../api/cookies';
import { createPublishing } from '../components/publish/publishing';
import { detectLanguage } from '../i18n/detect';
import { loadCatalog } from '../i18n/loader';
import { isAuthPage } from '../pages/routes';
import { createSessionWiring, type SessionWiring } from './session';

/** Modal id of the non-closeable sign-in shown when the session expired (SPEC §4). */
export const EXPIRED_SIGN_IN = 'signin-expired';

declare const __CATALOG_VERSIONS__: Partial<Record<Language, string>>;

export interface AppDeps {
  i18n: I18n;
  navigate: (to: string) => void;
  /** Loads a page's module by name (src/web/pages/loaders.ts; given by the entry so that no page module depends on this file's importers). */
  loadPage: (name: string) => Promise<unknown>;
  doc?: Document;
}

/** Creates and starts every app-wide actor with its real side effects provided (DESIGN §4). */
export function createAppActors({ i18n, navigate, loadPage, doc = document }: AppDeps) {
  const config = readClientConfig(doc);
  const alerts = createActor(alertsMachine).start();
  const pushAlert = (alert: AlertRequest) => alerts.send({ type: 'alert.push', alert });

  const detected = detectLanguage({
    hostname: doc.location.hostname,
    htmlLang: doc.documentElement.getAttribute('lang'),
    cookie: readCookie('lang', doc.cookie) ?? null,
  });
  const versions = typeof __CATALOG_VERSIONS__ === 'undefined' ? {} : __CATALOG_VERSIONS__;
  const language = createActor(
    languageMachine.provide({
      actors: {
        loadCatalog: fromPromise(({ input, signal }) =>
          loadCatalog(input.language, { staticBase: config.static, versions, storage: safeStorage(doc) }, signal),
        ),
      },
      actions: {
        apply: (_, { language: lang, catalog }) => {
          i18n.load(lang, catalog as Record<string, string>);
          i18n.activate(lang);
          doc.documentElement.lang = lang;
          setCookie('lang', lang, undefined, doc);
          // A signed-in user's choice is kept on the profile (mail language; SPEC §7 Language).
          const user = wiring?.store.get();
          if (user && user.profile.language !== lang && wiring?.session.getSnapshot().matches('loggedIn')) {
            api
              .call('profile/update', { method: 'POST', json: { language: lang }, ignoreAlerts: true })
              .then(() => wiring?.store.set({ ...user, profile: { ...user.profile, language: lang }, language: lang }))
              .catch(() => {});
          }
        },
        reportFailure: () => pushAlert({ type: 'error', message: { id: 'commons.translationFailed' } }),
      },
    }),
    { input: detected },
  ).start();

  const modals = createActor(modalsMachine).start();
  // A failed dynamic import stays failed for that URL in the browser's module map, so retrying a
  // page whose module failed reloads the document (a new deployment is the usual cause).
  const failedPages = new Set<string>();
  const loadPageOnce = async (name: string) => {
    if (failedPages.has(name)) {
      doc.defaultView?.location.reload();
      return new Promise<never>(() => {});
    }
    try {
      return await loadPage(name);
    } catch (error) {
      failedPages.add(name);
      throw error;
    }
  };
  const router = createActor(
    routerMachine.provide({
      actors: { loadPage: fromPromise(({ input }) => loadPageOnce(input.name)) },
      actions: { goHome: () => navigate('/') },
    }),
    { input: { loggedIn: false } },
  ).start();

  // Every request waits for the session check (the session machine opens the gate).
  const sessionGate = createGate(false);
  let wiring: SessionWiring | undefined;
  const api: ApiClient = createApiClient({
    config,
    sessionGate,
    onAlert: (a) => pushAlert({ type: a.type, message: a.message, requestId: a.requestId, delay: a.delay, closable: a.closable }),
    getToken: () => wiring?.getToken(),
    getAts: () => wiring?.getAts(),
    onAts: (ats) => wiring?.onAts(ats),
    onSessionExpired: (retry) => (wiring ? wiring.onSessionExpired(retry) : Promise.reject(new Error('no session'))),
  });
  wiring = createSessionWiring({
    api,
    gate: sessionGate,
    pushAlert,
    navigate,
    currentPageRequiresLogin: () => router.getSnapshot().context.route?.page.requiresLogin ?? false,
    setExpiredSignIn: (open) =>
      modals.send(open ? { type: 'modal.open', id: EXPIRED_SIGN_IN, closable: false } : { type: 'modal.close', id: EXPIRED_SIGN_IN }),
    doc,
  });
  const { session } = wiring;
  // The router follows the session (login-required pages); the session follows the page (signup page).
  let loggedIn: boolean | null = null;
  session.subscribe((s) => {
    const now = s.matches('loggedIn');
    if (now !== loggedIn && !s.matches('checking')) {
      loggedIn = now;
      router.send({ type: 'session.changed', loggedIn: now });
    }
  });
  wiring.start();

  // When the sign-up modal shows and why (machines/sign-up/host.machine.ts): it follows the modal stack, the route and the session.
  const signUpFacts = (): SignUpHostFacts => {
    const route = router.getSnapshot().context.route;
    const page = route?.page.name;
    return {
      expiredSignIn: modals.getSnapshot().context.stack.some((m) => m.id === EXPIRED_SIGN_IN),
      loginRequired: router.getSnapshot().matches('loginRequired'),
      loggedIn: session.getSnapshot().matches('loggedIn'),
      page,
      hash: route?.params.hash,
      authPage: isAuthPage(page),
    };
  };
  const signUpHost = createActor(signUpHostMachine, { input: signUpFacts() }).start();
  const observeSignUp = () => signUpHost.send({ type: 'facts.changed', ...signUpFacts() });
  modals.subscribe(observeSignUp);
  router.subscribe(observeSignUp);
  session.subscribe(observeSignUp);

  // Publishing batches (publish modal → upload page); a sign-out stops the one in progress.
  const publishing = createPublishing({
    api,
    navigate,
    currentPath: () => doc.location.pathname,
    getToken: () => wiring?.getToken(),
    getUser: () => wiring?.store.get(),
    onSessionExpired: (retry) => (wiring ? wiring.onSessionExpired(retry) : Promise.reject(new Error('no session'))),
  });
  session.subscribe((s) => {
    if (s.matches('loggedOut')) publishing.clear();
  });

  return { config, alerts, language, modals, router, api, sessionGate, detected, session, auth: wiring, signUpHost, publishing };
}

export type AppActors = ReturnType<typeof createAppActors>;

function safeStorage(doc: Document): Storage | undefined {
  try {
    return doc.defaultView?.localStorage;
  } catch {
    return undefined;
  }
}
