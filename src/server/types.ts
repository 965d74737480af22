import type { Config } from './config';
import type { Db, DialectName } from './db/index';

/** What buildApp decorates the Fastify instance with (no module-level singletons). */
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dialect: DialectName;
  }
}
