import { useActorRef, useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useSyncExternalStore } from 'react';
import { type BlogActorRef, blogMachine } from '../../../machines/blog.machine';
import type { Language } from '../../../machines/constants';
import { createBlogLoader } from './blog-loader';
import { useApp } from './context';

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
