import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  BookTriggerCreateSchema,
  BookTriggerListQuerySchema,
  BookTriggerUpdateSchema,
  effectiveRepeatingMode,
  IdRequestSchema,
  IntegrationCreateSchema,
  IntegrationUpdateSchema,
  MAX_INTEGRATIONS,
  PublicTriggersQuerySchema,
  type RepeatingMode,
  typeAllowed,
} from '../../../contracts/triggers';
import { isUniqueViolation } from '../../accounts/helpers';
import { newId } from '../../auth/crypto';
import { gated, owner, reader, SIGNED_IN } from '../../auth/rules';
import { authOf } from '../../auth/session';
import { ApiError, ok, parse } from '../../envelope';
import { assertPublicLiteral } from '../../net/ssrf';
import { rateLimit } from '../../plugins/security';
import { findOwnedBook } from '../../publish/repo';
import { jsonSettingsOf } from '../../publish/views';
import { requireAccess } from '../../reader/access';
import {
  bookTriggerView,
  findIntegration,
  findOwnedTrigger,
  integrationView,
  listBookTriggers,
  listIntegrations,
  newSecret,
  readerTriggers,
  supportsOf,
} from '../../triggers/repo';
import leadRoutes from './leads';

/**
 * Triggers (DESIGN §8):
 *   {api}/account/integration/trigger/  (GET list) · create · update · delete   the account's integrations
 *   {api}/account/book/trigger/?book=   (GET list) · create · update · delete   a book's triggers
 *   {api}/account/integration/trigger/lead/ (GET list) · lead/export (CSV)      the leads (./leads.ts)
 *   {api}/public/book/trigger?id=&token= (GET)  ·  POST {api}/public/book/trigger/lead   the reader's side
 * Every account call is scoped to the caller's account (another account's id is "not found").
 * The webhook deliverer (app.webhooks) runs with the app: it starts when the app is ready and stops before it closes.
 */
const triggerRoutes: FastifyPluginAsync = async (app) => {
  const guarded = { preHandler: app.requireSession };
  // SPEC §6 menu gating: the integrations page and the triggers (the leads page and each publication's
  // triggers, whose settings tab lists the integrations only when its own gate lets it) are platinum only.
  const integrationsPage = gated('integration');
  const triggersPage = gated('trigger');

  // ── Integrations ─────────────────────────────────────────────────────────────────────────────
  app.get('/account/integration/trigger', { ...guarded, config: { ...SIGNED_IN, ...integrationsPage } }, async (request, reply) => {
    const { account } = authOf(request);
    return ok(reply, (await listIntegrations(app.db, account.id)).map(integrationView));
  });

  /** A webhook URL naming a private address literal is refused when saved (names are checked when sent). */
  const refusePrivateLiteral = (url: string) => {
    if (app.config.webhookPrivate) return;
    try {
      assertPublicLiteral(new URL(url));
    } catch {
      throw new ApiError('validation', { fields: ['url'] });
    }
  };

  app.post('/account/integration/trigger/create', { ...guarded, config: { ...SIGNED_IN, ...integrationsPage } }, async (request, reply) => {
    const { account } = authOf(request);
    const body = parse(IntegrationCreateSchema, request.body);
    if (body.kind === 'webhook') refusePrivateLiteral(body.url);
    const existing = await listIntegrations(app.db, account.id);
    if (existing.length >= MAX_INTEGRATIONS) throw new ApiError('integrationLimit');
    const now = app.clock();
    const row = await app.db
      .insertInto('integration_triggers')
      .values({
        id: newId(),
        account_id: account.id,
        kind: body.kind,
        name: body.name,
        is_enabled: body.is_enabled ? 1 : 0,
        url: body.kind === 'webhook' ? body.url : null,
        secret: body.kind === 'webhook' ? newSecret() : null,
        created_at: now,
        modified_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return ok(reply, integrationView(row));
  });

  const updateIntegration = async (request: FastifyRequest, reply: FastifyReply) => {
    const { account } = authOf(request);
    const body = parse(IntegrationUpdateSchema, request.body);
    const row = await findIntegration(app.db, account.id, body.id);
    if (!row) throw new ApiError('integrationNotFound');
    // A lead form has no URL: refuse rather than store a field it would never use.
    if (body.url !== undefined && row.kind !== 'webhook') throw new ApiError('validation', { fields: ['url'] });
    const set: { name?: string; url?: string; is_enabled?: number; secret?: string; modified_at: number } = { modified_at: app.clock() };
    if (body.name !== undefined) set.name = body.name;
    if (body.url !== undefined) {
      refusePrivateLiteral(body.url);
      set.url = body.url;
    }
    if (body.is_enabled !== undefined) set.is_enabled = body.is_enabled ? 1 : 0;
    if (body.rotate_secret && row.kind === 'webhook') set.secret = newSecret();
    const updated = await app.db
      .updateTable('integration_triggers')
      .set(set)
      .where('id', '=', row.id)
      .where('account_id', '=', account.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return ok(reply, integrationView(updated));
  };
  const ownIntegration = { ...guarded, config: { ...owner({ 'body.id': 'integration' }), ...integrationsPage } };
  app.post('/account/integration/trigger/update', ownIntegration, updateIntegration);
  app.patch('/account/integration/trigger/update', ownIntegration, updateIntegration);

  app.post('/account/integration/trigger/delete', ownIntegration, async (request, reply) => {
    const { account } = authOf(request);
    const { id } = parse(IdRequestSchema, request.body);
    // Book triggers and pending deliveries go with it (foreign keys cascade); leads keep their copy.
    const r = await app.db.deleteFrom('integration_triggers').where('id', '=', id).where('account_id', '=', account.id).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) throw new ApiError('integrationNotFound');
    return ok(reply, { id });
  });

  // ── Book triggers ────────────────────────────────────────────────────────────────────────────
  app.get(
    '/account/book/trigger',
    { ...guarded, config: { ...owner({ 'query.book': 'book' }), ...triggersPage } },
    async (request, reply) => {
      const { account } = authOf(request);
      const { book } = parse(BookTriggerListQuerySchema, request.query);
      if (!(await findOwnedBook(app.db, account.id, book))) throw new ApiError('bookNotFound');
      return ok(reply, (await listBookTriggers(app.db, account.id, book)).map(bookTriggerView));
    },
  );

  const ownBookAndIntegration = {
    ...guarded,
    config: { ...owner({ 'body.book': 'book', 'body.config': 'integration' }), ...triggersPage },
  };
  app.post('/account/book/trigger/create', ownBookAndIntegration, async (request, reply) => {
    const { account } = authOf(request);
    const body = parse(BookTriggerCreateSchema, request.body);
    const book = await findOwnedBook(app.db, account.id, body.book);
    if (!book) throw new ApiError('bookNotFound');
    if (!typeAllowed(body.type, jsonSettingsOf(book))) throw new ApiError('triggerTypeDisabled');
    const integration = await findIntegration(app.db, account.id, body.config);
    if (!integration) throw new ApiError('integrationNotFound');
    const now = app.clock();
    try {
      const row = await app.db
        .insertInto('book_triggers')
        .values({
          id: newId(),
          book_id: book.id,
          integration_id: integration.id,
          type: body.type,
          is_mandatory: body.is_mandatory ? 1 : 0,
          repeating_mode: effectiveRepeatingMode(body.is_mandatory, body.repeating_mode, supportsOf(integration.kind)),
          created_at: now,
          modified_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return ok(reply, bookTriggerView(row));
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError('triggerTypeTaken');
      throw error;
    }
  });

  const updateTrigger = async (request: FastifyRequest, reply: FastifyReply) => {
    const { account } = authOf(request);
    const body = parse(BookTriggerUpdateSchema, request.body);
    const current = await findOwnedTrigger(app.db, account.id, body.id);
    if (!current) throw new ApiError('triggerNotFound');
    const integration = await findIntegration(app.db, account.id, body.config ?? current.integration_id);
    if (!integration) throw new ApiError('integrationNotFound');
    const mandatory = body.is_mandatory ?? current.is_mandatory === 1;
    const mode = body.repeating_mode ?? (current.repeating_mode as RepeatingMode);
    const row = await app.db
      .updateTable('book_triggers')
      .set({
        integration_id: integration.id,
        is_mandatory: mandatory ? 1 : 0,
        repeating_mode: effectiveRepeatingMode(mandatory, mode, supportsOf(integration.kind)),
        modified_at: app.clock(),
      })
      .where('id', '=', current.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return ok(reply, bookTriggerView(row));
  };
  const ownTrigger = { ...guarded, config: { ...owner({ 'body.id': 'trigger', 'body.config': 'integration' }), ...triggersPage } };
  app.post('/account/book/trigger/update', ownTrigger, updateTrigger);
  app.patch('/account/book/trigger/update', ownTrigger, updateTrigger);

  app.post(
    '/account/book/trigger/delete',
    { ...guarded, config: { ...owner({ 'body.id': 'trigger' }), ...triggersPage } },
    async (request, reply) => {
      const { account } = authOf(request);
      const { id } = parse(IdRequestSchema, request.body);
      const current = await findOwnedTrigger(app.db, account.id, id);
      if (!current) throw new ApiError('triggerNotFound');
      await app.db.deleteFrom('book_triggers').where('id', '=', current.id).execute();
      return ok(reply, { id });
    },
  );

  // ── The reader's side ────────────────────────────────────────────────────────────────────────
  const readerRule = reader({ book: 'query.id', token: 'query.token', key: 'link' });
  app.get('/public/book/trigger', { config: { ...readerRule, ...rateLimit(120, '1 minute') } }, async (request, reply) => {
    const query = parse(PublicTriggersQuerySchema, request.query);
    const access = await requireAccess(app, request, query.id, query.token);
    // Download/print triggers of a book whose mode is off never fire (the buttons are not shown).
    const triggers = (await readerTriggers(app.db, access.row.id)).filter((t) => typeAllowed(t.type, access.settings));
    reply.header('cache-control', 'private, no-store');
    return ok(reply, triggers);
  });

  await app.register(leadRoutes);
};

export default triggerRoutes;
