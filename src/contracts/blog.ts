import * as v from 'valibot';

/**
 * Blog teasers (SPEC §2 Header, §3 Blog post, §7 Blog posts): `GET {api}/public/blog/post/?dialect=<lang>`,
 * anonymous, cached one hour (BLOG_CACHE_MS) by the server per language and by the client.
 */

/** SPEC §9: blog cache 3,600,000 ms. */
export const BLOG_CACHE_MS = 3_600_000;
/** The teasers shown at most (header submenu, home page). */
export const BLOG_TEASERS_MAX = 10;
/** Where the shipped posts are served (server-rendered): the index and `/blog/<slug>`. */
export const BLOG_PATH = '/blog';

export const BlogPostSchema = v.object({
  /** Absolute URL or path of the post. */
  permalink: v.string(),
  /** Image URL or '' (none). */
  image: v.string(),
  title: v.string(),
  /** Publication date, epoch ms. */
  date: v.number(),
  /** Newer than the signed-in user's last sign-in (always false for visitors). */
  is_new: v.boolean(),
});
export type BlogPost = v.InferOutput<typeof BlogPostSchema>;

export const BlogPostsSchema = v.object({ total: v.number(), items: v.array(BlogPostSchema) });
export type BlogPosts = v.InferOutput<typeof BlogPostsSchema>;
