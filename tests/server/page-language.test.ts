import { describe, expect, it } from 'vitest';
import { pageLanguage } from '../../src/server/plugins/static';

describe('pageLanguage (SPEC §2: subdomain, then html lang from cookie / browser, then en)', () => {
  it.each([
    ['www.quire.example', undefined, undefined, 'en'],
    ['quire.example', 'lang=de', undefined, 'de'],
    ['localhost:3000', 'a=1; lang=fr; b=2', 'de', 'fr'],
    ['localhost:3000', undefined, 'pt-BR,pt;q=0.9,en;q=0.8', 'pt'],
    ['localhost:3000', undefined, 'xx, ru;q=0.5, it;q=0.7', 'it'],
    ['localhost:3000', 'lang=zz', 'zz', 'en'],
    ['de.quire.example', 'lang=fr', 'es', 'de'],
    ['ita.localhost:3000', undefined, undefined, 'it'],
    ['www.quire.example', 'lang=ru', undefined, 'ru'],
    ['docs.quire.example', undefined, 'es', 'es'],
    ['127.0.0.1:3000', undefined, undefined, 'en'],
    // The Cookie header is parsed like any cookie: values percent-decoded (the client writes them
    // encoded), the first of a name wins, look-alike names and empty values do not count.
    ['localhost:3000', 'lang=%65s', undefined, 'es'],
    ['localhost:3000', 'xlang=ru; lang=it; lang=de', undefined, 'it'],
    ['localhost:3000', 'lang=; a=1', 'fr', 'fr'],
    ['localhost:3000', 'a=%E0%A4%A; lang=pt', undefined, 'pt'],
  ])('%s cookie=%s accept=%s → %s', (host, cookie, accept, expected) => {
    expect(pageLanguage(host, cookie, accept)).toBe(expected);
  });
});
