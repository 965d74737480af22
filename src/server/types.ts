import type { preHandlerAsyncHookHandler } from 'fastify';
import type { CaptchaVerifier } from './auth/captcha';
import type { Keys } from './auth/crypto';
import type { PasswordHasher } from './auth/passwords';
import type { AuthContext } from './auth/session';
import type { Blog } from './blog/index';
import type { Config } from './config';
import type { Db, DbHandle, DialectName } from './db/index';
import type { Mailer } from './mail/index';
import type { FileStore } from './storage/index';

/** The background job runner as routes see it (src/server/jobs). */
export interface JobRunner {
  wake(): void;
}

/** What buildApp decorates the Fastify instance with (no module-level singletons). */
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dialect: DialectName;
    /** Keys derived from the instance secret (JWT, captcha, e-mailed codes). */
    keys: Keys;
    passwords: PasswordHasher;
    /** A dummy argon2 hash verified for unknown addresses (same timing as a wrong password). */
    dummyHash: string;
    mailer: Mailer;
    captcha: CaptchaVerifier;
    /** Epoch ms; replaceable in tests to move time forward. */
    clock: () => number;
    /** Waits `ms` without blocking (the sign-in slow-down, at most a few seconds); replaceable in tests. */
    sleep: (ms: number) => Promise<void>;
    /** preHandler of authenticated routes: sets request.auth or answers 301/302/149. */
    requireSession: preHandlerAsyncHookHandler;
    /** The file store (src/server/storage): the data folder's files/, or an S3 bucket cached there. */
    storage: FileStore;
    /** Background jobs (conversion): `wake()` after enqueueing so a worker looks now instead of at its next poll. */
    jobs: JobRunner;
    /** The jobs of /account/privacy (exports, their expiry, purges): src/server/privacy/worker.ts. */
    privacyJobs: JobRunner;
    /** Webhook deliveries (integration triggers, API webhooks: src/server/triggers/deliveries.ts): `wake()` after queueing. */
    webhooks: JobRunner;
    /** The blog teasers and shipped posts (src/server/blog), cached one hour per language. */
    blog: Blog;
    /** PostgreSQL: LISTEN on a channel (one connection of its own); undefined on SQLite (one process). */
    dbListen: DbHandle['listen'];
    /** Whether the process is shutting down (SIGTERM): /readyz answers 503 `draining` (src/server/cluster/ready.ts). */
    draining: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Set by the CSRF guard (plugins/csrf.ts): the session cookie came from a foreign origin and is not used. */
    sessionCookieIgnored: boolean;
  }
}
