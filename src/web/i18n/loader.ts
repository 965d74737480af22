import type { Messages } from '@lingui/core';
import { TRANSLATION_CACHE_MS } from '../../../machines/first-load-constants';
import type { Language } from '../../contracts/languages';

/** Compiled catalogs are served as JSONP scripts (SPEC §7) that call this global. */
export const JSONP_CALLBACK = '__quireCatalog';

interface Cached {
  version: string;
  savedAt: number;
  messages: Messages;
}
export interface LoaderDeps {
  /** Base of the static host ('' = same origin). */
  staticBase: string;
  /** Catalog content hashes written by the build; a changed hash invalidates the cache. */
  versions: Partial<Record<Language, string>>;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
  now?: () => number;
  doc?: Document;
}

const cacheKey = (l: Language) => `quire.catalog.${l}`;

export function catalogUrl(staticBase: string, language: Language, version?: string): string {
  return `${staticBase}/platform/locales/${language}/platform.js${version ? `?v=${version}` : ''}`;
}

function readCache(deps: LoaderDeps, language: Language): Messages | null {
  try {
    const raw = deps.storage?.getItem(cacheKey(language));
    if (!raw) return null;
    const c = JSON.parse(raw) as Cached;
    const fresh = (deps.now ?? Date.now)() - c.savedAt < TRANSLATION_CACHE_MS;
    return fresh && c.version === (deps.versions[language] ?? '') ? c.messages : null;
  } catch {
    return null;
  }
}

function writeCache(deps: LoaderDeps, language: Language, messages: Messages): void {
  const entry: Cached = { version: deps.versions[language] ?? '', savedAt: (deps.now ?? Date.now)(), messages };
  try {
    deps.storage?.setItem(cacheKey(language), JSON.stringify(entry));
  } catch {
    // Storage full or denied: the catalog still works for this page view.
  }
}

/**
 * Loads a compiled catalog: from local storage when cached less than a week ago for the same build,
 * otherwise by JSONP. The 10 s time-out lives in the language machine, which aborts via `signal`.
 */
export function loadCatalog(language: Language, deps: LoaderDeps, signal?: AbortSignal): Promise<Messages> {
  const cached = readCache(deps, language);
  if (cached) return Promise.resolve(cached);
  const doc = deps.doc ?? document;
  return new Promise<Messages>((resolve, reject) => {
    const w = doc.defaultView as (Window & { [JSONP_CALLBACK]?: (l: string, m: Messages) => void }) | null;
    if (!w) return reject(new Error('no window'));
    const script = doc.createElement('script');
    const cleanup = () => {
      script.remove();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      cleanup();
      reject(new DOMException('aborted', 'AbortError'));
    };
    const previous = w[JSONP_CALLBACK];
    w[JSONP_CALLBACK] = (l, messages) => {
      if (l !== language) return previous?.(l, messages);
      cleanup();
      writeCache(deps, language, messages);
      resolve(messages);
    };
    script.onerror = () => {
      cleanup();
      reject(new Error(`failed to load translation ${language}`));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    script.async = true;
    script.src = catalogUrl(deps.staticBase, language, deps.versions[language]);
    doc.head.append(script);
  });
}
