import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { API_V1_PREFIX } from '../../contracts/api-v1';
import { PUBLIC } from '../auth/rules';
import { API_PREFIX } from '../envelope';
import { loadTranslators } from '../i18n';
import { cspDirectives } from '../plugins/security';
import { CACHE_IMMUTABLE } from '../plugins/static';
import { siteContext } from '../site/context';
import { signingExample } from './examples';
import { apiBaseUrl, buildOpenApi, signedPathOf } from './openapi';
import { docsPageHtml } from './page';

/** The Redoc bundle shipped by the `redoc` package (MIT), served from here: the page loads nothing from elsewhere. */
const REDOC_FILE = 'redoc/bundles/redoc.standalone.js';
/**
 * The one remote resource the bundle names: the logo of its "API docs by Redocly" credit. It is replaced
 * by an inline image so the page makes no request outside this server (tests check it is found).
 */
export const REDOC_REMOTE_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const BLANK_IMAGE = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
/**
 * The bundle's webpack runtime starts without a style nonce and its stylesheet modules (the sidebar's
 * scrollbar) insert `<style>` elements as it loads, before Redoc.init passes the nonce on: the runtime
 * takes it from the page's reference element instead, so the strict policy applies them too.
 */
export const REDOC_NONCE_RUNTIME = 'r.nc=void 0';
const NONCE_FROM_PAGE = 'r.nc=(function(){var e=document.getElementById("reference");return e&&e.getAttribute("data-nonce")||void 0})()';

/** The bundle, its licence notice and version, read once. */
export function loadRedoc(): { script: string; license: string; version: string } {
  const require = createRequire(import.meta.url);
  const file = require.resolve(REDOC_FILE);
  const { version } = JSON.parse(readFileSync(path.join(path.dirname(file), '..', 'package.json'), 'utf8')) as { version: string };
  const original = readFileSync(file, 'utf8');
  for (const expected of [REDOC_REMOTE_LOGO, REDOC_NONCE_RUNTIME]) {
    if (original.split(expected).length !== 2)
      throw new Error(`${REDOC_FILE} ${version}: "${expected}" is not there once, check the bundle again`);
  }
  const script = original
    .replace(REDOC_REMOTE_LOGO, BLANK_IMAGE)
    .replace(REDOC_NONCE_RUNTIME, NONCE_FROM_PAGE)
    // No source map is served.
    .replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
  return { script, license: readFileSync(`${file}.LICENSE.txt`, 'utf8'), version };
}

/** Starts Redoc on the page's reference element with the page's style nonce (styled-components' `<style>` elements). */
const INIT_SCRIPT = `(function () {
  var el = document.getElementById('reference');
  if (!el || !window.Redoc) return;
  window.Redoc.init(el.getAttribute('data-spec-url'), {
    nonce: el.getAttribute('data-nonce'),
    expandResponses: '200,201,202',
    jsonSampleExpandLevel: 4,
    pathInMiddlePanel: true,
    menuToggle: true,
    // The site header stays at the top: Redoc's sticky menu starts below it.
    scrollYOffset: 'header.header',
    theme: {
      colors: { primary: { main: '#3d3ad6' } },
      typography: {
        fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
        headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
        code: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }
      },
      sidebar: { width: '260px' }
    }
  }, el);
})();
`;

const DOCS_CSS = `.api-docs { padding-bottom: 2rem; }
.api-docs .legal__head p { max-width: 70ch; }
.api-docs section, .api-docs__reference { scroll-margin-top: 5rem; }
.api-docs__links { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; }
/* The contents span the page above the sections (not a side column as on the legal pages): not sticky, or it covers them. */
.api-docs .legal__toc { position: static; margin-bottom: 1.5rem; }
.api-docs code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9em; overflow-wrap: anywhere; }
.api-docs__code { background: var(--color-surface-2, #f4f4f8); border: 1px solid var(--color-border, #dcdce6); border-radius: 8px;
  padding: 0.75rem 1rem; overflow-x: auto; max-width: 100%; line-height: 1.45; }
.api-docs__code code { overflow-wrap: normal; white-space: pre; font-size: 0.85rem; }
.api-docs__example { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.25rem; }
.api-docs__example dt { font-weight: 600; margin-top: 0.5rem; }
.api-docs__example dd { margin: 0; min-width: 0; }
.api-docs__table-wrap { overflow-x: auto; }
/* The error table's codes break between type and code, never inside a word (a narrow column read letter by letter). */
.api-docs .legal-table code { overflow-wrap: normal; }
/* Redoc pins its credit to the window's bottom (it assumes the whole page): here it closes its menu. */
#reference .menu-content div:has(> a[href^="https://redocly.com"]) { position: static; }
.api-docs__reference { border-top: 1px solid var(--color-border, #dcdce6); min-height: 50vh; background: #fff; color: #1f1f2e; }
`;

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

/** `content-security-policy` text of directives. */
const cspText = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');

/**
 * The API's description (issue 18), registered with the API areas (below `{api}`), public and outside
 * the `v=2` convention like every v1 path:
 *   GET {api}/v1/openapi.json          the OpenAPI 3.1 document (./openapi.ts), built once
 *   GET {api}/v1/docs                  the reference page (./page.tsx)
 *   GET {api}/v1/docs/redoc-<v>.js     the bundled renderer; docs-<hash>.js / .css the page's own; cached for good
 */
const apiDocsRoutes: FastifyPluginAsync = async (app) => {
  const v1 = `${API_PREFIX}${API_V1_PREFIX}`;
  let document: string | undefined;
  const openApiJson = () => {
    document ??= JSON.stringify(buildOpenApi(app.config));
    return document;
  };
  let redoc: ReturnType<typeof loadRedoc> | undefined;
  const redocFiles = () => {
    redoc ??= loadRedoc();
    return redoc;
  };
  const redocVersion = JSON.parse(
    readFileSync(path.join(path.dirname(createRequire(import.meta.url).resolve(REDOC_FILE)), '..', 'package.json'), 'utf8'),
  ).version as string;
  const redocPath = `/v1/docs/redoc-${redocVersion}.js`;
  const scriptPath = `/v1/docs/docs-${hashOf(INIT_SCRIPT)}.js`;
  const cssPath = `/v1/docs/docs-${hashOf(DOCS_CSS)}.css`;
  const routeConfig = () => ({ config: { ...PUBLIC, skipApiVersion: true } });

  const translators = loadTranslators();
  const context = siteContext(app, translators);
  const example = signingExample();
  const base = cspDirectives(app.config);

  app.get('/v1/openapi.json', routeConfig(), async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=300')
      // A public description: API tools on other origins may read it.
      .header('access-control-allow-origin', '*')
      .type('application/json; charset=utf-8')
      .send(openApiJson()),
  );

  app.get('/v1/docs', routeConfig(), async (request, reply) => {
    const ctx = await context(request);
    const nonce = randomBytes(16).toString('base64');
    const csp = {
      ...base,
      // Redoc (styled-components) writes its styles into <style> elements carrying this nonce.
      'style-src': [...(base['style-src'] ?? ["'self'"]), `'nonce-${nonce}'`],
      // Its search index runs in a worker made from a blob of its own code.
      'worker-src': ["'self'", 'blob:'],
    };
    const html = docsPageHtml({
      ctx,
      base: `${apiBaseUrl(app.config)}${API_V1_PREFIX}`,
      signedPublications: signedPathOf(app.config, '/publications'),
      example,
      specUrl: `${v1}/openapi.json`,
      redocUrl: `${API_PREFIX}${redocPath}`,
      scriptUrl: `${API_PREFIX}${scriptPath}`,
      cssUrl: `${API_PREFIX}${cssPath}`,
      nonce,
    });
    return reply
      .header('content-security-policy', cspText(csp))
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Cookie, Accept-Language')
      .type('text/html; charset=utf-8')
      .send(html);
  });

  app.get(redocPath, routeConfig(), async (_request, reply) =>
    reply.header('cache-control', CACHE_IMMUTABLE).type('text/javascript; charset=utf-8').send(redocFiles().script),
  );
  app.get('/v1/docs/redoc.standalone.js.LICENSE.txt', routeConfig(), async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').type('text/plain; charset=utf-8').send(redocFiles().license),
  );
  app.get(scriptPath, routeConfig(), async (_request, reply) =>
    reply.header('cache-control', CACHE_IMMUTABLE).type('text/javascript; charset=utf-8').send(INIT_SCRIPT),
  );
  app.get(cssPath, routeConfig(), async (_request, reply) =>
    reply.header('cache-control', CACHE_IMMUTABLE).type('text/css; charset=utf-8').send(DOCS_CSS),
  );
};

export default apiDocsRoutes;
