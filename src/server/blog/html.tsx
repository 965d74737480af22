import type { ReactNode } from 'react';
import type { Language } from '../../contracts/languages';
import { renderDocument } from '../html/render';
import type { Translate } from '../i18n';
import type { Teaser } from './index';
import { BLOG_MESSAGES as M } from './messages';
import type { BlogPostFile } from './posts';

/**
 * The blog pages, server-rendered (html/render.tsx) with the public pages' stylesheet: `/blog` lists
 * the teasers (the configured feed's, or the shipped posts), `/blog/<slug>` shows a shipped post. A
 * minimal page of their own until the site layout takes them.
 */

export interface BlogPageContext {
  lang: Language;
  t: Translate;
  css: string;
  /** Absolute URL of a path (canonical links). */
  absolute: (path: string) => string;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const localDate = (ms: number, lang: Language) => new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(ms);
const Time = ({ ms, lang }: { ms: number; lang: Language }) => <time dateTime={isoDay(ms)}>{localDate(ms, lang)}</time>;

function Page({ ctx, title, canonical, children }: { ctx: BlogPageContext; title: string; canonical?: string; children: ReactNode }) {
  return (
    <html lang={ctx.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <link rel="stylesheet" href={ctx.css} />
        {canonical && <link rel="canonical" href={ctx.absolute(canonical)} />}
      </head>
      <body>
        <header className="ov-site">
          <a className="ov-logo" href="/">
            Quire
          </a>
        </header>
        <main className="ov-main">{children}</main>
      </body>
    </html>
  );
}

/** `/blog`: every teaser, newest first (a feed's posts link to the feed's site). */
export function blogIndexHtml(ctx: BlogPageContext, teasers: Teaser[]): string {
  const title = ctx.t(M.title);
  return renderDocument(
    <Page ctx={ctx} title={title} canonical="/blog">
      <h1>{title}</h1>
      <p>{ctx.t(M.intro)}</p>
      {teasers.length === 0 ? (
        <p>{ctx.t(M.empty)}</p>
      ) : (
        <ul className="ov-grid" data-testid="blog-index">
          {teasers.map((post) => (
            <li key={post.permalink} className="ov-card">
              <a href={post.permalink}>
                {post.image && <img src={post.image} alt="" loading="lazy" />}
                <span className="ov-card__title">{post.title}</span>
                <span className="ov-card__meta">
                  <Time ms={post.date} lang={ctx.lang} />
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <p>
        <a href="/">{ctx.t(M.home)}</a>
      </p>
    </Page>,
  );
}

/** `/blog/<slug>`: one shipped post. */
export function blogPostHtml(ctx: BlogPageContext, post: BlogPostFile): string {
  return renderDocument(
    <Page ctx={ctx} title={`${post.title} · ${ctx.t(M.title)}`} canonical={`/blog/${post.slug}`}>
      <article lang={post.lang}>
        <h1>{post.title}</h1>
        <p className="ov-card__meta">
          <Time ms={post.date} lang={ctx.lang} />
        </p>
        {post.image && <img src={post.image} alt="" className="ov-blog-image" width="1200" height="630" />}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a post shipped in the repository, rendered by marked with every raw HTML tag escaped and links limited to http(s), paths and anchors (blog/posts.ts). */}
        <div className="ov-blog-body" dangerouslySetInnerHTML={{ __html: post.html }} />
      </article>
      <p>
        <a href="/blog">{ctx.t(M.back)}</a>
      </p>
    </Page>,
  );
}

export function blogNotFoundHtml(ctx: BlogPageContext): string {
  return renderDocument(
    <Page ctx={ctx} title={ctx.t(M.notFoundTitle)}>
      <h1>{ctx.t(M.notFoundTitle)}</h1>
      <p>{ctx.t(M.notFoundText)}</p>
      <p>
        <a className="ov-button" href="/blog">
          {ctx.t(M.back)}
        </a>
      </p>
    </Page>,
  );
}
