import type { ReactNode } from 'react';
import type { Language } from '../../contracts/languages';
import { renderDocument } from '../html/render';
import type { PageContext } from '../site/context';
import { SitePage } from '../site/layout';
import type { Teaser } from './index';
import { BLOG_MESSAGES as M } from './messages';
import type { BlogPostFile } from './posts';

/**
 * The blog pages, server-rendered (html/render.tsx) in the public site's frame (site/layout.tsx):
 * `/blog` lists the teasers (the configured feed's, or the shipped posts), `/blog/<slug>` shows a
 * shipped post.
 */

/** The public site's page context (site/context.ts): the blog pages are in the site's frame. */
export type BlogPageContext = PageContext;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const localDate = (ms: number, lang: Language) => new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(ms);
const Time = ({ ms, lang }: { ms: number; lang: Language }) => <time dateTime={isoDay(ms)}>{localDate(ms, lang)}</time>;

function Page({ ctx, title, canonical, children }: { ctx: BlogPageContext; title: string; canonical?: string; children: ReactNode }) {
  return (
    <SitePage ctx={ctx} title={title} path={canonical} head={canonical ? undefined : <meta name="robots" content="noindex" />}>
      <div className="container site-page">{children}</div>
    </SitePage>
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
        <a className="btn btn--primary" href="/blog">
          {ctx.t(M.back)}
        </a>
      </p>
    </Page>,
  );
}
