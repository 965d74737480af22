import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { ApiClient } from '../../../src/api/client';
import { BLOG_CACHE_MS, type BlogPost } from '../../../src/contracts/blog';
import { createBlogLoader } from '../../../src/web/app/blog-loader';

const POST: BlogPost = { permalink: '/blog/a', image: '', title: 'A', date: 1, is_new: false };

/** A Storage kept in a Map (the loader only uses getItem and setItem). */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

describe('blog loader (one-hour cache)', () => {
  it('asks the API once an hour per language and viewer, anonymous for visitors', async () => {
    const calls: { path: string; options: Record<string, unknown> }[] = [];
    const api = {
      call: async (path: string, options: Record<string, unknown>) => {
        calls.push({ path, options });
        return { total: 1, items: [{ ...POST, title: `A ${(options.searchParams as { dialect: string }).dialect}` }] };
      },
    } as unknown as ApiClient;
    let now = 1_000_000;
    const storage = memoryStorage();
    const load = (language: 'en' | 'de', viewer: string) =>
      toPromise(
        createActor(
          createBlogLoader(api, storage, () => now),
          { input: { language, viewer } },
        ).start(),
      );

    expect((await load('en', ''))[0]?.title).toBe('A en');
    expect(calls[0]).toMatchObject({ path: 'public/blog/post/', options: { searchParams: { dialect: 'en' }, anonymous: true } });
    await load('en', '');
    expect(calls).toHaveLength(1);
    await load('de', '');
    await load('en', 'p1');
    expect(calls).toHaveLength(3);
    expect(calls[2]?.options.anonymous).toBe(false);
    now += BLOG_CACHE_MS;
    await load('en', '');
    expect(calls).toHaveLength(4);
  });
});
