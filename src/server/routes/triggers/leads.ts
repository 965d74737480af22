import type { FastifyPluginAsync } from 'fastify';
import { csvLine, LeadListQuerySchema, PublicLeadSchema, type WebhookPayload } from '../../../contracts/triggers';
import { enqueueApiLead } from '../../api-keys/webhooks';
import { newId } from '../../auth/crypto';
import { gated, owner, reader } from '../../auth/rules';
import { authOf } from '../../auth/session';
import { ApiError, ok, parse } from '../../envelope';
import { ANY_ORIGIN } from '../../plugins/csrf';
import { rateLimit } from '../../plugins/security';
import { requireAccess } from '../../reader/access';
import { enqueueDelivery } from '../../triggers/deliveries';
import { findReaderTrigger, leadView, listLeads } from '../../triggers/repo';

/** Rows in one CSV export (the newest first); an account with more exports them by book. */
const EXPORT_MAX = 50_000;
const TYPE_NAMES: Record<number, string> = { 1: 'open', 2: 'download', 3: 'print' };

/**
 * Leads: a reader sends one (anonymous, rate-limited per IP, behind the book's reader gates); the
 * owner lists them and exports them as CSV. A lead for a webhook integration also queues its signed
 * delivery, in the same transaction as the lead, so neither exists without the other; so do the
 * account's API webhooks subscribed to lead.received.
 */
const leadRoutes: FastifyPluginAsync = async (app) => {
  const guarded = { preHandler: app.requireSession };
  // The leads page (SPEC §6 menu gating: the triggers page, platinum only).
  const leadFilter = { ...guarded, config: { ...owner({ 'query.book': { resource: 'book', refusal: 'empty' } }), ...gated('trigger') } };

  const readerRule = reader({ book: 'body.book', token: 'body.token', key: 'link', ids: { 'body.trigger': 'trigger' } });
  app.post(
    '/public/book/trigger/lead',
    { config: { ...readerRule, ...rateLimit(10, '10 minutes'), ...ANY_ORIGIN } },
    async (request, reply) => {
      const body = parse(PublicLeadSchema, request.body);
      const access = await requireAccess(app, request, body.book, body.token);
      const trigger = await findReaderTrigger(app.db, access.row.id, body.trigger);
      if (!trigger) throw new ApiError('triggerNotFound');
      const now = app.clock();
      const lead = {
        id: newId(),
        account_id: trigger.account_id,
        book_id: access.row.id,
        book_name: access.row.name,
        trigger_type: trigger.type,
        integration_id: trigger.integration_id,
        integration_name: trigger.integration_name,
        name: body.name,
        email: body.email,
        created_at: now,
      };
      const queued = await app.db.transaction().execute(async (trx) => {
        await trx.insertInto('leads').values(lead).execute();
        // The account's API webhooks subscribed to lead.received (issue 18).
        const api = await enqueueApiLead(trx, lead, now);
        if (trigger.kind !== 'webhook') return api > 0;
        const payload: WebhookPayload = {
          book: { id: access.row.id, name: access.row.name },
          trigger: { id: trigger.id, type: trigger.type as WebhookPayload['trigger']['type'] },
          lead: { id: lead.id, name: lead.name, email: lead.email },
          created: new Date(now).toISOString(),
        };
        await enqueueDelivery(trx, { integrationId: trigger.integration_id, leadId: lead.id, payload }, now);
        return true;
      });
      if (queued) app.webhooks.wake();
      return ok(reply, { id: lead.id });
    },
  );

  app.get('/account/integration/trigger/lead', leadFilter, async (request, reply) => {
    const { account } = authOf(request);
    const query = parse(LeadListQuerySchema, request.query);
    const { rows, total } = await listLeads(app.db, account.id, query);
    return ok(reply, { list: rows.map(leadView), total, start: query.start, step: { current: query.step } });
  });

  app.get('/account/integration/trigger/lead/export', leadFilter, async (request, reply) => {
    const { account } = authOf(request);
    const { book } = parse(LeadListQuerySchema, request.query);
    const { rows } = await listLeads(app.db, account.id, { start: 0, step: EXPORT_MAX, book });
    let csv = csvLine(['created', 'name', 'email', 'publication', 'trigger', 'integration']);
    for (const r of rows) {
      csv += csvLine([
        new Date(r.created_at).toISOString(),
        r.name,
        r.email,
        r.book_name,
        TYPE_NAMES[r.trigger_type] ?? r.trigger_type,
        r.integration_name,
      ]);
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="quire-leads.csv"')
      .header('cache-control', 'private, no-store')
      .send(`\uFEFF${csv}`);
  });
};

export default leadRoutes;
