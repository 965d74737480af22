import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../contracts/languages';
import { EXPLICIT_COOKIE } from '../../contracts/reader';
import { readCookie, TOKEN_COOKIE } from '../auth/cookies';
import { authenticate } from '../auth/session';
import type { Translate, Translators } from '../i18n';
import { pageLanguage } from '../plugins/static';
import { publicBase, publicUrlOf } from '../public-url';
import { publisherUrl, viewerUrl } from '../publish/views';
import { SITE_CSS_PATH } from './style';

/** Everything a server-rendered public page needs about where it is served and for whom. */
export interface PageContext {
  lang: Language;
  t: Translate;
  /** Absolute URL of a path or URL on the public base (QUIRE_PUBLIC_URL; never the request's Host). */
  absolute: (url: string) => string;
  /** The stylesheet's URL (content-hashed). */
  css: string;
  /** The reader's URL of a book ({viewer}/read/<id>). */
  viewer: (bookId: string) => string;
  /** The publisher page's path of an account. */
  publisher: (accountId: string) => string;
  /** The visitor confirmed explicit content (SPEC §2 safe mode; the EXPLICIT_COOKIE). */
  explicitOk: boolean;
  /** A signed-in visitor (a valid session cookie): the header offers the account instead of sign-in. */
  signedIn: boolean;
  /**
   * The page in each language (hreflang): language subdomains of the public base (`de.example.org`;
   * English on the base itself). Empty when the base is an IP address, which has no subdomains.
   */
  alternates: (path: string) => { lang: Language; href: string }[];
}

/** The public base's origin for a language: `de.` before the host (a `www.` replaced), the base for English. */
export function languageOrigin(base: string, lang: Language): string | undefined {
  const url = new URL(base);
  const host = url.hostname.replace(/^www\./, '');
  const labels = host.split('.');
  if (isIP(host.replace(/^\[|\]$/g, '')) || (labels.length < 2 && host !== 'localhost')) return undefined;
  // A base already on a language subdomain stands for that language: its siblings drop that label.
  const bare =
    LANGUAGES.includes(labels[0] as Language) && labels.length > (host.endsWith('localhost') ? 1 : 2) ? labels.slice(1).join('.') : host;
  url.hostname = lang === DEFAULT_LANGUAGE ? bare : `${lang}.${bare}`;
  return url.origin;
}

/** Makes the context of a request (page language from subdomain, cookie, Accept-Language). */
export function siteContext(app: FastifyInstance, translators: Translators) {
  return async (request: FastifyRequest): Promise<PageContext> => {
    const lang = pageLanguage(request.headers.host, request.headers.cookie, request.headers['accept-language']);
    const base = publicBase(app, request);
    const signedIn = requestHasSessionCookie(request)
      ? await authenticate(app, request).then(
          () => true,
          () => false,
        )
      : false;
    return {
      lang,
      t: translators(lang),
      absolute: (url) => publicUrlOf(app, request, url),
      explicitOk: readCookie(request, EXPLICIT_COOKIE) === '1',
      css: SITE_CSS_PATH,
      viewer: (bookId) => viewerUrl(app.config, bookId),
      publisher: publisherUrl,
      signedIn,
      alternates: (path) =>
        LANGUAGES.flatMap((l) => {
          const origin = languageOrigin(base, l);
          return origin ? [{ lang: l, href: `${origin}${path}` }] : [];
        }),
    };
  };
}

/** Only a visitor carrying the session cookie can be signed in (no database read for the others). */
const requestHasSessionCookie = (request: FastifyRequest) => readCookie(request, TOKEN_COOKIE) !== undefined;
