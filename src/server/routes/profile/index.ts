import type { FastifyPluginAsync } from 'fastify';
import activationRoutes from './activation';
import passwordRoutes from './password';
import securityRoutes from './security';
import sessionRoutes from './session';
import settingsRoutes from './settings';
import totpRoutes from './totp';

/** `{api}/profile/…` (DESIGN §8): session, activation, password, settings, authenticator app,
 * account security (security.ts). */
const profileRoutes: FastifyPluginAsync = async (app) => {
  for (const routes of [sessionRoutes, activationRoutes, passwordRoutes, settingsRoutes, totpRoutes, securityRoutes])
    await app.register(routes);
};

export default profileRoutes;
