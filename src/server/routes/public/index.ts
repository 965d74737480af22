import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { ok } from '../../envelope';
import { VERSION } from '../../version';

/** Public calls (no session): `GET {api}/public/status`. */
const publicRoutes: FastifyPluginAsync = async (app) => {
  app.get('/public/status', async (_request, reply) => {
    await sql`select 1`.execute(app.db);
    return ok(reply, { name: 'Quire', version: VERSION, dialect: app.dialect, time: Date.now() });
  });
};

export default publicRoutes;
