import type { FastifyPluginAsync } from 'fastify';
import type { LibraryKind } from '../../../contracts/library';
import type { PresetItem, PresetListName } from '../../../contracts/presets';
import { SIGNED_IN } from '../../auth/rules';
import { authOf } from '../../auth/session';
import { ok } from '../../envelope';
import { listItems } from '../../library/repo';
import { imageView, skinView } from '../../library/views';
import { presetLists } from '../../presets/catalogue';

/** The preset list each library kind joins. */
const LISTS: Record<LibraryKind, PresetListName> = { skin: 'skins', background: 'backgrounds', logo: 'logos' };

/**
 * Presets (SPEC §3 Preset lists, §7 `account/book/preset/`; DESIGN §8 GET `{api}/account/book/preset/`):
 * the six lists the book settings modal offers (skins, backgrounds, logos, logolinks, musics, sfx),
 * for signed-in publishers. The assets themselves are public (src/server/presets/site.ts): readers
 * load them without a session. The account's own skins, backgrounds and logos (issue 16) follow the
 * presets of their list, marked `own`, with their previews.
 */
const presetRoutes: FastifyPluginAsync = async (app) => {
  app.get('/account/book/preset', { preHandler: app.requireSession, config: SIGNED_IN }, async (request, reply) => {
    const { account } = authOf(request);
    const skins = app.config.hosts.skins;
    const lists = presetLists(skins);
    for (const kind of ['skin', 'background', 'logo'] as const) {
      for (const row of await listItems(app.db, account.id, kind)) {
        const item = row.kind === 'skin' ? skinView(row, 0, skins) : imageView(row, 0, skins);
        const description = item.kind === 'skin' ? '' : `${item.width} × ${item.height}`;
        const own: PresetItem = {
          id: item.id,
          name: item.name,
          description,
          type: kind,
          location: item.location,
          enabled: true,
          'url.preview': item['url.preview'],
          own: true,
        };
        lists[LISTS[kind]].push(own);
      }
    }
    reply.header('cache-control', 'private, no-store');
    return ok(reply, lists);
  });
};

export default presetRoutes;
