import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { PUBLIC } from '../../auth/rules';
import { ok } from '../../envelope';
import { rateLimit } from '../../plugins/security';
import { VERSION } from '../../version';

/** Public calls (no session): `GET {api}/public/status`, `GET {api}/public/captcha` (ALTCHA challenge). */
const publicRoutes: FastifyPluginAsync = async (app) => {
  app.get('/public/status', { config: PUBLIC }, async (_request, reply) => {
    await sql`select 1`.execute(app.db);
    return ok(reply, { name: 'Quire', version: VERSION, dialect: app.dialect, time: Date.now() });
  });

  // A proof-of-work challenge for the register, forgot and resend forms (expires in 10 minutes).
  app.get('/public/captcha', { config: { ...PUBLIC, ...rateLimit(60, '1 minute') } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(reply, await app.captcha.challenge());
  });
};

export default publicRoutes;
