import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { BlogActorRef } from '../../../../machines/blog.machine';
import { BLOG_PATH, type BlogPost } from '../../../contracts/blog';
import './blog.css';

const NO_POSTS: BlogPost[] = [];
const usePosts = (actor: BlogActorRef | null) => useSelector(actor ?? undefined, (s) => s?.context.posts ?? NO_POSTS) ?? NO_POSTS;

/** A post's link: the shipped posts are our pages, a feed's lead to its site (a new tab would be a surprise: same tab). */
const external = (permalink: string) => /^https?:\/\//.test(permalink);

function NewMark() {
  return (
    <span className="blog-new">
      <Trans id="blog.new">New</Trans>
    </span>
  );
}

function PostDate({ ms }: { ms: number }) {
  const { i18n } = useLingui();
  return (
    <time dateTime={new Date(ms).toISOString().slice(0, 10)}>
      {new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(ms)}
    </time>
  );
}

/** The unfolded resources submenu (loaded on first use): the teasers, new ones marked, and the blog's index. */
export function ResourcesPanel({ actor, id }: { actor: BlogActorRef | null; id: string }) {
  const { t } = useLingui();
  const posts = usePosts(actor);
  return (
    <div className="resources-menu__panel" id={id} role="menu" aria-label={t({ id: 'header.resources', message: 'Resources' })}>
      {posts.map((post) => (
        <a
          key={post.permalink}
          role="menuitem"
          href={post.permalink}
          rel={external(post.permalink) ? 'noopener' : undefined}
          className="resources-menu__post"
        >
          <span className="resources-menu__title">{post.title}</span>
          <span className="resources-menu__meta">
            <PostDate ms={post.date} />
            {post.is_new && <NewMark />}
          </span>
        </a>
      ))}
      <a role="menuitem" href={BLOG_PATH} className="resources-menu__all">
        <Trans id="blog.all">All blog posts</Trans>
      </a>
    </div>
  );
}

/** The home page's latest posts (SPEC §2 blog teasers): nothing while loading or when there are none. */
export function BlogTeasers({ actor, max = 3 }: { actor: BlogActorRef | null; max?: number }) {
  const posts = usePosts(actor).slice(0, max);
  if (posts.length === 0) return null;
  return (
    <section className="container blog-teasers" aria-labelledby="blog-teasers-title">
      <h2 id="blog-teasers-title">
        <Trans id="home.blog.title">From the blog</Trans>
      </h2>
      <ul className="blog-teasers__list">
        {posts.map((post) => (
          <li key={post.permalink} className="blog-teaser">
            <a href={post.permalink} rel={external(post.permalink) ? 'noopener' : undefined}>
              {post.image && <img className="blog-teaser__image" src={post.image} alt="" loading="lazy" width="1200" height="630" />}
              <span className="blog-teaser__title">{post.title}</span>
              <span className="blog-teaser__meta">
                <PostDate ms={post.date} />
                {post.is_new && <NewMark />}
              </span>
            </a>
          </li>
        ))}
      </ul>
      <p>
        <a href={BLOG_PATH}>
          <Trans id="blog.all">All blog posts</Trans>
        </a>
      </p>
    </section>
  );
}
