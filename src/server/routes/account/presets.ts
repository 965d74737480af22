import type { FastifyPluginAsync } from 'fastify';
import { SIGNED_IN } from '../../auth/rules';
import { ok } from '../../envelope';
import { presetLists } from '../../presets/catalogue';

/**
 * Presets (SPEC §3 Preset lists, §7 `account/book/preset/`; DESIGN §8 GET `{api}/account/book/preset/`):
 * the six lists the book settings modal offers (skins, backgrounds, logos, logolinks, musics, sfx),
 * for signed-in publishers. The assets themselves are public (src/server/presets/site.ts): readers
 * load them without a session.
 */
const presetRoutes: FastifyPluginAsync = async (app) => {
  app.get('/account/book/preset', { preHandler: app.requireSession, config: SIGNED_IN }, async (_request, reply) => {
    return ok(reply, presetLists(app.config.hosts.skins));
  });
};

export default presetRoutes;
