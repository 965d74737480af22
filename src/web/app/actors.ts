import type { I18n } from '@lingui/core';
import { type ActorOptions, type AnyActorLogic, createActor, fromPromise, sendParent } from 'xstate';
import type { AlertRequest } from '../../../machines/alert.machine';
import { type AppActorRef, appMachine, workspaceLoading } from '../../../machines/app.machine';
import { languageMachine } from '../../../machines/language.machine';
import { lazyLogic } from '../../../machines/lazy';
import { routerMachine } from '../../../machines/router.machine';
import type { ApiClient } from '../../api/client';
import { readCookie, setCookie } from '../../api/cookies';
import { createGate } from '../../api/gate';
import { readClientConfig } from '../../api/hosts';
import { createLazyApiClient } from '../../api/lazy';
import type { Language } from '../../contracts/languages';
import { detectLanguage } from '../i18n/detect';
import { loadCatalog } from '../i18n/loader';
import { AUTH_PAGES, routeFor, serveBilling } from '../pages/routes';
import { associationId, dropAssociation, takeDroppedAssociation } from '../session/user-store';
import { type AlertsOf, alertAction } from './alert-action';
import { pendingSocialProvider } from './oauth-path';
import { createSessionWiring, type SessionWiring } from './session';
import type { SignUpDeps } from './sign-up-services';
import type { Tracker } from './tracker';
import { watchApp } from './watch';

export { EXPIRED_SIGN_IN } from '../../../machines/first-load-constants';

declare const __CATALOG_VERSIONS__: Partial<Record<Language, string>>;

export interface AppDeps {
  i18n: I18n;
  /** Goes to a path of the app (history push, or replace). */
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /** Loads a page's module by name (src/web/pages/loaders.ts; given by the entry so that no page module depends on this file's importers). */
  loadPage: (name: string) => Promise<unknown>;
  doc?: Document;
  /** The server as the API client reaches it (default: the browser's fetch); tests hold its requests. */
  fetch?: typeof globalThis.fetch;
  /** The actor system's clock (default: the browser's timers); tests pass xstate's SimulatedClock. */
  clock?: ActorOptions<AnyActorLogic>['clock'];
}

/**
 * Creates and starts the app root (machines/app.machine.ts) with the real side effects of its children
 * provided (DESIGN §4), and hands its children's refs to the views.
 */
export function createAppActors({ i18n, navigate, loadPage, doc = document, fetch, clock }: AppDeps) {
  const config = readClientConfig(doc);
  serveBilling(config.billing);
  // The root is created below; the side effects reach its children through it.
  let app: AppActorRef | undefined;
  const children = () => app?.getSnapshot().children;
  // The alert queue by its system id: the machines' actions send to it (alertAction); the API client's alerts are pushed.
  const alerts: AlertsOf = () => app?.system.get('alerts');
  const pushAlert = (alert: AlertRequest) => alerts()?.send({ type: 'alert.push', alert });

  const detected = detectLanguage({
    hostname: doc.location.hostname,
    htmlLang: doc.documentElement.getAttribute('lang'),
    cookie: readCookie('lang', doc.cookie) ?? null,
  });
  const versions = typeof __CATALOG_VERSIONS__ === 'undefined' ? {} : __CATALOG_VERSIONS__;
  const language = languageMachine.provide({
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
      },
      chosen: sendParent((_, { language: lang }) => ({ type: 'language.chosen' as const, language: lang })),
      reportFailure: alertAction(alerts, { type: 'error', message: { id: 'commons.translationFailed' } }),
    },
  });

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
  const router = routerMachine.provide({
    actors: { loadPage: fromPromise(({ input }) => loadPageOnce(input.name)) },
    actions: { goHome: () => navigate('/') },
  });

  // Every request waits for the session check (the session machine opens the gate).
  const sessionGate = createGate(false);
  const onSessionExpired = <T>(retry: () => Promise<T>): Promise<T> => wiring.onSessionExpired(retry);
  // The client's implementation loads apart (not part of the first load), from now: the session check asks it first.
  const api: ApiClient & { preload: () => void } = createLazyApiClient({
    config,
    ...(fetch ? { fetch } : {}),
    sessionGate,
    onAlert: (a) => pushAlert({ type: a.type, message: a.message, requestId: a.requestId, delay: a.delay, closable: a.closable }),
    getToken: () => wiring.getToken(),
    // A manager's association session (SPEC §6): the account id header names the child it acts for.
    getAssociationId: () => associationId(globalThis.sessionStorage),
    // The stored association names an account that is no longer the manager's child (issue 20): back to
    // its own account (cleared, then a reload; the next page says why). Once: the cleared id is no longer
    // sent, and a storage that would not clear is not reloaded.
    onAssociationRefused: (account) => {
      if (dropAssociation(globalThis.sessionStorage, account)) doc.defaultView?.location.reload();
    },
    getAts: () => wiring.getAts(),
    onAts: (ats) => wiring.onAts(ats),
    onSessionExpired,
  });
  api.preload();
  // The first page's module loads from boot on, beside the session's code (the session check, which
  // routing waits for, starts once that is there): neither waits for the other.
  loadPage(routeFor(doc.location.pathname, doc.location.hash).page.name).catch(() => {});
  const wiring: SessionWiring = createSessionWiring({
    api,
    gate: sessionGate,
    alerts,
    navigate,
    session: () => children()?.session,
    doc,
  });

  // SPEC §7: the marketing tracker (no-op unless configured), the support chat and page-testing scripts.
  // Its code loads from now on, apart from the first load; calls made meanwhile wait for it, in order.
  const tracked = import('./tracker').then((m) => m.createTracker(config.tracker, doc.defaultView));
  const tracker = new Proxy({} as Tracker, {
    get:
      (_, name: keyof Tracker) =>
      (...args: never[]) =>
        tracked.then(
          (loaded) => (loaded[name] as (...a: never[]) => void)(...args),
          () => {},
        ),
  });
  // The third-party machine and the server status load on demand from the start (machines/lazy.ts).
  const thirdParty = lazyLogic(() => import('./third-party').then((m) => m.provideThirdParty(config, tracker, doc)));
  const status = lazyLogic(
    () => import('./status').then((m) => m.provideStatus(api)),
    () => ({ value: 'loading', context: { status: null } }),
  );
  // The signed-in part (publish modal, upload batch, post-login steps) loads when the root starts it.
  const workspace = lazyLogic(
    () => import('./workspace').then((m) => m.provideWorkspace({ api, wiring, alerts, navigate, doc, onSessionExpired })),
    workspaceLoading,
  );

  const root = createActor(
    appMachine.provide({
      actors: {
        language,
        router,
        session: wiring.session,
        status,
        thirdParty,
        workspace,
        watch: watchApp(wiring.store),
      },
      actions: { navigate: (_, { to, replace }) => navigate(to, { replace }) },
    }),
    {
      input: {
        language: detected,
        signupPage: doc.location.pathname === '/register',
        authPages: AUTH_PAGES,
        socialPending: (doc.defaultView && pendingSocialProvider(doc.defaultView)) ?? undefined,
        thirdParty: {
          configured: { support_chat: config.scripts.support_chat !== '', page_testing: config.scripts.page_testing !== '' },
        },
      },
      ...(clock ? { clock } : {}),
    },
  );
  app = root;
  wiring.start();
  root.start();
  // The page after a refused association (above): say why the manager is on its own account again.
  if (takeDroppedAssociation(globalThis.sessionStorage))
    pushAlert({ type: 'warning', message: { id: 'manager.association.dropped' }, delay: null });
  const refs = root.getSnapshot().children;

  return {
    config,
    /** The root; the views send it the sign-up modal's ending and read the publish modal and batch from it. */
    app: root,
    alerts: refs.alerts!,
    language: refs.language!,
    modals: refs.modals!,
    router: refs.router!,
    session: refs.session!,
    signUpHost: refs.signUpHost!,
    status: refs.status!,
    api,
    sessionGate,
    detected,
    /** The marketing tracker (SPEC §7); billing calls its upgrade-order events. */
    tracker,
    auth: {
      store: wiring.store,
      /** GETs the session and stores the current user (account pages refresh it after a save). */
      refreshUser: () => wiring.fetchSession(),
      /**
       * What the sign-up modal's services need (./sign-up-services.ts, loaded with the modal's views); its
       * ending goes to the root.
       */
      signUpDeps: { api, store: wiring.store, alerts, doc, root, tracker, redirectPath: wiring.redirectPath } satisfies SignUpDeps,
    },
  };
}

export type AppActors = ReturnType<typeof createAppActors>;

function safeStorage(doc: Document): Storage | undefined {
  try {
    return doc.defaultView?.localStorage;
  } catch {
    return undefined;
  }
}
