import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_WEBHOOK_EVENTS, type V1WebhookPayload, V1WebhookPayloadSchema } from '../../src/contracts/api-v1';
import { enqueuePublicationEvent } from '../../src/server/api-keys/webhooks';
import { enqueueApiDelivery, WebhookDeliverer } from '../../src/server/triggers/deliveries';
import { call, setMode, signedIn, useAccountsApp } from './accounts-support';
import { insertApiWebhook } from './api-webhooks-support';
import { makePdf } from './fixtures/pdf';
import { DIALECTS } from './helpers';
import { upload, waitFor } from './publish-support';
import { linkToken, makeBook } from './reader-support';

const PUBLIC_URL = 'http://books.quire.test:8080';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
  payload: V1WebhookPayload;
}

/** A local HTTP server recording what it receives; answers `status()` (500 makes the sender retry). */
async function receiver(status: () => number = () => 204) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body, payload: JSON.parse(body) });
      res.statusCode = status();
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { server, url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
type Receiver = Awaited<ReturnType<typeof receiver>>;

const okBody = (res: LightMyRequestResponse) => {
  const body = res.json();
  expect(body.status, JSON.stringify(body)).toBe('ok');
  return body.content;
};

const sign = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** What a receiver does: the signature over the raw body with the endpoint's secret, then the body against the contract. */
function verified(got: Received, secret: string): V1WebhookPayload {
  expect(got.headers['x-quire-signature']).toBe(sign(secret, got.body));
  expect(got.headers['content-type']).toBe('application/json');
  const parsed = v.safeParse(V1WebhookPayloadSchema, JSON.parse(got.body));
  expect(parsed.issues, JSON.stringify(parsed.issues)).toBeUndefined();
  expect(got.headers['x-quire-event']).toBe(got.payload.event);
  expect(got.headers['x-quire-delivery']).toBe(got.payload.id);
  return parsed.output as V1WebhookPayload;
}

const aboutBook = (r: Receiver, event: string, bookId: string) =>
  r.received.filter((x) => x.payload.event === event && 'publication' in x.payload.data && x.payload.data.publication.id === bookId);
const aboutLead = (r: Receiver, leadId: string) =>
  r.received.filter((x) => x.payload.event === 'lead.received' && 'lead' in x.payload.data && x.payload.data.lead.id === leadId);

describe.each(DIALECTS)('API webhooks on %s', (dialect) => {
  // Receivers listen on loopback (QUIRE_WEBHOOK_PRIVATE=1); the last test checks the guard without it.
  const ctx = useAccountsApp(dialect, {
    env: { QUIRE_CONVERT_CONCURRENCY: '1', QUIRE_WEBHOOK_PRIVATE: '1', QUIRE_PUBLIC_URL: PUBLIC_URL },
  });
  let owner = '';
  let accountId = '';
  let strangerId = '';
  /** Every event; only lead.received; the other account's endpoint (every event). */
  let all: Receiver;
  let leadsOnly: Receiver;
  let foreign: Receiver;
  const secrets: Record<string, string> = {};
  const endpoints: Record<string, string> = {};

  beforeAll(async () => {
    const a = await signedIn(ctx, 'hooks-owner');
    owner = a.token;
    accountId = a.content.account.id;
    const b = await signedIn(ctx, 'hooks-stranger');
    strangerId = b.content.account.id;
    // The lead form and its triggers are platinum pages (SPEC §6 menu gating).
    await setMode(ctx.app, accountId, 'PLATINUM');
    [all, leadsOnly, foreign] = await Promise.all([receiver(), receiver(), receiver()]);
    for (const [key, account, r, events] of [
      ['all', accountId, all, API_WEBHOOK_EVENTS],
      ['leadsOnly', accountId, leadsOnly, ['lead.received']],
      ['foreign', strangerId, foreign, API_WEBHOOK_EVENTS],
    ] as const) {
      const hook = await insertApiWebhook(ctx.app, account, r.url, events);
      endpoints[key] = hook.id;
      secrets[key] = hook.secret;
    }
  });
  afterAll(async () => {
    await Promise.all([all, leadsOnly, foreign].map((r) => r?.close()));
  });

  const endpoint = (id: string) => ctx.app.db.selectFrom('api_webhooks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('sends publication.converted, signed, when an uploaded PDF converts; only to subscribed endpoints of the account', async () => {
    const res = await upload(ctx.app, owner, { name: 'report.pdf', data: makePdf({ pages: 2, lines: 2 }) }, { name: 'Quarterly report' });
    const bookId = okBody(res).id as string;
    await waitFor(async () => aboutBook(all, 'publication.converted', bookId).length === 1, 60_000, 'publication.converted');
    const [got] = aboutBook(all, 'publication.converted', bookId) as [Received];
    const payload = verified(got, secrets.all as string);
    expect(payload).toMatchObject({
      event: 'publication.converted',
      data: {
        publication: {
          id: bookId,
          name: 'Quarterly report',
          status: 'DONE',
          error_code: null,
          pages: 2,
          active: true,
          visibility: 'public',
          urls: { private: null },
        },
      },
    });
    if (payload.event === 'lead.received') throw new Error('unexpected event');
    const { urls } = payload.data.publication;
    // Absolute URLs from QUIRE_PUBLIC_URL, never from a request.
    expect(urls.view).toBe(`${PUBLIC_URL}/read/${bookId}`);
    expect(urls.embed).toBe(`${PUBLIC_URL}/read/${bookId}`);
    expect(urls.thumbnail).toMatch(new RegExp(`^${PUBLIC_URL}/thumbs/${bookId}/medium\\.webp\\?r=\\d+$`));
    // A wrong secret does not verify.
    expect(got.headers['x-quire-signature']).not.toBe(sign(secrets.foreign as string, got.body));
    await waitFor(async () => (await endpoint(endpoints.all as string)).last_status === 'delivered', 5000, 'the outcome recorded');
    expect(Number((await endpoint(endpoints.all as string)).last_delivery_at)).toBeGreaterThan(0);
    // Not subscribed (lead.received only) and another account's endpoint: nothing about it.
    expect(leadsOnly.received.filter((x) => x.payload.event !== 'lead.received')).toEqual([]);
    expect(foreign.received).toEqual([]);
    expect(aboutBook(all, 'publication.failed', bookId)).toEqual([]);
  });

  it('sends publication.failed for a broken PDF (after the conversion fails) and for content that is no document', async () => {
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251))]);
    const corrupt = okBody(await upload(ctx.app, owner, { name: 'broken.pdf', data: broken })).id as string;
    const unsupported = okBody(await upload(ctx.app, owner, { name: 'notes.bin', data: Buffer.from([0, 1, 2, 3, 254, 255, 0, 7]) }));
    expect(unsupported.document).toMatchObject({ status: 'ERROR', error_code: 'UNSUPPORTED' });
    for (const [id, code] of [
      [corrupt, 'CORRUPT'],
      [unsupported.id as string, 'UNSUPPORTED'],
    ] as const) {
      await waitFor(async () => aboutBook(all, 'publication.failed', id).length === 1, 60_000, `publication.failed ${code}`);
      const payload = verified(aboutBook(all, 'publication.failed', id)[0] as Received, secrets.all as string);
      expect(payload).toMatchObject({
        event: 'publication.failed',
        data: { publication: { id, status: 'ERROR', error_code: code, urls: { thumbnail: null } } },
      });
      expect(aboutBook(all, 'publication.converted', id)).toEqual([]);
    }
    expect(foreign.received).toEqual([]);
  });

  let bookId = '';
  let triggerId = '';
  it('sends lead.received to the endpoints subscribed to it, not to another account’s', async () => {
    bookId = await makeBook(ctx.app, accountId, { name: 'Lead magnet' });
    const form = okBody(await call(ctx.app, '/account/integration/trigger/create', { kind: 'leadform', name: 'Form' }, { token: owner }));
    triggerId = okBody(
      await call(ctx.app, '/account/book/trigger/create', { book: bookId, type: 1, config: form.id }, { token: owner }),
    ).id;
    const lead = okBody(
      await call(ctx.app, '/public/book/trigger/lead', { book: bookId, trigger: triggerId, name: 'Ann Reader', email: 'ann@example.com' }),
    );
    for (const [r, key] of [
      [all, 'all'],
      [leadsOnly, 'leadsOnly'],
    ] as const) {
      await waitFor(async () => aboutLead(r, lead.id).length === 1, 10_000, `lead.received at ${key}`);
      const payload = verified(aboutLead(r, lead.id)[0] as Received, secrets[key] as string);
      expect(payload).toMatchObject({
        event: 'lead.received',
        data: {
          lead: { id: lead.id, publication_id: bookId, publication_name: 'Lead magnet', name: 'Ann Reader', email: 'ann@example.com' },
        },
      });
    }
    // Two endpoints, two deliveries: each its own id.
    expect(aboutLead(all, lead.id)[0]?.payload.id).not.toBe(aboutLead(leadsOnly, lead.id)[0]?.payload.id);
    expect(foreign.received).toEqual([]);
  });

  it('retries a failing endpoint with a backoff; the retry carries the same delivery id and body', async () => {
    let calls = 0;
    const flaky = await receiver(() => (++calls === 1 ? 500 : 200));
    try {
      const hook = await insertApiWebhook(ctx.app, accountId, flaky.url, ['lead.received']);
      const lead = okBody(
        await call(ctx.app, '/public/book/trigger/lead', { book: bookId, trigger: triggerId, name: 'Bo', email: 'bo@example.com' }),
      );
      const row = () =>
        ctx.app.db.selectFrom('webhook_deliveries').selectAll().where('api_webhook_id', '=', hook.id).executeTakeFirstOrThrow();
      await waitFor(async () => (await row()).attempts === 1 && (await row()).state === 'queued', 10_000, 'the failed attempt');
      const first = await row();
      expect(first).toMatchObject({ target_kind: 'api', event: 'lead.received', last_status: 500 });
      expect(await endpoint(hook.id)).toMatchObject({ last_status: 'failed' });
      // The first retry waits ~30 s (±20%): nothing more is sent before then.
      const delay = Number(first.run_at) - Number(first.updated_at);
      expect(delay).toBeGreaterThanOrEqual(24_000);
      expect(delay).toBeLessThanOrEqual(36_000);
      expect(flaky.received).toHaveLength(1);
      // Move the clock past the backoff.
      ctx.advance(40_000);
      ctx.app.webhooks.wake();
      await waitFor(async () => (await row()).state === 'delivered', 10_000, 'the retried delivery');
      expect(flaky.received).toHaveLength(2);
      const [a, b] = flaky.received as [Received, Received];
      expect(b.payload.id).toBe(a.payload.id);
      expect(b.body).toBe(a.body);
      expect(b.headers['x-quire-delivery']).toBe(first.id);
      expect(verified(b, hook.secret)).toMatchObject({ id: first.id, event: 'lead.received', data: { lead: { id: lead.id } } });
      expect(await endpoint(hook.id)).toMatchObject({ last_status: 'delivered' });
    } finally {
      await flaky.close();
    }
  });

  it('a publication deleted before its delivery is sent as it was; a deleted endpoint’s pending deliveries go', async () => {
    const doomed = await makeBook(ctx.app, accountId, {
      name: 'Soon gone',
      columns: { publishing_mode: 2 },
      settings: { private_url: 1 },
    });
    const token = await linkToken(ctx.app, doomed);
    // Due in an hour: queued now, with the book's state now.
    const later = Date.now() + 3_600_000;
    expect(await enqueuePublicationEvent(ctx.app.db, ctx.app, doomed, later)).toBe(1);
    await ctx.app.db.deleteFrom('books').where('id', '=', doomed).execute();
    const pending = await ctx.app.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'run_at'])
      .where('api_webhook_id', '=', endpoints.all as string)
      .where('state', '=', 'queued')
      .executeTakeFirstOrThrow();
    await ctx.app.db.updateTable('webhook_deliveries').set({ run_at: 0 }).where('id', '=', pending.id).execute();
    ctx.app.webhooks.wake();
    await waitFor(async () => aboutBook(all, 'publication.converted', doomed).length === 1, 10_000, 'the deleted book’s event');
    const payload = verified(aboutBook(all, 'publication.converted', doomed)[0] as Received, secrets.all as string);
    expect(payload).toMatchObject({
      id: pending.id,
      data: {
        publication: {
          id: doomed,
          name: 'Soon gone',
          visibility: 'private',
          urls: { private: `${PUBLIC_URL}/read/${doomed}?token=${token}` },
        },
      },
    });
    if (payload.event !== 'lead.received') expect(payload.data.publication.urls.thumbnail).toContain(`&t=`);

    // An endpoint deleted with deliveries pending: they are dropped, never sent.
    const gone = await receiver();
    try {
      const hook = await insertApiWebhook(ctx.app, accountId, gone.url, ['publication.converted']);
      const kept = await makeBook(ctx.app, accountId, { name: 'Kept' });
      await enqueueApiDelivery(
        ctx.app.db,
        {
          webhookId: hook.id,
          event: 'publication.converted',
          body: (id) => ({ id, event: 'lead.received', created_at: 1, data: { lead: { id: kept } } }) as never,
        },
        later,
      );
      const rows = () => ctx.app.db.selectFrom('webhook_deliveries').select('id').where('api_webhook_id', '=', hook.id).execute();
      expect(await rows()).toHaveLength(1);
      await ctx.app.db.deleteFrom('api_webhooks').where('id', '=', hook.id).execute();
      expect(await rows()).toEqual([]);
      expect(gone.received).toEqual([]);
    } finally {
      await gone.close();
    }
  });

  it('without QUIRE_WEBHOOK_PRIVATE, an endpoint on a private address is refused by the SSRF guard', async () => {
    const local = await receiver();
    try {
      const hooks = await Promise.all(
        [local.url, local.url.replace('127.0.0.1', 'localhost'), local.url.replace('127.0.0.1', '[::ffff:127.0.0.1]')].map((url) =>
          insertApiWebhook(ctx.app, accountId, url, ['publication.converted']),
        ),
      );
      // Due in an hour: the app's deliverer (QUIRE_WEBHOOK_PRIVATE=1) leaves them; this guarded one lives an hour later.
      const later = Date.now() + 3_600_000;
      for (const hook of hooks)
        await enqueueApiDelivery(
          ctx.app.db,
          { webhookId: hook.id, event: 'publication.converted', body: (id) => ({ id, guarded: true }) as never, maxAttempts: 1 },
          later,
        );
      const guarded = new WebhookDeliverer({
        db: ctx.app.db,
        allowPrivate: false,
        apiKeys: ctx.app.keys.apiKeys,
        pollMs: 50,
        clock: () => Date.now() + 3_600_000,
      });
      const ids = hooks.map((h) => h.id);
      const rows = () =>
        ctx.app.db.selectFrom('webhook_deliveries').select(['state', 'last_error']).where('api_webhook_id', 'in', ids).execute();
      try {
        guarded.start();
        await waitFor(async () => (await rows()).every((r) => r.state === 'failed'), 10_000, 'every delivery refused');
      } finally {
        await guarded.stop();
      }
      expect(await rows()).toHaveLength(hooks.length);
      for (const r of await rows()) expect(r.last_error).toMatch(/not a public address/);
      for (const id of ids) expect(await endpoint(id)).toMatchObject({ last_status: 'failed' });
      expect(local.received).toEqual([]);
    } finally {
      await local.close();
    }
  });
});
