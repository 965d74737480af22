import { fromPromise } from 'xstate';
import type { BlogInput } from '../../../machines/blog.machine';
import type { ApiClient } from '../../api/client';
import { BLOG_CACHE_MS, type BlogPost, BlogPostsSchema } from '../../contracts/blog';

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
