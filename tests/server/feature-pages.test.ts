import { beforeAll, describe, expect, it } from 'vitest';
import { isPagePath, SITE_PATHS } from '../../src/contracts/pages';
import { DEMO_EMAIL, seedDemo } from '../../src/server/publish/demo';
import { FEATURE_PAGES } from '../../src/server/site/features/catalog';
import manifest from '../../src/server/site/screenshots/shots.json';
import { signedIn, useAccountsApp } from './accounts-support';
import { DIALECTS } from './helpers';
import { elementsOf, textOf } from './html-support';

/**
 * The feature pages (src/server/site/features): each answers 200 with one heading in the visitor's
 * language, every link on it leads to a page that exists, its screenshots have alt text and a size
 * and are served, and the live demo flipbook shows only while the demo account has a public,
 * converted publication.
 */

const ORIGIN = 'https://quire.example';
const PATHS = FEATURE_PAGES.map((p) => p.path);
const DEMO_PATHS = FEATURE_PAGES.filter((p) => p.demo).map((p) => p.path);

/** The path of a link to this site, or undefined for other sites, mail and fragments. */
const ownPath = (href: string | undefined) =>
  href?.startsWith('/') && !href.startsWith('//') ? (href.split(/[?#]/)[0] ?? href) : undefined;

describe('feature page table', () => {
  it('lists every feature page as a site page, with the overview first', () => {
    expect(PATHS).toEqual([
      '/features',
      '/conversion',
      '/personalization',
      '/studio',
      '/integrations',
      '/share',
      '/analyse',
      '/subscribers',
      '/multi-account',
      '/mag',
      '/case-studies',
      '/guided-tour',
    ]);
    for (const path of PATHS) expect(SITE_PATHS).toContain(path);
    for (const page of FEATURE_PAGES) for (const related of page.related) expect(PATHS, page.path).toContain(related);
  });

  it('has every screenshot the pages show (npm run screenshots)', () => {
    const used = new Set(FEATURE_PAGES.flatMap((p) => [p.shot, ...(p.tour ?? []).map((s) => s.shot)]).filter(Boolean));
    expect(Object.keys(manifest).sort()).toEqual([...used].sort());
  });
});

describe.each(DIALECTS)('feature pages on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, { env: { QUIRE_PUBLIC_URL: ORIGIN, QUIRE_CONVERT_CONCURRENCY: '0', QUIRE_DEMO: '0' } });
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
  const frames = async (path: string) => elementsOf((await get(path)).body, 'iframe');

  let demoId = '';
  beforeAll(async () => {
    // The demo as the server seeds it: queued for conversion (none runs here).
    demoId = (await seedDemo(ctx.app)) ?? '';
  });

  it.each(PATHS)('renders %s with one heading, its canonical URL and only links that lead somewhere', async (path) => {
    const res = await get(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const html = res.body;
    expect(elementsOf(html, 'h1')).toHaveLength(1);
    expect(elementsOf(html, 'link').find((l) => l.attribs.rel === 'canonical')?.attribs.href).toBe(`${ORIGIN}${path}`);
    const hrefs = elementsOf(html, 'a').map((a) => a.attribs.href);
    // Visitors are asked to sign up; the page links the overview or is it.
    expect(hrefs).toContain('/register');
    expect(hrefs).not.toContain('/account/dashboard');
    const own = hrefs.map(ownPath).filter((p): p is string => p !== undefined);
    expect(own.length).toBeGreaterThan(5);
    for (const to of own) expect(SITE_PATHS.includes(to) || isPagePath(to), `${path} → ${to}`).toBe(true);
  });

  it('links every other feature page from the overview', async () => {
    const hrefs = elementsOf((await get('/features')).body, 'a').map((a) => a.attribs.href);
    for (const path of PATHS.filter((p) => p !== '/features')) expect(hrefs).toContain(path);
  });

  it('speaks the visitor’s language (Accept-Language)', async () => {
    const res = await get('/conversion', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    expect(res.statusCode).toBe(200);
    expect(elementsOf(res.body, 'html')[0]?.attribs.lang).toBe('de');
    expect(textOf(elementsOf(res.body, 'h1')[0] ?? '')).toBe('Von PDF- und Office-Dateien zu Flipbooks');
    expect(elementsOf(res.body, 'a').find((a) => a.attribs.href === '/register')?.children.length).toBeGreaterThan(0);
    expect(res.body).toContain('Konto erstellen');
    const fr = await get('/guided-tour', { 'accept-language': 'fr' });
    expect(textOf(elementsOf(fr.body, 'h1')[0] ?? '')).toBe('D’un fichier à un flipbook');
  });

  it('offers publishing instead of sign-up to a signed-in visitor, kept out of shared caches', async () => {
    const { token } = await signedIn(ctx, 'features');
    const res = await get('/studio', { cookie: `quire_token=${token}` });
    const hrefs = elementsOf(res.body, 'a').map((a) => a.attribs.href);
    expect(hrefs).toContain('/publish');
    expect(hrefs).not.toContain('/register');
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('shows screenshots with alt text and a size, served for good', async () => {
    for (const path of PATHS) {
      const images = elementsOf((await get(path, { 'accept-language': 'it' })).body, 'img').filter((img) =>
        img.attribs.src?.startsWith('/site-shots/'),
      );
      const page = FEATURE_PAGES.find((p) => p.path === path);
      expect(images.length, path).toBe(page?.tour ? page.tour.length : 1);
      for (const img of images) {
        expect(img.attribs.alt?.length, `${path} ${img.attribs.src}`).toBeGreaterThan(10);
        expect(Number(img.attribs.width)).toBeGreaterThan(0);
        expect(Number(img.attribs.height)).toBeGreaterThan(0);
        const file = await get(img.attribs.src ?? '');
        expect(file.statusCode, img.attribs.src).toBe(200);
        expect(file.headers['content-type']).toBe('image/webp');
        expect(file.headers['cache-control']).toContain('immutable');
        expect(file.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
      }
    }
    // The alt text is in the page's language (Italian here, not English).
    const html = (await get('/share', { 'accept-language': 'it' })).body;
    expect(elementsOf(html, 'img').map((i) => i.attribs.alt)).toContain(
      'La finestra di condivisione con il link, i social network e il codice di incorporamento',
    );
    // Only the listed files are served.
    for (const url of ['/site-shots/shots.json', '/site-shots/nothing.webp', '/site-shots/..%2F..%2Fapp.ts']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('shows the live demo flipbook only while the demo publication is public and converted', async () => {
    expect(demoId).not.toBe('');
    // Still converting: no frame anywhere (never a broken one).
    for (const path of PATHS) expect(await frames(path), path).toHaveLength(0);
    await ctx.app.db.updateTable('books').set({ status: 'DONE', pages_total: 1, pages_done: 1 }).where('id', '=', demoId).execute();
    for (const path of PATHS) {
      const found = await frames(path);
      if (DEMO_PATHS.includes(path)) {
        expect(found, path).toHaveLength(1);
        expect(found[0]?.attribs).toMatchObject({ src: `/read/${demoId}`, title: 'Welcome to Quire' });
        expect(Number(found[0]?.attribs.width)).toBeGreaterThan(0);
      } else expect(found, path).toHaveLength(0);
    }
    // The page's policy lets it frame our own reader.
    const csp = String((await get('/features')).headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).not.toMatch(/frame-src(?![^;]*'self')/);
    // Made private: gone again.
    await ctx.app.db.updateTable('books').set({ publishing_mode: 2 }).where('id', '=', demoId).execute();
    expect(await frames('/features')).toHaveLength(0);
    await ctx.app.db.updateTable('books').set({ publishing_mode: 1 }).where('id', '=', demoId).execute();
    // Another account's public book is never the demo.
    const other = await ctx.app.db.selectFrom('profiles').select('account_id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
    expect(other.account_id).toBeTruthy();
  });
});
