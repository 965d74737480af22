import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import {
  type DeletionCodeSent,
  DeletionRequestSchema,
  type DeletionScheduled,
  ExportDownloadQuerySchema,
  type PrivacyStatus,
} from '../../../contracts/privacy';
import { secretGuard } from '../../accounts/failures';
import { mailAllowed, setTokenCookie } from '../../accounts/helpers';
import { hmacHex, newCode, sameDigest } from '../../auth/crypto';
import { dbAttemptCounter } from '../../auth/limiter';
import { checkPassword } from '../../auth/passwords';
import { gated, SIGNED_IN } from '../../auth/rules';
import { type AuthContext, authOf } from '../../auth/session';
import type { Executor } from '../../db/index';
import { ApiError, ok, parse } from '../../envelope';
import { greetingName } from '../../mail/greeting';
import { rateLimit } from '../../plugins/security';
import { findDeletion, scheduleDeletion } from '../../privacy/deletion';
import { EXPORT_TOKEN_CHARS, effectiveState, exportToken, exportView, insertExport, latestExport } from '../../privacy/repo';
import { enqueueExport } from '../../privacy/worker';
import { publicBase } from '../../public-url';
import { sameToken } from '../../reader/access';
import { exportKey } from '../../storage/paths';
import { sendStored } from '../../storage/serve';

/** The mailed deletion code is valid this long, and this many wrong tries end it. */
const CODE_TTL_MS = 10 * 60_000;
const CODE_TRIES = 5;

/**
 * /account/privacy (issue 16; contracts in src/contracts/privacy.ts): the caller's own export and the
 * deletion of the caller's own account. Every call is signed in and names nothing but the caller's
 * account (the download's token is checked against the caller's current export only).
 */
const privacyRoutes: FastifyPluginAsync = async (app) => {
  const signedIn = { ...SIGNED_IN, ...gated('privacy') };
  const guarded = { preHandler: app.requireSession, config: signedIn };

  app.get('/account/privacy', guarded, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok(reply, await status(app, authOf(request)));
  });

  // One export at a time per account (exportRunning), and a few a day from one address.
  app.post(
    '/account/privacy/export/create',
    { preHandler: app.requireSession, config: { ...signedIn, ...rateLimit(10, '1 hour') } },
    async (request, reply) => {
      const { account } = authOf(request);
      const now = app.clock();
      const replaced = await app.db.transaction().execute(async (trx) => {
        // Serializes two requests of one account on PostgreSQL (SQLite runs one writing transaction at a time).
        await lockAccount(app, trx, account.id);
        const previous = await trx.selectFrom('data_exports').selectAll().where('account_id', '=', account.id).execute();
        if (previous.some((row) => row.state === 'queued' || row.state === 'running')) throw new ApiError('exportRunning');
        if (previous.length > 0) {
          await trx.deleteFrom('data_exports').where('account_id', '=', account.id).execute();
          for (const row of previous)
            await trx
              .deleteFrom('jobs')
              .where('kind', '=', 'exportExpire')
              .where('state', '=', 'queued')
              .where('payload', 'like', `%${row.id}%`)
              .execute();
        }
        const row = await insertExport(trx, account.id, now);
        await enqueueExport(trx, { exportId: row.id, accountId: account.id, base: publicBase(app, request) }, now);
        return previous;
      });
      for (const row of replaced) await app.storage.remove(exportKey(account.id, row.id));
      app.privacyJobs.wake();
      return ok(reply, await status(app, authOf(request)));
    },
  );

  app.get(
    '/account/privacy/export/download',
    { preHandler: app.requireSession, config: { ...signedIn, ...rateLimit(30, '1 minute') } },
    async (request, reply) => {
      const { account } = authOf(request);
      const query = parse(ExportDownloadQuerySchema, request.query);
      const row = await latestExport(app.db, account.id);
      if (
        !row ||
        effectiveState(row, app.clock()) !== 'ready' ||
        query.token.length !== EXPORT_TOKEN_CHARS ||
        !sameToken(query.token, exportToken(app.keys.codes, row))
      )
        throw new ApiError('exportUnavailable');
      // From the file store (issue 19): another instance (or worker) may have made the export.
      const key = exportKey(account.id, row.id);
      const day = new Date(Number(row.created_at)).toISOString().slice(0, 10);
      return sendStored(app, request, reply, key, {
        contentType: 'application/zip',
        cacheControl: 'private, no-store',
        disposition: `attachment; filename="quire-data-${day}.zip"`,
        ranges: true,
        cache: false,
        notFound: () => {
          throw new ApiError('exportUnavailable');
        },
      });
    },
  );

  // The code that confirms the deletion of an account without a password (social sign-in only).
  app.post(
    '/account/privacy/deletion/code',
    { preHandler: app.requireSession, config: { ...signedIn, ...rateLimit(5, '10 minutes') } },
    async (request, reply) => {
      const { profile, account } = authOf(request);
      if (profile.password_hash) throw new ApiError('deletionReauthRequired', { fields: ['password'] });
      const now = app.clock();
      if (!(await mailAllowed(app, profile.email, now))) throw new ApiError('deletionRateLimited');
      const code = newCode();
      const row = { code_hash: codeDigest(app, profile.id, code), created_at: now, expires_at: now + CODE_TTL_MS };
      await app.db
        .insertInto('deletion_codes')
        .values({ profile_id: profile.id, ...row })
        .onConflict((oc) => oc.column('profile_id').doUpdateSet(row))
        .execute();
      // A new code gets its own tries.
      await dbAttemptCounter(app.db).clear([codeTriesKey(profile.id)]);
      await app.mailer.send(profile.email, profile.language, {
        kind: 'deletionCode',
        name: greetingName(profile, account.name),
        code,
        minutes: CODE_TTL_MS / 60_000,
      });
      const content: DeletionCodeSent = { email: profile.email, minutes: CODE_TTL_MS / 60_000 };
      return ok(reply, content);
    },
  );

  app.post(
    '/account/privacy/deletion/create',
    { preHandler: app.requireSession, config: { ...signedIn, ...rateLimit(10, '1 minute') } },
    async (request, reply) => {
      const auth = authOf(request);
      const { profile, account } = auth;
      const body = parse(DeletionRequestSchema, request.body);
      const now = app.clock();
      // Wrong passwords and codes count like wrong sign-ins (per address and account: accounts/failures.ts).
      const guard = secretGuard(app, 'login', profile.email, request.ip);
      await guard.check();
      if (profile.password_hash) {
        if (body.password === undefined || body.password === '') throw new ApiError('deletionReauthRequired', { fields: ['password'] });
        if (!(await checkPassword(app.passwords, profile.password_hash, body.password, app.dummyHash))) {
          await guard.failed();
          throw new ApiError('deletionWrongPassword', { fields: ['password'] });
        }
      } else {
        if (body.code === undefined) throw new ApiError('deletionReauthRequired', { fields: ['code'] });
        const counter = dbAttemptCounter(app.db);
        const row = await app.db.selectFrom('deletion_codes').selectAll().where('profile_id', '=', profile.id).executeTakeFirst();
        if (!row || row.expires_at <= now || (await counter.peek(codeTriesKey(profile.id), CODE_TTL_MS, now)) >= CODE_TRIES)
          throw new ApiError('deletionCodeExpired', { fields: ['code'] });
        if (!sameDigest(codeDigest(app, profile.id, body.code), row.code_hash)) {
          await counter.count(codeTriesKey(profile.id), CODE_TTL_MS, now);
          await guard.failed();
          throw new ApiError('deletionWrongCode', { fields: ['code'] });
        }
      }
      const graceDays = app.config.privacy.graceDays;
      const { purgeAt } = await app.db.transaction().execute(async (trx) => {
        await lockAccount(app, trx, account.id);
        if (await findDeletion(trx, account.id)) throw new ApiError('accountDeleting');
        return scheduleDeletion(trx, account.id, graceDays, now);
      });
      await guard.succeeded();
      app.privacyJobs.wake();
      // This browser is signed out too (every session of the account was revoked).
      setTokenCookie(app, request, reply, '', 0);
      try {
        await app.mailer.send(profile.email, profile.language, {
          kind: 'deletionScheduled',
          name: greetingName(profile, account.name),
          url: `${publicBase(app, request)}/login`,
          at: purgeAt,
          days: graceDays,
        });
      } catch (err) {
        request.log.warn({ err }, 'privacy: could not mail the deletion notice');
      }
      const content: DeletionScheduled = { purge_at: purgeAt };
      return ok(reply, content);
    },
  );
};

const codeDigest = (app: FastifyInstance, profileId: string, code: string) => hmacHex(app.keys.codes, `deletion:${profileId}:${code}`);
const codeTriesKey = (profileId: string) => `deletion:code:${profileId}`;

/** Takes the account row's lock for the transaction on PostgreSQL (SQLite writes one transaction at a time). */
async function lockAccount(app: FastifyInstance, trx: Executor, accountId: string): Promise<void> {
  await trx
    .selectFrom('accounts')
    .select('id')
    .where('id', '=', accountId)
    .$if(app.dialect === 'postgres', (qb) => qb.forUpdate())
    .execute();
}

async function status(app: FastifyInstance, auth: AuthContext): Promise<PrivacyStatus> {
  const row = await latestExport(app.db, auth.account.id);
  return {
    export: row ? exportView(row, app.keys.codes, app.clock()) : null,
    reauth: auth.profile.password_hash ? 'password' : 'code',
    grace_days: app.config.privacy.graceDays,
    export_days: app.config.privacy.exportDays,
  };
}

export default privacyRoutes;
