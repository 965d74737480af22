import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { configScript } from '../../src/server/plugins/static';
import { DIALECTS, tempDir, testConfig } from './helpers';

const INDEX =
  '<!doctype html><html lang="en"><head><!--quire-config--><script type="module" src="/assets/app-ABC123.js"></script></head><body></body></html>';
const APP_JS = 'console.log("quire app");\n'.repeat(20);
/** A host URL that tries to close the config script (valid as a path: no spaces). */
const EVIL_VIEWER = '/read/</script><script>alert(1)</script>';

async function makePublicDir(): Promise<string> {
  const dir = await tempDir('quire-public-');
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await mkdir(path.join(dir, 'platform/locales/en'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), INDEX);
  await writeFile(path.join(dir, 'assets/app-ABC123.js'), APP_JS);
  await writeFile(path.join(dir, 'assets/app-ABC123.js.gz'), gzipSync(APP_JS));
  await writeFile(path.join(dir, 'platform/locales/en/platform.js'), 'window.quireLocale && window.quireLocale({});\n');
  await writeFile(path.join(dir, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));
  return dir;
}

function injectedConfig(html: string): unknown {
  const match = /<script type="application\/json" id="quire-config">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no quire-config script in the page');
  return JSON.parse(match[1]);
}

describe('configScript', () => {
  it('escapes what could break out of the script element', () => {
    const html = configScript({ a: '</script><script>alert(1)</script>', b: '<!-- & \u2028' });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    expect(injectedConfig(html)).toEqual({ a: '</script><script>alert(1)</script>', b: '<!-- & \u2028' });
  });
});

describe.each(DIALECTS)('static client on %s', (dialect) => {
  let app: FastifyInstance;
  let publicDir: string;

  beforeAll(async () => {
    publicDir = await makePublicDir();
    const config = await testConfig(dialect, { QUIRE_PUBLIC_DIR: publicDir, QUIRE_VIEWER_URL: EVIL_VIEWER, QUIRE_DEV: '1' });
    app = await buildApp(config);
  });
  afterAll(async () => {
    await app?.close();
    await rm(publicDir, { recursive: true, force: true });
  });

  it('writes the visitor language into <html lang> and varies on it', async () => {
    const byCookie = await app.inject({ method: 'GET', url: '/', headers: { cookie: 'lang=de' } });
    expect(byCookie.body).toContain('<html lang="de">');
    expect(byCookie.headers.vary).toContain('Cookie');
    const byHeader = await app.inject({ method: 'GET', url: '/search', headers: { 'accept-language': 'ru-RU,ru;q=0.9' } });
    expect(byHeader.body).toContain('<html lang="ru">');
    const bySubdomain = await app.inject({ method: 'GET', url: '/', headers: { host: 'ita.quire.example', cookie: 'lang=de' } });
    expect(bySubdomain.body).toContain('<html lang="it">');
    const plain = await app.inject({ method: 'GET', url: '/', headers: { cookie: 'lang="><script>' } });
    expect(plain.body).toContain('<html lang="en">');
  });

  it('serves hashed assets as immutable', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-ABC123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toBe(APP_JS);
  });

  it('serves the precompressed sibling when the client accepts it', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-ABC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it('serves other files for an hour with an ETag', async () => {
    for (const url of ['/platform/locales/en/platform.js', '/favicon.ico']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      const etag = res.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
    }
  });

  it.each(['/', '/index.html', '/account/book', '/search?x=1'])('answers %s with the app shell', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self';/);
    expect(res.body).not.toContain('<!--quire-config-->');
    expect(res.body).toContain('<script type="module" src="/assets/app-ABC123.js">');
    const config = injectedConfig(res.body);
    expect(config).toMatchObject({ dev: true, api: '/api', data: '/api', viewer: EVIL_VIEWER });
    expect(JSON.stringify(config)).not.toMatch(/quire\.db|postgres:|dataDir/);
    // Only the page's own two script tags close; the config cannot break out.
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);
  });

  it.each(['/assets/missing-XYZ.js', '/assets/', '/platform/locales/xx/platform.js', '/missing.css'])(
    'answers a missing file %s with 404, not the app shell',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect([403, 404]).toContain(res.statusCode);
      expect(res.headers['content-type'] ?? '').not.toMatch(/html/);
    },
  );

  it.each([
    ['/search', 200],
    ['/login/', 200],
    ['/account', 200],
    ['/account/stats', 200],
    ['/account/book#books', 200],
    ['/oauth?x=1', 200],
    ['/pricing?x=1', 404],
    ['/no/such/page', 404],
    ['/account/nope', 404],
    ['/searches', 404],
    ['/constructor', 404],
  ])('answers the page path %s with the shell and HTTP %i (404 where no page renders it)', async (url, status) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<script type="module" src="/assets/app-ABC123.js">');
  });

  it('answers an unknown non-GET page request with a plain 404', async () => {
    const res = await app.inject({ method: 'POST', url: '/account/book' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });
});

describe('without a built client', () => {
  it('answers pages with a small plain 404 and keeps the API working', async () => {
    const config = await testConfig('sqlite');
    const app = await buildApp(config);
    try {
      const page = await app.inject({ method: 'GET', url: '/account/book' });
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toMatch(/^text\/plain/);
      expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/public/status?v=2' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('the app shell keeps its own policy beside the site pages', () => {
  it('every shell path allows the configured third-party script; the server-rendered pages do not', async () => {
    const publicDir = await makePublicDir();
    const config = await testConfig('sqlite', {
      QUIRE_PUBLIC_DIR: publicDir,
      QUIRE_SUPPORT_CHAT_URL: 'https://chat.example.com/widget/loader.js',
    });
    const app = await buildApp(config);
    try {
      const csp = async (url: string) => (await app.inject({ method: 'GET', url })).headers['content-security-policy'] as string;
      // The shell at `/` once got the site pages' strict policy: the site routes' helmet options were
      // written into the route config object every public route shared.
      for (const url of ['/', '/index.html', '/login', '/account/dashboard', '/search', '/no-such-page']) {
        expect(await csp(url), url).toContain("script-src 'self' https://chat.example.com");
      }
      expect(await csp('/upgrade')).toMatch(/script-src 'self';/);
    } finally {
      await app.close();
      await rm(config.dataDir, { recursive: true, force: true });
      await rm(publicDir, { recursive: true, force: true });
    }
  });
});
