import type { FastifyInstance } from 'fastify';
import { DomUtils, parseDocument } from 'htmlparser2';
import { beforeAll, describe, expect, it } from 'vitest';
import { SITE_PATHS } from '../../src/contracts/pages';
import { newId } from '../../src/server/auth/crypto';
import { languageOrigin } from '../../src/server/site/context';
import { SITE_PAGES } from '../../src/server/site/pages';
import { signedIn, useAccountsApp } from './accounts-support';
import { DIALECTS } from './helpers';
import { elementsOf, linkHref, textOf } from './html-support';
import { makeBook } from './reader-support';

/**
 * The public site's frame and files (src/server/site, routes/site.ts): the page table and the paths
 * the app links to agree, the site header (search form, sign-in or the account), hreflang and
 * canonical from the configured base, the licence on a publication, robots.txt, the manifest and the
 * sitemap (public, non-explicit publications only), and the search form's answer.
 */

const ORIGIN = 'https://quire.example';

describe('site page table', () => {
  it('has exactly the paths the app links to as site pages (contracts/pages.ts SITE_PATHS)', () => {
    // …and the blog's index, served by the blog's own routes.
    expect([...SITE_PAGES.map((p) => p.path), '/blog'].sort()).toEqual([...SITE_PATHS].sort());
  });

  it('puts each language on its subdomain of the public base, English on the base, none for an IP address', () => {
    expect(languageOrigin('https://quire.example', 'de')).toBe('https://de.quire.example');
    expect(languageOrigin('https://quire.example', 'en')).toBe('https://quire.example');
    expect(languageOrigin('https://www.quire.example', 'fr')).toBe('https://fr.quire.example');
    expect(languageOrigin('https://de.quire.example', 'it')).toBe('https://it.quire.example');
    expect(languageOrigin('http://localhost:3000', 'ru')).toBe('http://ru.localhost:3000');
    expect(languageOrigin('http://127.0.0.1:3000', 'de')).toBeUndefined();
    expect(languageOrigin('http://[::1]:3000', 'de')).toBeUndefined();
  });
});

describe.each(DIALECTS)('public site on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, { env: { QUIRE_PUBLIC_URL: ORIGIN, QUIRE_CONVERT_CONCURRENCY: '0' } });
  const ids: Record<string, string> = {};
  let owner = '';

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    owner = newId();
    await ctx.app.db
      .insertInto('accounts')
      .values({ id: owner, name: 'Site Owner', context: 'ind', ats: Date.now(), created_at: Date.now() })
      .execute();
    const make = (spec: Parameters<typeof makeBook>[2]) => makeBook(ctx.app as FastifyInstance, owner, spec);
    ids.public = await make({ name: 'Open book', settings: { license_mode: 'by_sa' } });
    ids.reserved = await make({ name: 'Reserved book' });
    ids.explicit = await make({ name: 'Adult book', columns: { is_adult: 1 } });
    ids.private = await make({ name: 'Private book', columns: { publishing_mode: 2 } });
  });

  it('frames a publication with the site header, footer, hreflang, favicon, manifest and its licence', async () => {
    const res = await get(`/publication/${ids.public}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(linkHref(html, 'canonical')).toBe(`${ORIGIN}/publication/${ids.public}`);
    const alternates = elementsOf(html, 'link').filter((l) => l.attribs.rel === 'alternate' && l.attribs.hreflang);
    expect(alternates.map((l) => [l.attribs.hreflang, l.attribs.href])).toEqual([
      ['de', `https://de.quire.example/publication/${ids.public}`],
      ['en', `${ORIGIN}/publication/${ids.public}`],
      ['es', `https://es.quire.example/publication/${ids.public}`],
      ['fr', `https://fr.quire.example/publication/${ids.public}`],
      ['it', `https://it.quire.example/publication/${ids.public}`],
      ['pt', `https://pt.quire.example/publication/${ids.public}`],
      ['ru', `https://ru.quire.example/publication/${ids.public}`],
      ['x-default', `${ORIGIN}/publication/${ids.public}`],
    ]);
    expect(linkHref(html, 'icon')).toBe('/favicon.svg');
    expect(linkHref(html, 'manifest')).toBe('/manifest.webmanifest');
    // The header: home, a search form that GETs /search with the term, sign-in links for a visitor.
    const header = elementsOf(html, 'header')[0];
    expect(header).toBeDefined();
    const form = elementsOf(html, 'form')[0];
    expect(form?.attribs).toMatchObject({ action: '/search', method: 'get' });
    expect(elementsOf(html, 'input').find((i) => i.attribs.name === 'q')?.attribs).toMatchObject({ required: '', maxlength: '200' });
    const hrefs = elementsOf(html, 'a').map((a) => a.attribs.href);
    expect(hrefs).toEqual(expect.arrayContaining(['/', '/login', '/register', '/publish']));
    expect(hrefs).not.toContain('/account/dashboard');
    expect(elementsOf(html, 'footer')).toHaveLength(1);
    // Every link of the frame to this site leads to a page it has.
    for (const href of hrefs.filter((h): h is string => !!h && h.startsWith('/') && !h.startsWith('//'))) {
      const to = href.split(/[?#]/)[0] ?? href;
      if (
        ['/', '/login', '/register', '/publish', '/contact', '/account/dashboard'].includes(to) ||
        to.startsWith('/read/') ||
        to.startsWith('/publisher/') ||
        to.startsWith('/publication/')
      )
        continue;
      expect(SITE_PATHS, href).toContain(to);
    }
    // The licence, linked to its deed, and in the JSON-LD.
    const deed = elementsOf(html, 'a').find((a) => a.attribs.rel === 'license noopener');
    expect(deed?.attribs.href).toBe('https://creativecommons.org/licenses/by-sa/4.0/');
    expect(textOf(deed ?? '')).toBe('CC BY-SA 4.0');
    expect(html).toContain('"license":"https://creativecommons.org/licenses/by-sa/4.0/"');
    const reserved = await get(`/publication/${ids.reserved}`);
    expect(reserved.body).toContain('All rights reserved');
  });

  it('shows a signed-in visitor their account instead of sign-in, kept out of shared caches', async () => {
    const { token } = await signedIn(ctx, 'site');
    const res = await get(`/publication/${ids.public}`, { cookie: `quire_token=${token}` });
    expect(res.statusCode).toBe(200);
    const hrefs = elementsOf(res.body, 'a').map((a) => a.attribs.href);
    expect(hrefs).toContain('/account/dashboard');
    expect(hrefs).not.toContain('/login');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    // A stale or forged cookie is a visitor.
    const forged = await get(`/publication/${ids.public}`, { cookie: 'quire_token=forged' });
    expect(elementsOf(forged.body, 'a').map((a) => a.attribs.href)).toContain('/login');
    expect(forged.headers['cache-control']).toBe('public, max-age=300');
  });

  it('serves the stylesheet: the app’s tokens and chrome, cached for good', async () => {
    const href = linkHref((await get(`/publication/${ids.public}`)).body, 'stylesheet') ?? '';
    expect(href).toMatch(/^\/site-[0-9a-f]{12}\.css$/);
    const css = await get(href);
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toContain('immutable');
    expect(css.body).toContain('--c-brand:');
    expect(css.body).toContain('.header__inner');
    expect(css.body).toContain('.ov-facts');
  });

  it('answers robots.txt with the sitemap on the public base', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('answers the web app manifest', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.json()).toMatchObject({ name: 'Quire', start_url: '/', display: 'standalone', icons: [{ src: '/favicon.svg' }] });
  });

  it('lists the site pages in every language and only public, non-explicit publications in the sitemap', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
    const doc = parseDocument(res.body, { xmlMode: true });
    const locs = DomUtils.getElementsByTagName('loc', doc.children).map((l) => DomUtils.textContent(l));
    expect(locs).toContain(`${ORIGIN}/`);
    for (const path of SITE_PATHS) expect(locs).toContain(`${ORIGIN}${path}`);
    expect(locs).toContain(`${ORIGIN}/publication/${ids.public}`);
    expect(locs).toContain(`${ORIGIN}/publication/${ids.reserved}`);
    expect(locs).toContain(`${ORIGIN}/publisher/${owner}`);
    expect(locs).not.toContain(`${ORIGIN}/publication/${ids.explicit}`);
    expect(locs).not.toContain(`${ORIGIN}/publication/${ids.private}`);
    const home = DomUtils.getElementsByTagName('url', doc.children)[0];
    const alternates = DomUtils.getElementsByTagName('xhtml:link', home ? [home] : []);
    expect(alternates.map((a) => a.attribs.hreflang)).toEqual(['de', 'en', 'es', 'fr', 'it', 'pt', 'ru']);
  });

  it('sends the header search to the app’s search page, and ignores empty or oversized text', async () => {
    const res = await get('/search?q=flip%20books');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/search#search-flip%20books/books');
    for (const q of ['', '%20%20', 'x'.repeat(201)]) {
      const r = await get(`/search?q=${q}`);
      expect(r.statusCode, q).toBe(303);
      expect(r.headers.location).toBe('/search');
    }
    const arrays = await get('/search?q=a&q=b');
    expect(arrays.statusCode).toBe(303);
    expect(arrays.headers.location).toBe('/search');
  });
});
