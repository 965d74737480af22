import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import type { BlogPosts } from '../../../contracts/blog';
import { LANGUAGES } from '../../../contracts/languages';
import { PUBLIC } from '../../auth/rules';
import { optionalAuth } from '../../auth/session';
import { ok, parse } from '../../envelope';
import { rateLimit } from '../../plugins/security';

const BlogQuerySchema = v.object({
  v: v.optional(v.string()),
  dialect: v.optional(v.picklist(LANGUAGES, 'validation.invalid'), 'en'),
});

/**
 * `GET {api}/public/blog/post/?dialect=<lang>` (SPEC §7 Blog posts): the blog teasers of a language,
 * `{total, items: [{permalink, image, title, date, is_new}]}`, newest first. Anyone may call it; with a
 * session, `is_new` marks the posts newer than the user's last sign-in (always false otherwise).
 */
const blogRoutes: FastifyPluginAsync = async (app) => {
  app.get('/public/blog/post', { config: { ...PUBLIC, ...rateLimit(120, '1 minute') } }, async (request, reply) => {
    const { dialect } = parse(BlogQuerySchema, request.query);
    const [teasers, auth] = await Promise.all([app.blog.teasers(dialect), optionalAuth(app, request)]);
    const lastLogin = auth?.profile.last_login ?? null;
    const items = teasers.map((t) => ({ ...t, is_new: lastLogin !== null && t.date > lastLogin }));
    // The answer depends on the caller (is_new): not for shared caches.
    reply.header('cache-control', 'private, no-cache');
    return ok(reply, { total: items.length, items } satisfies BlogPosts);
  });
};

export default blogRoutes;
