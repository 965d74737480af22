import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { BLOG_CACHE_MS, type BlogPost } from '../src/contracts/blog';
import type { Language } from '../src/contracts/languages';
import { pending } from './sign-up/errors';

export interface BlogInput {
  language: Language;
  /** Whose teasers (is_new depends on the user's last sign-in): the user id, or '' for a visitor. */
  viewer: string;
}
export interface BlogContext extends BlogInput {
  posts: BlogPost[];
}
export type BlogEvent = { type: 'viewer.changed'; language: Language; viewer: string } | { type: 'user.retry' };

/**
 * The blog teasers of the header's resources menu and the home page (SPEC §2 Header, §7 Blog posts):
 * loaded for the page language and the viewer, kept one hour (SPEC §9, BLOG_CACHE_MS; the app's
 * `loadPosts` also keeps each answer that long, so a new page within the hour does not ask again),
 * then loaded again. A new language or viewer loads at once; a failed load shows nothing and can be
 * retried (the teasers are not essential).
 */
export const blogMachine = setup({
  types: { context: {} as BlogContext, events: {} as BlogEvent, input: {} as BlogInput },
  actors: {
    /** GET {api}/public/blog/post/?dialect=<language> (the app provides it, with its one-hour cache). */
    loadPosts: fromPromise<BlogPost[], BlogInput>(() => pending()),
  },
  delays: { cacheLife: BLOG_CACHE_MS },
  guards: {
    changed: ({ context, event }) =>
      event.type === 'viewer.changed' && (event.language !== context.language || event.viewer !== context.viewer),
  },
  actions: {
    follow: assign(({ event }) => (event.type === 'viewer.changed' ? { language: event.language, viewer: event.viewer } : {})),
  },
}).createMachine({
  id: 'blog',
  context: ({ input }) => ({ language: input.language, viewer: input.viewer, posts: [] }),
  initial: 'loading',
  on: {
    'viewer.changed': { guard: 'changed', target: '.loading', actions: 'follow' },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadPosts',
        src: 'loadPosts',
        input: ({ context }) => ({ language: context.language, viewer: context.viewer }),
        onDone: { target: 'loaded', actions: assign({ posts: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ posts: [] }) },
      },
    },
    loaded: {
      after: { cacheLife: { target: 'loading' } },
    },
    failed: {
      on: { 'user.retry': { target: 'loading' } },
    },
  },
});

export type BlogActorRef = ActorRefFrom<typeof blogMachine>;
