import { useActorRef, useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useSyncExternalStore } from 'react';
import { fromPromise } from 'xstate';
import { type BlogActorRef, type BlogInput, blogMachine } from '../../../machines/blog.machine';
import type { Language } from '../../../machines/constants';
import type { ApiClient } from '../../api/client';
import { BLOG_CACHE_MS, type BlogPost, BlogPostsSchema } from '../../contracts/blog';
import { useApp } from './context';

const STORAGE_PREFIX = 'quire.blog:';

interface Kept {
  at: number;
  posts: BlogPost[];
}

function readKept(storage: Storage | undefined, key: string, now: number): BlogPost[] | undefined {
  try {
    const kept = JSON.parse(storage?.getItem(key) ?? 'null') as Kept | null;
    return kept && Array.isArray(kept.posts) && typeof kept.at === 'number' && now - kept.at >= 0 && now - kept.at < BLOG_CACHE_MS
      ? kept.posts
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The blog machine's `loadPosts`: `GET {api}/public/blog/post/?dialect=<lang>` (with the session when
 * signed in, for is_new), each answer kept one hour (SPEC §9) in local storage per language and
 * viewer, so the pages of the next hour do not ask again.
 */
export function createBlogLoader(api: ApiClient, storage: Storage | undefined, now: () => number = Date.now) {
  return fromPromise<BlogPost[], BlogInput>(async ({ input, signal }) => {
    const key = `${STORAGE_PREFIX}${input.language}:${input.viewer}`;
    const kept = readKept(storage, key, now());
    if (kept) return kept;
    const content = await api.call('public/blog/post/', {
      method: 'GET',
      searchParams: { dialect: input.language },
      schema: BlogPostsSchema,
      anonymous: input.viewer === '',
      ignoreAlerts: true,
      signal,
    });
    try {
      storage?.setItem(key, JSON.stringify({ at: now(), posts: content.items } satisfies Kept));
    } catch {
      // Storage full or refused: the machine still keeps the list for the hour.
    }
    return content.items;
  });
}

const BlogContext = createContext<BlogActorRef | null>(null);

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Starts the blog teasers' actor for the page language and the signed-in user, for the header and the home page. */
export function BlogProvider({ language, children }: { language: Language; children: ReactNode }) {
  const { api, auth, session } = useApp();
  const stored = useSyncExternalStore(auth.store.subscribe, auth.store.get);
  const loggedIn = useSelector(session, (s) => s.matches('loggedIn'));
  const viewer = loggedIn && stored ? stored.profile.id : '';
  const actor = useActorRef(blogMachine.provide({ actors: { loadPosts: createBlogLoader(api, safeLocalStorage()) } }), {
    input: { language, viewer },
  });
  useEffect(() => {
    actor.send({ type: 'viewer.changed', language, viewer });
  }, [actor, language, viewer]);
  return <BlogContext.Provider value={actor}>{children}</BlogContext.Provider>;
}

/** The blog teasers' actor (null outside BlogProvider, e.g. in stories). */
export const useBlog = (): BlogActorRef | null => useContext(BlogContext);
