import { describe, expect, it } from 'vitest';
import { readCookie, setCookie } from '../../../src/api/cookies';
import { detectLanguage, toLanguage } from '../../../src/web/i18n/detect';
import { catalogUrl, loadCatalog } from '../../../src/web/i18n/loader';
import { buildFragment, parseFragment } from '../../../src/web/routing/fragment';
import { searchTarget } from '../../../src/web/routing/search';

describe('detectLanguage (SPEC §2)', () => {
  it.each([
    [{ hostname: 'www.quire.example', htmlLang: 'fr', cookie: 'de' }, 'fr', false],
    [{ hostname: 'www.quire.example', htmlLang: null, cookie: 'de' }, 'de', false],
    [{ hostname: 'www.quire.example', htmlLang: null, cookie: null }, 'en', false],
    [{ hostname: 'www.quire.example', htmlLang: 'xx', cookie: 'yy' }, 'en', false],
    [{ hostname: 'de.quire.example', htmlLang: 'fr', cookie: 'es' }, 'de', true],
    [{ hostname: 'ita.quire.example', htmlLang: 'en' }, 'it', true],
    [{ hostname: 'ru.localhost', htmlLang: 'en' }, 'ru', true],
    [{ hostname: 'localhost', htmlLang: 'pt-BR' }, 'pt', false],
    [{ hostname: '127.0.0.1', htmlLang: 'es' }, 'es', false],
    [{ hostname: 'docs.quire.example', htmlLang: 'it' }, 'it', false],
  ])('%o → %s (localized %s)', (input, language, localizedDomain) => {
    expect(detectLanguage(input)).toEqual({ language, localizedDomain });
  });
  it('maps ita to it and rejects unknown codes', () => {
    expect(toLanguage('ita')).toBe('it');
    expect(toLanguage('DE_at')).toBe('de');
    expect(toLanguage('klingon')).toBeNull();
  });
});

describe('fragment parameters (SPEC §2: "/" between segments, first "-" between key and value)', () => {
  it('parses keys, values with dashes, empty values and encoded text', () => {
    expect(parseFragment('#search-flip-book/books')).toEqual({ search: 'flip-book', books: '' });
    expect(parseFragment('#search-annual%20report/books')).toEqual({ search: 'annual report', books: '' });
    expect(parseFragment('')).toEqual({});
    expect(parseFragment('#//a-1//')).toEqual({ a: '1' });
  });
  it('ignores prototype keys and bad encodings', () => {
    expect(parseFragment('#__proto__-x/constructor-y/ok-%E0%A4%A')).toEqual({ ok: '%E0%A4%A' });
    expect(Object.getPrototypeOf(parseFragment('#__proto__-x'))).toBe(Object.prototype);
  });
  it('round-trips through buildFragment', () => {
    const p = { search: 'a/b-c d', books: '' };
    expect(parseFragment(buildFragment(p))).toEqual(p);
    expect(buildFragment({})).toBe('');
  });
});

describe('header search target', () => {
  it('ignores empty text', () => {
    expect(searchTarget('   ', '/', '')).toBeNull();
  });
  it('goes to /search#search-{term}/books', () => {
    expect(searchTarget(' annual report ', '/', '')).toBe('/search#search-annual%20report/books');
  });
  it('on /search it updates the search parameter and keeps the others', () => {
    expect(searchTarget('budget', '/search', '#search-old/books/sort-date')).toBe('/search#search-budget/books/sort-date');
  });
});

describe('translation catalog cache (SPEC §9: one week)', () => {
  const store = () => {
    const m = new Map<string, string>();
    return {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      removeItem: (k: string) => void m.delete(k),
      m,
    };
  };
  const week = 604_800_000;

  it('answers from storage when cached less than a week ago for the same catalog version', async () => {
    const storage = store();
    storage.setItem('quire.catalog.de', JSON.stringify({ version: 'v1', savedAt: 1000, messages: { a: 'b' } }));
    const messages = await loadCatalog('de', { staticBase: '', versions: { de: 'v1' }, storage, now: () => 1000 + week - 1 });
    expect(messages).toEqual({ a: 'b' });
  });

  it('does not use an expired or outdated entry (falls through to the network)', async () => {
    for (const [version, now] of [
      ['v1', 1000 + week],
      ['v0', 1001],
    ] as const) {
      const storage = store();
      storage.setItem('quire.catalog.de', JSON.stringify({ version, savedAt: 1000, messages: { a: 'b' } }));
      // No document in node: the JSONP path rejects, which proves the cache was not used.
      await expect(
        loadCatalog('de', {
          staticBase: '',
          versions: { de: 'v1' },
          storage,
          now: () => now,
          doc: { defaultView: null } as unknown as Document,
        }),
      ).rejects.toThrow('no window');
    }
  });

  it('builds the catalog address on the static host with its version', () => {
    expect(catalogUrl('https://static.example', 'ru', 'abc')).toBe('https://static.example/platform/locales/ru/platform.js?v=abc');
    expect(catalogUrl('', 'en')).toBe('/platform/locales/en/platform.js');
  });
});

describe('cookies', () => {
  it('reads a cookie among others', () => {
    expect(readCookie('lang', 'a=1; lang=de; b=2')).toBe('de');
    expect(readCookie('lang', 'a=1')).toBeUndefined();
  });
  it('decodes what setCookie encodes, keeps an undecodable value as it is, and the first of a name wins', () => {
    const doc = { cookie: '', location: { protocol: 'https:' } } as unknown as Document;
    setCookie('quire_login_redirect', '/read/b1?x=1 2;3', 1, doc);
    expect(doc.cookie).toMatch(/^quire_login_redirect=%2Fread%2Fb1%3Fx%3D1%202%3B3; expires=[^;]+; path=\/; SameSite=Lax; Secure$/);
    expect(readCookie('quire_login_redirect', doc.cookie.split(';')[0])).toBe('/read/b1?x=1 2;3');
    expect(readCookie('a', 'a=%E0%A4%A; b=2')).toBe('%E0%A4%A');
    expect(readCookie('lang', 'xlang=ru; lang=it; lang=de')).toBe('it');
  });
});
