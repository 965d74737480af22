import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Marked } from 'marked';
import { parse as parseYaml } from 'yaml';
import { DEFAULT_LANGUAGE, type Language } from '../../contracts/languages';

/**
 * The blog posts shipped with Quire (the default source of the blog teasers when no feed is
 * configured): `posts/<lang>/<slug>.md`, YAML front matter (`title`, `date` YYYY-MM-DD, optional
 * `image`: a file of `posts/images/` or an http(s) URL), then Markdown. A language without its own
 * version of a post gets the English one. `node build.mjs` copies the folder beside the server bundle
 * (dist/server/blog-posts).
 */

export interface BlogPostFile {
  slug: string;
  lang: Language;
  title: string;
  date: number;
  /** A path below /blog/images/ or an http(s) URL; '' for none. */
  image: string;
  /** The body as HTML: Markdown rendered with every raw HTML tag escaped (marked). */
  html: string;
  /** The first paragraph as plain text (the index page's summary). */
  summary: string;
}

/** Where posts are served (the index and `/blog/<slug>`), and their images. */
export const BLOG_IMAGES_PATH = '/blog/images';
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The posts folder: beside this module in the sources, `blog-posts/` beside the server bundle. */
export function findPostsDir(start = import.meta.dirname): string {
  for (const candidate of [path.join(start, 'posts'), path.join(start, 'blog-posts')]) {
    if (existsSync(path.join(candidate, DEFAULT_LANGUAGE))) return candidate;
  }
  return path.join(start, 'posts');
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Markdown → HTML with raw HTML shown as text, and links and images only to http(s), paths or anchors. */
const markdown = new Marked({
  gfm: true,
  renderer: {
    html: ({ text }) => escapeHtml(text),
  },
  walkTokens: (token) => {
    if ((token.type === 'link' || token.type === 'image') && !/^(?:https?:\/\/|\/(?!\/)|#)/i.test(token.href)) token.href = '#';
  },
});

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/** One post file; undefined when its front matter lacks a title or a valid date. */
export function parsePost(source: string, slug: string, lang: Language): BlogPostFile | undefined {
  const match = FRONT_MATTER.exec(source);
  if (!match) return undefined;
  const meta = parseYaml(match[1] ?? '') as Record<string, unknown> | null;
  const title = typeof meta?.title === 'string' ? meta.title.trim() : '';
  const rawDate = meta?.date instanceof Date ? meta.date.toISOString() : String(meta?.date ?? '');
  const date = Date.parse(rawDate);
  if (!title || !Number.isFinite(date)) return undefined;
  const rawImage = typeof meta?.image === 'string' ? meta.image.trim() : '';
  const image = /^https?:\/\//.test(rawImage)
    ? rawImage
    : /^[\w-]+\.(?:svg|png|jpe?g|webp)$/.test(rawImage)
      ? `${BLOG_IMAGES_PATH}/${rawImage}`
      : '';
  const body = source.slice(match[0].length);
  const html = markdown.parse(body, { async: false });
  const firstParagraph = body.split(/\r?\n\s*\r?\n/).find((p) => p.trim() !== '' && !p.trim().startsWith('#')) ?? '';
  const summary = firstParagraph
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`>#]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return { slug, lang, title, date, image, html, summary };
}

/** Every post of one language folder, newest first. */
async function readLanguage(dir: string, lang: Language): Promise<BlogPostFile[]> {
  const folder = path.join(dir, lang);
  const names = await readdir(folder).catch(() => [] as string[]);
  const posts = await Promise.all(
    names
      .filter((name) => name.endsWith('.md') && SLUG.test(name.slice(0, -3)))
      .map(async (name) => parsePost(await readFile(path.join(folder, name), 'utf8'), name.slice(0, -3), lang)),
  );
  return posts.filter((p): p is BlogPostFile => p !== undefined);
}

/** The posts in a language: its own versions, and the English one of every post it has not translated; newest first. */
export async function readPosts(dir: string, lang: Language): Promise<BlogPostFile[]> {
  const own = await readLanguage(dir, lang);
  const english = lang === DEFAULT_LANGUAGE ? [] : await readLanguage(dir, DEFAULT_LANGUAGE);
  const slugs = new Set(own.map((p) => p.slug));
  return [...own, ...english.filter((p) => !slugs.has(p.slug))].sort((a, b) => b.date - a.date || a.slug.localeCompare(b.slug));
}
