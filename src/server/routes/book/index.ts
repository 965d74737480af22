import type { FastifyPluginAsync } from 'fastify';
import bookRoutes from './books';
import uploadRoutes from './upload';

/**
 * Publishing under the API: the caller's books (`{api}/account/book/…`) and the upload
 * (`{api}/pinwheel/document/create`, the default upload host), each in its own scope so that
 * multipart parsing exists for the upload only. Thumbnails and the demo seed live at the root
 * (./site.ts, registered by app.ts).
 */
const publishingRoutes: FastifyPluginAsync = async (app) => {
  await app.register(bookRoutes);
  await app.register(uploadRoutes);
};

export default publishingRoutes;
