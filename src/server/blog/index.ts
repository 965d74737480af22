import { BLOG_CACHE_MS, BLOG_PATH } from '../../contracts/blog';
import type { Language } from '../../contracts/languages';
import type { Config } from '../config';
import { fetchText } from '../net/fetch-text';
import { publicOnlyLookup } from '../net/ssrf';
import { parseFeed } from './feed';
import { type BlogPostFile, findPostsDir, readPosts } from './posts';

/** A teaser as every language's cache keeps it (is_new is the caller's, added per request). */
export interface Teaser {
  permalink: string;
  image: string;
  title: string;
  date: number;
}

/** Limits of the feed request (QUIRE_BLOG_FEED_URL). */
export const FEED_TIMEOUT_MS = 5000;
export const FEED_MAX_BYTES = 1024 * 1024;
/** After a failed feed request, the last good list (or none) is kept this long before trying again. */
export const FEED_RETRY_MS = 60_000;
/** Teasers kept per language. */
const MAX_TEASERS = 20;

export interface Blog {
  /** The teasers of a language, newest first (cached BLOG_CACHE_MS per language). */
  teasers(lang: Language): Promise<Teaser[]>;
  /** The shipped Markdown posts of a language (English fallback), newest first; cached like the teasers. */
  posts(lang: Language): Promise<BlogPostFile[]>;
  /** The folder of the shipped posts (their images are in `images/`). */
  postsDir: string;
}

export interface BlogOptions {
  config: Pick<Config, 'blogFeedUrl' | 'webhookPrivate'>;
  clock: () => number;
  log: { warn(obj: object, msg: string): void };
  postsDir?: string;
}

interface Cached<T> {
  until: number;
  value: Promise<T>;
  /** The last list that loaded, kept through a failed refresh. */
  settled?: T;
}

/**
 * The blog teasers (SPEC §2 Header, §7 Blog posts): from the Atom/RSS feed at QUIRE_BLOG_FEED_URL
 * (`{lang}` in it is replaced by the language) fetched through the SSRF guard — private addresses
 * only with QUIRE_WEBHOOK_PRIVATE=1 — with size and time limits; by default from the Markdown posts
 * shipped in src/server/blog/posts, served at /blog/<slug>. Each language's list is kept one hour
 * (SPEC §9); concurrent requests share one load; a failed feed keeps the last good list (or none).
 */
export function createBlog({ config, clock, log, postsDir = findPostsDir() }: BlogOptions): Blog {
  const teaserCache = new Map<Language, Cached<Teaser[]>>();
  const postCache = new Map<Language, Cached<BlogPostFile[]>>();

  function cached<T>(cache: Map<Language, Cached<T>>, lang: Language, load: () => Promise<T>, fallback: T): Promise<T> {
    const now = clock();
    const entry = cache.get(lang);
    if (entry && entry.until > now) return entry.value;
    const next: Cached<T> = { until: now + BLOG_CACHE_MS, value: Promise.resolve(fallback), settled: entry?.settled };
    next.value = load().then(
      (value) => {
        next.settled = value;
        return value;
      },
      (err: unknown) => {
        log.warn({ err, lang }, 'blog: the posts could not be loaded (the last list is kept)');
        next.until = Math.min(next.until, clock() + FEED_RETRY_MS);
        return next.settled ?? fallback;
      },
    );
    cache.set(lang, next);
    return next.value;
  }

  const posts = (lang: Language) => cached(postCache, lang, () => readPosts(postsDir, lang), []);

  async function fromFeed(url: string, lang: Language): Promise<Teaser[]> {
    const target = url.replaceAll('{lang}', lang).replaceAll('%7Blang%7D', lang);
    const xml = await fetchText(target, {
      timeoutMs: FEED_TIMEOUT_MS,
      maxBytes: FEED_MAX_BYTES,
      lookup: config.webhookPrivate ? undefined : publicOnlyLookup(),
      accept: 'application/atom+xml, application/rss+xml, application/xml;q=0.9, text/xml;q=0.8',
    });
    return parseFeed(xml, target).slice(0, MAX_TEASERS);
  }

  async function fromPosts(lang: Language): Promise<Teaser[]> {
    return (await posts(lang)).slice(0, MAX_TEASERS).map((p) => ({
      permalink: `${BLOG_PATH}/${p.slug}`,
      image: p.image,
      title: p.title,
      date: p.date,
    }));
  }

  const feedUrl = config.blogFeedUrl;
  return {
    teasers: (lang) => cached(teaserCache, lang, () => (feedUrl ? fromFeed(feedUrl, lang) : fromPosts(lang)), []),
    posts,
    postsDir,
  };
}
