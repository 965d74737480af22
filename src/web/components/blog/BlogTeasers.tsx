import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
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

/**
 * The header's "Resources" submenu (SPEC §2 Header: blog list in a resources submenu): the blog
 * teasers, new ones marked, and the blog's index. A menu button (WAI-ARIA pattern), like the account menu.
 */
export function ResourcesMenu({ actor }: { actor: BlogActorRef | null }) {
  const { t } = useLingui();
  const posts = usePosts(actor);
  // Presentation only: whether the submenu is unfolded.
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const hasNew = posts.some((p) => p.is_new);

  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    return () => document.removeEventListener('mousedown', onDoc);
  }, [open]);

  const onKey = (e: KeyboardEvent) => {
    const items = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const i = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault();
      items[(i + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]?.focus();
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keyboard navigation of the menu items (WAI-ARIA menu button pattern)
    <div className="resources-menu" ref={root} onKeyDown={onKey}>
      <button
        ref={button}
        type="button"
        className="btn btn--ghost resources-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        <Trans id="header.resources">Resources</Trans>
        {hasNew && (
          <span className="blog-dot">
            <span className="visually-hidden">{t({ id: 'blog.hasNew', message: 'new posts' })}</span>
          </span>
        )}
      </button>
      {open && (
        <div className="resources-menu__panel" id={menuId} role="menu" aria-label={t({ id: 'header.resources', message: 'Resources' })}>
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
      )}
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
