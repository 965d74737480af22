import { createActor } from 'xstate';
import { type BlogActorRef, type BlogInput, blogMachine } from '../../../machines/blog.machine';
import type { ApiClient } from '../../api/client';
import { createBlogLoader } from './blog-loader';

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The blog teasers' actor with the real loader (loaded apart from the app's first load: the teasers are not needed to show it). */
export function startBlogActor(api: ApiClient, input: BlogInput): BlogActorRef {
  return createActor(blogMachine.provide({ actors: { loadPosts: createBlogLoader(api, safeLocalStorage()) } }), { input }).start();
}
