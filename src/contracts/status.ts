import * as v from 'valibot';

/** `GET {api}/public/status` (src/server/routes/public): the product's name and the server's version. */
export const ServerStatusSchema = v.object({ name: v.string(), version: v.string() });
export type ServerStatus = v.InferOutput<typeof ServerStatusSchema>;
