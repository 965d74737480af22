import { createHash } from 'node:crypto';
import Bowser from 'bowser';
import { isbot } from 'isbot';
import type { StatBrowser, StatContext, StatSource } from '../../contracts/stats';

/**
 * What the statistics work out from a request and its batch (issue 17), pure functions: whether the
 * request is a bot's, where the visit came from (source and its host), the browser family, the
 * visitor's daily hash. Only hosts are kept, never full addresses.
 */

/** Search engines by host: a referrer on one of them is a `search` source (detail: the engine's host). */
const SEARCH_ENGINES: readonly RegExp[] = [
  /(^|\.)google\.[a-z]{2,3}(\.[a-z]{2})?$/,
  /(^|\.)bing\.com$/,
  /(^|\.)duckduckgo\.com$/,
  /(^|\.)search\.yahoo\.com$/,
  /(^|\.)yahoo\.co\.jp$/,
  /(^|\.)yandex\.[a-z]{2,3}$/,
  /(^|\.)ya\.ru$/,
  /(^|\.)baidu\.com$/,
  /(^|\.)ecosia\.org$/,
  /(^|\.)qwant\.com$/,
  /(^|\.)startpage\.com$/,
  /(^|\.)search\.brave\.com$/,
  /(^|\.)kagi\.com$/,
  /(^|\.)mojeek\.com$/,
  /(^|\.)naver\.com$/,
  /(^|\.)seznam\.cz$/,
  /(^|\.)sogou\.com$/,
  /(^|\.)so\.com$/,
  /(^|\.)ask\.com$/,
  /(^|\.)search\.aol\.com$/,
];

export const isSearchEngine = (host: string): boolean => SEARCH_ENGINES.some((re) => re.test(host));

/** The host (with a port other than the scheme's default) of an http(s) address, lower-cased; '' otherwise. */
export function hostOf(url: string | undefined): string {
  if (!url) return '';
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return '';
    return u.host.toLowerCase().slice(0, 255);
  } catch {
    return '';
  }
}

/** This site's own hosts (from configuration, never from request headers). */
export function ownHosts(urls: (string | undefined)[]): Set<string> {
  const out = new Set<string>();
  for (const url of urls) {
    const host = url && /^https?:\/\//i.test(url) ? hostOf(url) : '';
    if (host) out.add(host);
  }
  return out;
}

export interface SourceInput {
  ctx: StatContext;
  ref?: string | undefined;
  share?: string | undefined;
}

/**
 * Where a visit came from: a share marker → `share` (detail: the service); an embed or the library
 * widget → `embed` (detail: the embedding site's host, '' when the frame's referrer is our own page);
 * a search engine's referrer → `search` (its host); another site's referrer → `referrer` (its host);
 * else `direct` (no referrer, or one of our own pages).
 */
export function classifySource(input: SourceInput, own: ReadonlySet<string>): { source: StatSource; host: string } {
  if (input.share) return { source: 'share', host: input.share };
  const host = hostOf(input.ref);
  const foreign = host !== '' && !own.has(host);
  if (input.ctx !== 'reader') return { source: 'embed', host: foreign ? host : '' };
  if (!foreign) return { source: 'direct', host: '' };
  if (isSearchEngine(host)) return { source: 'search', host };
  return { source: 'referrer', host };
}

/** Headless browsers and automation that isbot's list may miss. */
const HEADLESS =
  /headlesschrome|phantomjs|slimerjs|puppeteer|playwright|selenium|webdriver|electron\/|lighthouse|chrome-lighthouse|pagespeed/i;

const botCache = new Map<string, boolean>();
const CACHE_MAX = 10_000;

/** A user agent of a bot, crawler or headless browser (or none at all). Cached per user agent. */
export function isBotAgent(userAgent: string | undefined): boolean {
  const ua = (userAgent ?? '').slice(0, 1000);
  if (!ua.trim()) return true;
  let bot = botCache.get(ua);
  if (bot === undefined) {
    bot = isbot(ua) || HEADLESS.test(ua);
    if (botCache.size >= CACHE_MAX) botCache.clear();
    botCache.set(ua, bot);
  }
  return bot;
}

/** A request a real reader's browser would not send: a bot's agent, or no Accept-Language (headless tools, scripts). */
export function isBotRequest(headers: { 'user-agent'?: string | undefined; 'accept-language'?: string | undefined }): boolean {
  return isBotAgent(headers['user-agent']) || !headers['accept-language']?.trim();
}

/** Do Not Track or Global Privacy Control: the request is not counted. */
export const optedOut = (headers: Record<string, string | string[] | undefined>): boolean =>
  headers.dnt === '1' || headers['sec-gpc'] === '1';

const BROWSERS: [RegExp, StatBrowser][] = [
  [/edge/i, 'edge'],
  [/samsung/i, 'samsung'],
  [/opera/i, 'opera'],
  [/firefox/i, 'firefox'],
  [/chrom/i, 'chrome'],
  [/safari/i, 'safari'],
];
const browserCache = new Map<string, StatBrowser>();

/** The browser family of a user agent (bowser, as src/server/accounts/client-info.ts). Cached per user agent. */
export function browserFamily(userAgent: string | undefined): StatBrowser {
  const ua = (userAgent ?? '').slice(0, 1000);
  let family = browserCache.get(ua);
  if (family !== undefined) return family;
  family = 'other';
  try {
    const name = Bowser.parse(ua).browser.name ?? '';
    family = BROWSERS.find(([re]) => re.test(name))?.[1] ?? 'other';
  } catch {
    // An agent bowser cannot read is some other browser.
  }
  if (browserCache.size >= CACHE_MAX) browserCache.clear();
  browserCache.set(ua, family);
  return family;
}

/** The primary language tag of an Accept-Language header ('' when there is none usable). */
export function acceptLanguage(header: string | undefined): string {
  const tag = /^\s*([a-zA-Z]{2,3})\b/.exec(header ?? '')?.[1];
  return tag ? tag.toLowerCase() : '';
}

/**
 * A visitor of a book on a day: the day's salt, the address, the user agent and the book, hashed
 * (128 bits, base64url). The salt is random and deleted with the raw events, so a hash cannot be
 * traced back to an address once its day is purged, nor linked from one day or book to another.
 */
export function visitorHash(salt: string, address: string, userAgent: string, bookId: string): string {
  return createHash('sha256').update(`${salt}\n${address}\n${userAgent}\n${bookId}`).digest('base64url').slice(0, 22);
}

/** `YYYY-MM-DD` (UTC) of an epoch-ms time. */
export const dayOf = (ms: number): string => new Date(ms - (ms % 86_400_000)).toISOString().slice(0, 10);
