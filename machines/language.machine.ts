import { assign, fromPromise, setup } from 'xstate';
import type { Language } from '../src/contracts/languages';
import { TRANSLATION_TIMEOUT_MS } from './first-load-constants';

export type Catalog = Record<string, unknown>;
export interface LanguageContext {
  /** The language shown now (null until the first catalog loaded). */
  language: Language | null;
  /** The language being loaded. */
  requested: Language;
  /** Domain is a language subdomain (SPEC §2): switching keeps the cookie but not the domain. */
  localizedDomain: boolean;
}
export type LanguageEvent = { type: 'user.choose'; language: Language } | { type: 'user.retry' };

/**
 * Loads the translation catalog of the detected language, then switches languages without a reload.
 * A load that fails or takes longer than 10 s keeps the current language and reports
 * 'failed to load translation' (SPEC §8).
 */
export const languageMachine = setup({
  types: {
    context: {} as LanguageContext,
    events: {} as LanguageEvent,
    input: {} as { language: Language; localizedDomain?: boolean },
  },
  actors: {
    loadCatalog: fromPromise<Catalog, { language: Language }>(async () => ({})),
  },
  delays: { translationTimeout: TRANSLATION_TIMEOUT_MS },
  guards: {
    isOther: ({ context, event }) => event.type === 'user.choose' && event.language !== context.language,
  },
  actions: {
    /** Activates the loaded catalog (i18n, html lang, lang cookie); the app provides it. */
    apply: (_, _params: { language: Language; catalog: Catalog }) => {},
    /** Shows 'failed to load translation'; the app provides it (alert queue). */
    reportFailure: () => {},
    /** The user's choice is applied: the app keeps it on a signed-in profile (the app root saves it). */
    chosen: (_, _params: { language: Language }) => {},
    request: assign({ requested: ({ context, event }) => (event.type === 'user.choose' ? event.language : context.requested) }),
  },
}).createMachine({
  id: 'language',
  context: ({ input }) => ({ language: null, requested: input.language, localizedDomain: input.localizedDomain ?? false }),
  initial: 'booting',
  states: {
    booting: {
      invoke: {
        id: 'loadCatalog',
        src: 'loadCatalog',
        input: ({ context }) => ({ language: context.requested }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ language: ({ context }) => context.requested }),
            { type: 'apply', params: ({ context, event }) => ({ language: context.requested, catalog: event.output }) },
          ],
        },
        onError: { target: 'bootFailed' },
      },
      after: { translationTimeout: { target: 'bootFailed' } },
    },
    bootFailed: {
      on: { 'user.retry': { target: 'booting' } },
    },
    ready: {
      on: { 'user.choose': { guard: 'isOther', target: 'switching', actions: 'request' } },
    },
    switching: {
      invoke: {
        id: 'loadCatalog',
        src: 'loadCatalog',
        input: ({ context }) => ({ language: context.requested }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ language: ({ context }) => context.requested }),
            { type: 'apply', params: ({ context, event }) => ({ language: context.requested, catalog: event.output }) },
            { type: 'chosen', params: ({ context }) => ({ language: context.requested }) },
          ],
        },
        onError: { target: 'ready', actions: 'reportFailure' },
      },
      after: { translationTimeout: { target: 'ready', actions: 'reportFailure' } },
      on: { 'user.choose': { guard: 'isOther', target: 'switching', reenter: true, actions: 'request' } },
    },
  },
});
