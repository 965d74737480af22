/**
 * The Quire reader (`{viewer}/read/{bookId}`, issue "Reading"), evaluated by the entry (main.ts) once
 * the server's page 1 is on screen.
 *
 * Deviation from DESIGN.md, on purpose: the reader is NOT React. Its initial JS must stay within
 * 60 KB gzip (tests/bench/run.mjs, entry `viewer`) and React + ReactDOM alone weigh about that, so
 * the reader renders with plain TypeScript DOM code (src/viewer/render) driven by the XState reader
 * machine (machines/reader.machine.ts), calls the API with fetch instead of ky (same `v=2` and
 * envelope), and reads the client config without the app's API client. Strings still go through
 * Lingui (`msg` macros with explicit ids) and the same JSONP catalogs as the app.
 */
import { setupI18n } from '@lingui/core';
import { createActor, fromPromise } from 'xstate';
import type { Language } from '../../machines/constants';
import { languageMachine } from '../../machines/language.machine';
import { pageHash, parsePageHash, parseSearchHash, resolveLayout, visiblePages } from '../../machines/reader/layout';
import { readerMachine } from '../../machines/reader.machine';
import { readCookie, setCookie } from '../api/cookies';
import { readClientConfig } from '../api/hosts';
import { EXPLICIT_COOKIE } from '../contracts/reader';
import { detectLanguage } from '../web/i18n/detect';
import { loadCatalog } from '../web/i18n/loader';
import { createReaderApi, parseReaderLocation, takePreloadedBook, viewModeParam } from './api';
import { fileGate, toolSlots } from './render/chrome';
import { mountComments } from './render/comments';
import { storedAccessToken } from './render/comments-api';
import { inFrame, mountFavorite } from './render/favorite';
import { applySkin } from './render/presentation';
import { ReaderView } from './render/view';
import { startReadingStats } from './stats';
import { createLeadGates } from './triggers';

declare const __CATALOG_VERSIONS__: Partial<Record<Language, string>>;

/**
 * SPEC §2 safe mode: "continue" to explicit content is remembered for the browser session, and in the
 * cookie the public pages' interstitial sets too (either one lets the reader open straight away).
 */
const EXPLICIT_KEY = 'quire.explicit';
const session = (() => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
})();
const local = (() => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
})();

const config = readClientConfig();
const { id, token } = parseReaderLocation(location.pathname, location.search);
const api = createReaderApi(config.api, id ?? '', token);
// The book inlined in the page, else the book call started before anything else, so the first page
// image can follow as early as possible.
let firstLoad = id ? (takePreloadedBook() ?? api.book()) : null;
firstLoad?.catch(() => {});

const i18n = setupI18n();
// Until the catalog arrives, labels are their ids (the pages themselves do not wait for it).
i18n.loadAndActivate({ locale: 'en', messages: {} });
const root = document.getElementById('reader') ?? document.body;
let languageReady = false;

const reader = createActor(
  readerMachine.provide({
    actors: {
      loadBook: fromPromise(async ({ signal }) => {
        if (!id) throw { failure: 'notFound' };
        const pending = firstLoad ?? api.book(signal);
        firstLoad = null;
        return pending;
      }),
      // Progressive reading (issue 14): the owner's book asked for again while it converts.
      pollBook: fromPromise(({ signal }) => api.book(signal)),
      search: fromPromise(({ input, signal }) => api.search(input.query, signal)),
      copyLink: fromPromise(async ({ input }) => {
        const url = new URL(location.href);
        url.hash = pageHash(input.page);
        await navigator.clipboard.writeText(url.href);
      }),
    },
    actions: {
      syncHash: (_, { page }) => history.replaceState(history.state, '', pageHash(page)),
      rememberConsent: () => {
        session?.setItem(EXPLICIT_KEY, '1');
        setCookie(EXPLICIT_COOKIE, '1');
      },
      leave: () => location.assign('/'),
      enterFullscreen: () => {
        document.documentElement.requestFullscreen?.().catch(() => reader.send({ type: 'screen.fullscreenChanged', on: false }));
      },
      exitFullscreen: () => {
        if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
      },
    },
  }),
  {
    input: {
      bookId: id ?? '',
      token,
      page: parsePageHash(location.hash),
      // An embed may choose the view (`?mode=slide`, src/contracts/widget.ts); else the book's own.
      mode: viewModeParam(location.search),
      viewport: { width: window.innerWidth, height: window.innerHeight },
      explicitAccepted: session?.getItem(EXPLICIT_KEY) === '1' || readCookie(EXPLICIT_COOKIE) === '1',
    },
  },
);

// Comments and "follow the publisher" (machines/reader/comments.machine.ts): their buttons join the
// toolbar and their panel takes turns with the reader's own panels. The app's stored session is only read.
const bookParts = {
  root,
  i18n,
  api: config.api,
  bookId: id ?? '',
  readerToken: token,
  accessToken: storedAccessToken(local, Date.now()),
};
const comments = mountComments({ ...bookParts, closeReaderPanel: () => reader.send({ type: 'user.closePanel' }) });
// The heart (machines/favorites/heart.machine.ts): add the publication to one's favourites (issue 16).
const favorite = mountFavorite({ ...bookParts, embedded: inFrame() });
toolSlots.push(favorite.slot, comments.slot('comments'), comments.slot('follow'));
// Book triggers (machines/reader/leads.machine.ts): the lead form on open and before a download or print.
fileGate.of = createLeadGates(i18n, { ...api, lead: (lead) => api.lead(lead).then(() => stats?.track('lead')) }, local);
reader.subscribe((s) => {
  if (s.matches('reading') && !s.matches({ reading: { panel: 'none' } })) comments.readerPanelOpened();
});

const view = new ReaderView(
  root,
  i18n,
  api,
  (e) => reader.send(e),
  () => languageReady,
);
reader.subscribe((s) => view.update(s));
reader.subscribe((s) => applySkin(root, s.context.book?.skin, s.context.book?.theme));

// Reading statistics (issue 17, src/viewer/stats.ts): time counts only while the book's pages are on screen.
const stats = id ? startReadingStats({ beacon: config.beacon, bookId: id, token, framed: inFrame() }) : null;
reader.subscribe((s) => {
  const { book, mode, viewport, page } = s.context;
  const reading = !!book && s.matches('reading');
  stats?.update({
    pages: book && reading ? visiblePages(resolveLayout(mode, viewport), page, book.pages.length) : [],
    zoomed: reading && s.matches({ reading: { zoom: 'on' } }),
    searching: reading && s.matches({ reading: { panel: { search: 'searching' } } }),
  });
});

const detected = detectLanguage({ hostname: location.hostname, htmlLang: document.documentElement.lang, cookie: readCookie('lang') });
const language = createActor(
  languageMachine.provide({
    actors: {
      loadCatalog: fromPromise(({ input, signal }) =>
        loadCatalog(
          input.language,
          {
            staticBase: config.static,
            versions: typeof __CATALOG_VERSIONS__ === 'undefined' ? {} : __CATALOG_VERSIONS__,
            storage: local ?? undefined,
          },
          signal,
        ),
      ),
    },
    actions: {
      apply: (_, { language: lang, catalog }) => {
        i18n.load(lang, catalog as Record<string, string>);
        i18n.activate(lang);
        document.documentElement.lang = lang;
        languageReady = true;
        view.update(reader.getSnapshot());
      },
    },
  }),
  { input: detected },
);
language.subscribe((s) => {
  // Without a catalog the reader still works: ids stand in for the labels.
  if (s.matches('bootFailed') && !languageReady) {
    i18n.activate(detected.language);
    languageReady = true;
    view.update(reader.getSnapshot());
  }
});

let resizeFrame = 0;
addEventListener('resize', () => {
  cancelAnimationFrame(resizeFrame);
  resizeFrame = requestAnimationFrame(() => reader.send({ type: 'viewport.changed', width: innerWidth, height: innerHeight }));
});
addEventListener('hashchange', () => {
  const page = parsePageHash(location.hash);
  if (page) reader.send({ type: 'nav.go', page });
});
document.addEventListener('fullscreenchange', () => reader.send({ type: 'screen.fullscreenChanged', on: !!document.fullscreenElement }));

// The site search's "page N" link (`#page=N&q=…`): the reader opens at that page with the search
// panel showing those words, highlighted on the page.
const openingSearch = parseSearchHash(location.hash);
if (openingSearch) {
  const once = reader.subscribe((s) => {
    if (!s.matches('reading')) return;
    once.unsubscribe();
    reader.send({ type: 'user.panel', panel: 'search' });
    reader.send({ type: 'user.search', query: openingSearch });
  });
}

reader.start();
language.start();
