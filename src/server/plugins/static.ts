import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGE_ALIASES, LANGUAGE_COOKIE, LANGUAGES, type Language } from '../../contracts/languages';
import { cookieOf } from '../auth/cookies';
import { PUBLIC } from '../auth/rules';
import { type Config, publicClientConfig } from '../config';
import { jsonScriptMarkup } from '../html/render';

export const CONFIG_MARKER = '<!--quire-config-->';
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_SHORT = 'public, max-age=3600';
export const CACHE_NONE = 'no-cache';

/** The client config as a JSON data block (escaped so nothing in it can close the element). */
export const configScript = (data: unknown): string => jsonScriptMarkup('quire-config', data);

/** Paths that name a file (hashed assets, scripts, images…): a miss is a 404, never the SPA. */
const FILE_LIKE = /\.(?:m?js|css|map|json|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|otf|txt|xml|webmanifest|wasm|br|gz)$/i;
export function isFileLike(pathname: string): boolean {
  return pathname.startsWith('/assets/') || FILE_LIKE.test(pathname);
}

/** Serves the built client: hashed assets immutable, other files one hour with ETag, .br/.gz siblings. */
export async function registerStatic(app: FastifyInstance, config: Config): Promise<void> {
  const root = config.publicDir;
  if (!existsSync(root)) {
    app.log.warn({ publicDir: root }, 'public dir missing: the client is not served (run the build)');
    return;
  }
  const options: FastifyStaticOptions = {
    root,
    prefix: '/',
    wildcard: true,
    index: false,
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    dotfiles: 'ignore',
    decorateReply: false,
    // index.html and read.html always go through their renderers (config injection, no-cache).
    allowedPath: (pathName) => pathName !== '/index.html' && pathName !== '/read.html',
    setHeaders: (reply, filePath) => {
      const relative = path.relative(root, filePath).split(path.sep).join('/');
      reply.header('cache-control', relative.startsWith('assets/') ? CACHE_IMMUTABLE : CACHE_SHORT);
    },
  };
  // The client's files are public; @fastify/static takes no route config, so its own scope declares it.
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, ...PUBLIC };
    });
    await scope.register(fastifyStatic, options);
  });
}

const asLanguage = (code: string | undefined): Language | undefined => {
  const c = (code ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const mapped = LANGUAGE_ALIASES[c] ?? c;
  return (LANGUAGES as readonly string[]).includes(mapped) ? (mapped as Language) : undefined;
};

/**
 * The page language written into `<html lang>` (SPEC §2 reads it first on www): a language subdomain,
 * else the `lang` cookie, else the browser's Accept-Language, else en.
 */
export function pageLanguage(host: string | undefined, cookie: string | undefined, acceptLanguage: string | undefined): Language {
  const labels = (host ?? '').split(':')[0]?.split('.') ?? [];
  const sub = labels.length > 2 || (labels.length === 2 && labels[1] === 'localhost') ? labels[0] : undefined;
  const fromSub = sub && sub !== 'www' ? asLanguage(sub) : undefined;
  const fromCookie = asLanguage(cookieOf(cookie, LANGUAGE_COOKIE));
  const fromHeader = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.split('=')[1] ?? 1);
      return { lang: asLanguage(tag), q: Number.isFinite(q) ? q : 0 };
    })
    .filter((x) => x.lang && x.q > 0)
    .sort((a, b) => b.q - a.q)[0]?.lang;
  return fromSub ?? fromCookie ?? fromHeader ?? DEFAULT_LANGUAGE;
}

/** Renders index.html with the public client config in place of the marker; re-read when it changes. */
export function createSpa(config: Config) {
  const file = path.join(config.publicDir, 'index.html');
  const script = configScript(publicClientConfig(config));
  let cached: { mtimeMs: number; size: number; html: string } | undefined;

  async function html(): Promise<string | undefined> {
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    if (cached?.mtimeMs === info.mtimeMs && cached.size === info.size) return cached.html;
    const source = await readFile(file, 'utf8');
    const rendered = source.replace(CONFIG_MARKER, () => script);
    cached = { mtimeMs: info.mtimeMs, size: info.size, html: rendered };
    return rendered;
  }

  /**
   * Sends the app shell in the visitor's language, with `status` (404 for a path no page renders: the
   * shell then shows the not-found page); false when there is no built index.html.
   */
  async function send(request: FastifyRequest, reply: FastifyReply, status: 200 | 404 = 200): Promise<boolean> {
    const body = await html();
    if (body === undefined) return false;
    const lang = pageLanguage(request.headers.host, request.headers.cookie, request.headers['accept-language']);
    reply
      .code(status)
      .header('cache-control', CACHE_NONE)
      .header('vary', 'Cookie, Accept-Language')
      .type('text/html; charset=utf-8')
      .send(body.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`));
    return true;
  }

  return { html, send };
}
