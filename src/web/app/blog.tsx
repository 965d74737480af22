import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { BlogActorRef } from '../../../machines/blog.machine';
import type { Language } from '../../../machines/constants';
import { useApp } from './context';
import { useSelector } from './use-selector';

const BlogContext = createContext<BlogActorRef | null>(null);

/**
 * Starts the blog teasers' actor (machines/blog.machine.ts, loaded after the first paint) for the page
 * language and the signed-in user, for the header's resources menu and the home page.
 */
export function BlogProvider({ language, children }: { language: Language; children: ReactNode }) {
  const { api, auth, session } = useApp();
  const stored = useSyncExternalStore(auth.store.subscribe, auth.store.get);
  const loggedIn = useSelector(session, (s) => s.matches('loggedIn'));
  const viewer = loggedIn && stored ? stored.profile.id : '';
  // The loaded actor (its code comes in its own chunk); the machine holds the flow.
  const [actor, setActor] = useState<BlogActorRef | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one actor for the app's life; language and viewer reach it as events below.
  useEffect(() => {
    let started: BlogActorRef | null = null;
    let cancelled = false;
    import('./blog-actor')
      .then(({ startBlogActor }) => {
        if (cancelled) return;
        started = startBlogActor(api, { language, viewer });
        setActor(started);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      started?.stop();
    };
  }, [api]);
  useEffect(() => {
    actor?.send({ type: 'viewer.changed', language, viewer });
  }, [actor, language, viewer]);
  return <BlogContext.Provider value={actor}>{children}</BlogContext.Provider>;
}

/** The blog teasers' actor (null until loaded, and outside BlogProvider, e.g. in stories). */
export const useBlog = (): BlogActorRef | null => useContext(BlogContext);
