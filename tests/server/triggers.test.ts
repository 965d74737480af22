import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvField } from '../../src/contracts/triggers';
import { isPublicAddress, publicOnlyLookup } from '../../src/server/net/ssrf';
import { enqueueDelivery, postWebhook, WebhookDeliverer } from '../../src/server/triggers/deliveries';
import { call, nextIp, setMode, signedIn, useAccountsApp } from './accounts-support';
import { DIALECTS } from './helpers';
import { waitFor } from './publish-support';
import { makeBook } from './reader-support';

/** A local HTTP server recording what it receives; answers `status()` (500 makes the sender retry). */
async function receiver(status: () => number) {
  const received: { headers: IncomingMessage['headers']; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = status();
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { server, url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const okBody = (res: LightMyRequestResponse) => {
  const body = res.json();
  expect(body.status, JSON.stringify(body)).toBe('ok');
  return body.content;
};
const errorOf = (res: LightMyRequestResponse) => {
  const body = res.json();
  expect(body.status).toBe('error');
  return { http: res.statusCode, type: body.content.type, code: body.content.code };
};

describe.each(DIALECTS)('triggers on %s', (dialect) => {
  // The test's webhook receivers listen on loopback.
  const ctx = useAccountsApp(dialect, { env: { QUIRE_CONVERT_CONCURRENCY: '0', QUIRE_WEBHOOK_PRIVATE: '1' } });
  let owner = '';
  let stranger = '';
  let accountId = '';
  const books: Record<string, string> = {};
  let good: Awaited<ReturnType<typeof receiver>>;
  let flaky: Awaited<ReturnType<typeof receiver>>;
  let flakyCalls = 0;

  beforeAll(async () => {
    const a = await signedIn(ctx, 'trigger-owner');
    owner = a.token;
    accountId = a.content.account.id;
    const b = await signedIn(ctx, 'trigger-stranger');
    stranger = b.token;
    // Integrations and triggers are platinum pages (SPEC §6 menu gating: user, free and premium).
    await setMode(ctx.app, accountId, 'PLATINUM');
    await setMode(ctx.app, b.content.account.id, 'PLATINUM');
    books.open = await makeBook(ctx.app, accountId, { name: 'Open, "quoted" book', settings: { download_mode: 2, print_mode: 2 } });
    books.closed = await makeBook(ctx.app, accountId, { name: 'Closed book', settings: { download_mode: 0, print_mode: 0 } });
    books.private = await makeBook(ctx.app, accountId, { columns: { publishing_mode: 2 }, settings: { private_url: 0, download_mode: 2 } });
    good = await receiver(() => 204);
    // Fails twice, then accepts: the delivery must be retried with a backoff.
    flaky = await receiver(() => (++flakyCalls <= 2 ? 500 : 200));
  });
  afterAll(async () => {
    await good?.close();
    await flaky?.close();
  });

  const as = (token: string) => ({
    get: (url: string) => call(ctx.app, url, undefined, { token }),
    post: (url: string, body: Record<string, unknown>) => call(ctx.app, url, body, { token }),
  });

  const integrations: Record<string, string> = {};
  let webhookSecret = '';

  it('creates a lead form and a webhook; a webhook URL must be http(s); the secret is the owner’s', async () => {
    const lead = okBody(await as(owner).post('/account/integration/trigger/create', { kind: 'leadform', name: 'Lead form' }));
    expect(lead).toMatchObject({
      kind: 'leadform',
      name: 'Lead form',
      is_enabled: true,
      integration: { supports: 65536 },
      url: null,
      secret: null,
    });
    integrations.lead = lead.id;
    for (const url of ['javascript:alert(1)', 'ftp://example.com/x', 'not a url', 'file:///etc/passwd']) {
      expect(errorOf(await as(owner).post('/account/integration/trigger/create', { kind: 'webhook', name: 'Bad', url }))).toMatchObject({
        type: 'VALIDATION',
      });
    }
    const hook = okBody(await as(owner).post('/account/integration/trigger/create', { kind: 'webhook', name: 'CRM', url: good.url }));
    expect(hook).toMatchObject({ kind: 'webhook', url: good.url, integration: { supports: 0 } });
    expect(hook.secret).toMatch(/^[0-9a-f]{64}$/);
    integrations.hook = hook.id;
    webhookSecret = hook.secret;
    integrations.flaky = okBody(
      await as(owner).post('/account/integration/trigger/create', { kind: 'webhook', name: 'Flaky', url: flaky.url }),
    ).id;
    integrations.off = okBody(
      await as(owner).post('/account/integration/trigger/create', { kind: 'leadform', name: 'Off', is_enabled: false }),
    ).id;

    const list = okBody(await as(owner).get('/account/integration/trigger'));
    // In creation order: created_at, then id for two made in the same millisecond (repo.ts).
    const made = [integrations.lead, integrations.hook, integrations.flaky, integrations.off] as string[];
    const rows = await ctx.app.db.selectFrom('integration_triggers').select(['id', 'created_at']).where('id', 'in', made).execute();
    const created = new Map(rows.map((r) => [r.id, Number(r.created_at)]));
    const byCreation = [...made].sort((a, b) => (created.get(a) ?? 0) - (created.get(b) ?? 0) || (a < b ? -1 : a > b ? 1 : 0));
    expect(list.map((i: { id: string }) => i.id)).toEqual(byCreation);
    expect(okBody(await as(stranger).get('/account/integration/trigger'))).toEqual([]);
    expect(errorOf(await as(stranger).post('/account/integration/trigger/update', { id: integrations.hook, name: 'Mine' }))).toMatchObject({
      code: 704,
    });
    expect(errorOf(await as(stranger).post('/account/integration/trigger/delete', { id: integrations.hook }))).toMatchObject({ code: 704 });
    expect(errorOf(await call(ctx.app, '/account/integration/trigger'))).toMatchObject({ type: 'SESSION' });

    const rotated = okBody(await as(owner).post('/account/integration/trigger/update', { id: integrations.hook, rotate_secret: true }));
    expect(rotated.secret).not.toBe(webhookSecret);
    webhookSecret = rotated.secret;
    expect(errorOf(await as(owner).post('/account/integration/trigger/update', { id: integrations.lead, url: good.url }))).toMatchObject({
      type: 'VALIDATION',
    });
  });

  const triggers: Record<string, string> = {};

  it('adds triggers with the SPEC §4/§5 rules: once per type, download/print need their mode, repeating mode rules', async () => {
    const fresh = okBody(await as(owner).post('/account/book/trigger/create', { book: books.open, type: 1, config: integrations.lead }));
    expect(fresh).toMatchObject({ book: { id: books.open }, type: 1, config: integrations.lead, is_mandatory: false, repeating_mode: 3 });
    triggers.open = fresh.id;
    expect(errorOf(await as(owner).post('/account/book/trigger/create', { book: books.open, type: 1, config: integrations.hook }))).toEqual(
      {
        http: 409,
        type: 'TRIGGER',
        code: 702,
      },
    );
    for (const type of [2, 3]) {
      expect(
        errorOf(await as(owner).post('/account/book/trigger/create', { book: books.closed, type, config: integrations.lead })),
      ).toMatchObject({
        code: 703,
      });
    }
    // Mandatory + once → until done (the lead form supports it).
    const download = okBody(
      await as(owner).post('/account/book/trigger/create', {
        book: books.open,
        type: 2,
        config: integrations.lead,
        is_mandatory: true,
        repeating_mode: 1,
      }),
    );
    expect(download).toMatchObject({ is_mandatory: true, repeating_mode: 2 });
    triggers.download = download.id;
    // Until done without support (webhook) → always.
    const print = okBody(
      await as(owner).post('/account/book/trigger/create', { book: books.open, type: 3, config: integrations.hook, repeating_mode: 2 }),
    );
    expect(print).toMatchObject({ is_mandatory: false, repeating_mode: 3 });
    triggers.print = print.id;
    // Not mandatory + once stays once.
    const updated = okBody(await as(owner).post('/account/book/trigger/update', { id: triggers.open, repeating_mode: 1 }));
    expect(updated).toMatchObject({ is_mandatory: false, repeating_mode: 1 });
    expect(okBody(await as(owner).post('/account/book/trigger/update', { id: triggers.open, is_mandatory: '1' }))).toMatchObject({
      is_mandatory: true,
      repeating_mode: 2,
    });
    const listed = okBody(await as(owner).get(`/account/book/trigger?book=${books.open}`));
    expect(listed.map((t: { type: number }) => t.type)).toEqual([1, 2, 3]);
    // The owner's book carries them too (SPEC §3 Book.triggers).
    const book = okBody(await as(owner).get(`/account/book/get?id=${books.open}`));
    expect(book.triggers.map((t: { id: string; type: number }) => [t.type, t.id])).toEqual([
      [1, triggers.open],
      [2, triggers.download],
      [3, triggers.print],
    ]);

    // Another account sees and changes nothing.
    expect(errorOf(await as(stranger).get(`/account/book/trigger?book=${books.open}`))).toMatchObject({ code: 404 });
    expect(errorOf(await as(stranger).post('/account/book/trigger/update', { id: triggers.open, is_mandatory: false }))).toMatchObject({
      code: 701,
    });
    expect(errorOf(await as(stranger).post('/account/book/trigger/delete', { id: triggers.open }))).toMatchObject({ code: 701 });
    expect(
      errorOf(await as(stranger).post('/account/book/trigger/create', { book: books.open, type: 1, config: integrations.lead })),
    ).toMatchObject({
      code: 404,
    });
    expect(
      errorOf(await as(owner).post('/account/book/trigger/create', { book: books.private, type: 1, config: `${integrations.off}x` })),
    ).toMatchObject({
      code: 704,
    });
    expect(
      errorOf(await as(owner).post('/account/book/trigger/create', { book: books.open, type: 4, config: integrations.lead })),
    ).toMatchObject({
      type: 'VALIDATION',
    });
  });

  it('gives readers the enabled triggers of a readable book only', async () => {
    const reader = okBody(await call(ctx.app, `/public/book/trigger?id=${books.open}`));
    expect(reader).toEqual([
      { id: triggers.open, type: 1, is_mandatory: true, repeating_mode: 2 },
      { id: triggers.download, type: 2, is_mandatory: true, repeating_mode: 2 },
      { id: triggers.print, type: 3, is_mandatory: false, repeating_mode: 3 },
    ]);
    okBody(await as(owner).post('/account/book/trigger/create', { book: books.private, type: 1, config: integrations.off }));
    expect(errorOf(await call(ctx.app, `/public/book/trigger?id=${books.private}`))).toMatchObject({ code: 403 });
    // The owner reads the private book; the trigger of a disabled integration is left out.
    expect(okBody(await as(owner).get(`/public/book/trigger?id=${books.private}`))).toEqual([]);
  });

  it('stores a lead, lists it and exports CSV safe for spreadsheets', async () => {
    const send = (body: Record<string, unknown>, ip = nextIp()) => call(ctx.app, '/public/book/trigger/lead', body, { ip });
    expect(errorOf(await send({ book: books.open, trigger: triggers.download, name: 'Ann', email: 'not-an-email' }))).toMatchObject({
      type: 'VALIDATION',
    });
    expect(errorOf(await send({ book: books.open, trigger: triggers.download, name: '', email: 'a@example.com' }))).toMatchObject({
      type: 'VALIDATION',
    });
    expect(errorOf(await send({ book: books.closed, trigger: triggers.download, name: 'Ann', email: 'a@example.com' }))).toMatchObject({
      code: 701,
    });
    okBody(await send({ book: books.open, trigger: triggers.download, name: '=HYPERLINK("http://evil")', email: 'Ann@Example.com' }));
    okBody(await send({ book: books.open, trigger: triggers.open, name: 'Bob, "the" reader', email: 'bob@example.com' }));

    const page = okBody(await as(owner).get('/account/integration/trigger/lead'));
    expect(page.total).toBe(2);
    expect(page.list[1]).toMatchObject({ email: 'ann@example.com', type: 2, book: { id: books.open, name: 'Open, "quoted" book' } });
    expect(okBody(await as(stranger).get('/account/integration/trigger/lead')).total).toBe(0);

    const csv = await as(owner).get('/account/integration/trigger/lead/export');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('created,name,email,publication,trigger,integration');
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT[^,]+,"Bob, ""the"" reader",bob@example.com,"Open, ""quoted"" book",open,Lead form$/);
    expect(lines[2]).toMatch(/,"'=HYPERLINK\(""http:\/\/evil""\)",ann@example.com,/);
    expect(errorOf(await call(ctx.app, '/account/integration/trigger/lead/export'))).toMatchObject({ type: 'SESSION' });
  });

  it('rate-limits leads per IP', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await call(
        ctx.app,
        '/public/book/trigger/lead',
        { book: books.open, trigger: triggers.open, name: 'Spam', email: 's@example.com' },
        { ip },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('POSTs a webhook lead signed with HMAC-SHA256 of the raw body', async () => {
    okBody(
      await call(ctx.app, '/public/book/trigger/lead', { book: books.open, trigger: triggers.print, name: 'Cy', email: 'cy@example.com' }),
    );
    await waitFor(async () => good.received.length === 1, 10_000, 'the webhook delivery');
    const got = good.received[0] as { headers: IncomingMessage['headers']; body: string };
    const expected = `sha256=${createHmac('sha256', webhookSecret).update(got.body).digest('hex')}`;
    expect(got.headers['x-quire-signature']).toBe(expected);
    expect(got.headers['content-type']).toBe('application/json');
    const payload = JSON.parse(got.body);
    expect(payload).toMatchObject({
      book: { id: books.open },
      trigger: { id: triggers.print, type: 3 },
      lead: { name: 'Cy', email: 'cy@example.com' },
    });
    expect(new Date(payload.created).getTime()).toBeGreaterThan(0);
    await waitFor(
      async () =>
        (await ctx.app.db.selectFrom('webhook_deliveries').select('state').where('state', '=', 'delivered').execute()).length === 1,
      5000,
      'delivered state',
    );
  });

  it('retries a failing webhook with an exponential backoff until it succeeds', async () => {
    const t = okBody(await as(owner).post('/account/book/trigger/create', { book: books.private, type: 2, config: integrations.flaky }));
    // Owner-only private book: the lead is sent through the owner's session here.
    okBody(
      await call(
        ctx.app,
        '/public/book/trigger/lead',
        { book: books.private, trigger: t.id, name: 'Di', email: 'di@example.com' },
        { token: owner },
      ),
    );
    const row = () =>
      ctx.app.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('integration_id', '=', integrations.flaky as string)
        .executeTakeFirstOrThrow();
    await waitFor(async () => (await row()).attempts === 1 && (await row()).state === 'queued', 10_000, 'the first failed attempt');
    const first = await row();
    expect(first.last_status).toBe(500);
    // First retry after ~30 s (±20%): nothing is sent before then.
    const delay = Number(first.run_at) - Number(first.updated_at);
    expect(delay).toBeGreaterThanOrEqual(24_000);
    expect(delay).toBeLessThanOrEqual(36_000);
    // Bring the retry forward (as if the time had passed); the second failure waits about twice as long.
    await ctx.app.db.updateTable('webhook_deliveries').set({ run_at: 0 }).where('id', '=', first.id).execute();
    await waitFor(async () => (await row()).attempts === 2 && (await row()).state === 'queued', 10_000, 'the second failed attempt');
    const second = await row();
    const delay2 = Number(second.run_at) - Number(second.updated_at);
    expect(delay2).toBeGreaterThanOrEqual(48_000);
    expect(delay2).toBeLessThanOrEqual(72_000);
    await ctx.app.db.updateTable('webhook_deliveries').set({ run_at: 0 }).where('id', '=', first.id).execute();
    await waitFor(async () => (await row()).state === 'delivered', 10_000, 'the delivery after retries');
    expect(flaky.received).toHaveLength(3);
    expect(new Set(flaky.received.map((r) => r.body)).size).toBe(1);
  });

  it('takes over a delivery whose process died mid-attempt (rows survive restarts)', async () => {
    const before = good.received.length;
    const lead = await ctx.app.db.selectFrom('leads').select('id').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    const now = Date.now();
    // As a crashed process leaves it: running, one attempt counted, its lease run out.
    await ctx.app.db
      .insertInto('webhook_deliveries')
      .values({
        id: 'crashed-delivery',
        integration_id: integrations.hook as string,
        lead_id: lead.id,
        body: JSON.stringify({ crashed: true }),
        state: 'running',
        attempts: 1,
        max_attempts: 8,
        run_at: now - 60_000,
        lease_until: now - 1,
        last_status: null,
        last_error: null,
        created_at: now - 60_000,
        updated_at: now - 60_000,
      })
      .execute();
    await waitFor(async () => good.received.length === before + 1, 10_000, 'the taken-over delivery');
    expect(good.received.at(-1)?.body).toBe('{"crashed":true}');
    const row = () =>
      ctx.app.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', 'crashed-delivery').executeTakeFirstOrThrow();
    // The receiver has the POST before the worker records its answer.
    await waitFor(async () => (await row()).state === 'delivered', 10_000, 'the delivery recorded');
    expect(await row()).toMatchObject({ state: 'delivered', attempts: 2 });
  });

  it('without QUIRE_WEBHOOK_PRIVATE, a loopback webhook is never called, by address in any spelling or by name', async () => {
    const before = good.received.length;
    const lead = await ctx.app.db.selectFrom('leads').select('id').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    const spell = (host: string) => good.url.replace('127.0.0.1', host);
    const hooks: Record<string, string> = {};
    // The IPv6 forms reach a listener on 127.0.0.1 on a dual-stack host (what an outside probe did).
    for (const [key, url] of [
      ['literal', good.url],
      ['name', spell('localhost')],
      ['mapped', spell('[::ffff:127.0.0.1]')],
      ['mapped-hex', spell('[::ffff:7f00:1]')],
      ['mapped-long', spell('[0:0:0:0:0:ffff:127.0.0.1]')],
      ['compatible', spell('[::127.0.0.1]')],
      ['decimal', spell('2130706433')],
      ['short', spell('127.1')],
    ] as const)
      hooks[key] = okBody(await as(owner).post('/account/integration/trigger/create', { kind: 'webhook', name: `Local ${key}`, url })).id;
    // Due in an hour: the app's own deliverer (QUIRE_WEBHOOK_PRIVATE=1 here) leaves them alone; this
    // guarded one lives an hour later.
    const later = Date.now() + 3_600_000;
    const guarded = new WebhookDeliverer({ db: ctx.app.db, allowPrivate: false, pollMs: 50, clock: () => Date.now() + 3_600_000 });
    for (const key of Object.keys(hooks))
      await enqueueDelivery(
        ctx.app.db,
        { integrationId: hooks[key] as string, leadId: lead.id, payload: { guarded: key } as never, maxAttempts: 1 },
        later,
      );
    const rows = () =>
      ctx.app.db
        .selectFrom('webhook_deliveries')
        .select(['integration_id', 'state', 'last_error'])
        .where('integration_id', 'in', Object.values(hooks))
        .execute();
    try {
      guarded.start();
      await waitFor(async () => (await rows()).every((r) => r.state === 'failed'), 10_000, 'every delivery refused');
    } finally {
      await guarded.stop();
    }
    expect(await rows()).toHaveLength(Object.keys(hooks).length);
    for (const r of await rows()) expect(r.last_error).toMatch(/not a public address/);
    expect(good.received.length).toBe(before);
    for (const id of Object.values(hooks)) okBody(await as(owner).post('/account/integration/trigger/delete', { id }));
  });

  it('deleting an integration removes its book triggers; leads stay', async () => {
    okBody(await as(owner).post('/account/book/trigger/delete', { id: triggers.open }));
    expect(errorOf(await as(owner).post('/account/book/trigger/delete', { id: triggers.open }))).toMatchObject({ code: 701 });
    okBody(await as(owner).post('/account/integration/trigger/delete', { id: integrations.hook }));
    const listed = okBody(await as(owner).get(`/account/book/trigger?book=${books.open}`));
    expect(listed.map((t: { type: number }) => t.type)).toEqual([2]);
    expect(okBody(await as(owner).get('/account/integration/trigger/lead')).total).toBeGreaterThanOrEqual(3);
  });
});

describe('webhook URLs without QUIRE_WEBHOOK_PRIVATE', () => {
  const ctx = useAccountsApp('sqlite', { env: { QUIRE_CONVERT_CONCURRENCY: '0' } });

  it('refuses a private address literal when the webhook is saved, in any spelling; a public one is kept', async () => {
    const { token, content } = await signedIn(ctx, 'ssrf-owner');
    await setMode(ctx.app, content.account.id, 'PLATINUM');
    const create = (url: string) => call(ctx.app, '/account/integration/trigger/create', { kind: 'webhook', name: 'Hook', url }, { token });
    for (const host of [
      '127.0.0.1',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '[::127.0.0.1]',
      '[64:ff9b::a00:1]',
      '169.254.169.254',
      '[fd00::1]',
    ])
      expect(errorOf(await create(`http://${host}:8080/hook`)), host).toMatchObject({ http: 400, type: 'VALIDATION' });
    const hook = okBody(await create('https://93.184.216.34/hook'));
    expect(
      errorOf(await call(ctx.app, '/account/integration/trigger/update', { id: hook.id, url: 'http://[::1]/' }, { token })),
    ).toMatchObject({
      type: 'VALIDATION',
    });
    const list = okBody(await call(ctx.app, '/account/integration/trigger', undefined, { token }));
    expect(list.map((i: { url: string }) => i.url)).toEqual(['https://93.184.216.34/hook']);
  });
});

describe('webhook hosts', () => {
  // Every spelling an outside probe tried, and the special ranges around them (ipaddr.js ranges).
  const refused = [
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '0.1.2.3',
    '255.255.255.255',
    '224.0.0.1',
    '239.255.255.250',
    '192.0.2.1',
    '198.51.100.7',
    '203.0.113.9',
    '198.18.0.1',
    '240.0.0.1',
    '192.0.0.8',
    '::',
    '::1',
    '[::1]',
    '0:0:0:0:0:0:0:1',
    'fd00::1',
    'fc12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'fec0::1',
    'ff02::1',
    'ff05::1:3',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:127.0.0.1',
    '0000:0000:0000:0000:0000:ffff:7f00:0001',
    '::FFFF:127.0.0.1',
    '[::ffff:127.0.0.1]',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '::7f00:1',
    '::10.0.0.1',
    '::ffff:0:127.0.0.1',
    '64:ff9b::127.0.0.1',
    '64:ff9b::7f00:1',
    '64:ff9b::a00:1',
    '64:ff9b:1::1.2.3.4',
    '2002:7f00:1::',
    '2002:a00:1::1',
    '2002:c0a8:101::1',
    '2001:db8::1',
    '2001::1',
    '2001:2::1',
    '100::1',
    '::2',
    '3fff::1',
    '5f00::1',
    'localhost',
    '127.1',
    '2130706433',
    '',
    'not an address',
  ];
  const accepted = [
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '2a00:1450:4001:82b::200e',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
  ];

  it.each(refused)('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));
  it.each(accepted)('accepts %s', (address) => expect(isPublicAddress(address)).toBe(true));

  it('refuses an address literal in a URL before connecting, in every spelling', async () => {
    const local = await receiver(() => 200);
    try {
      const { port } = new URL(local.url);
      for (const host of [
        '127.0.0.1',
        '[::ffff:127.0.0.1]',
        '[::ffff:7f00:1]',
        '[0:0:0:0:0:ffff:127.0.0.1]',
        '[::127.0.0.1]',
        '0x7f.1',
        '017700000001',
      ])
        await expect(
          postWebhook(`http://${host}:${port}/hook`, {}, '{}', { timeoutMs: 2_000, lookup: publicOnlyLookup() }),
          host,
        ).rejects.toThrow(/not a public address/);
      expect(local.received).toHaveLength(0);
      // Unguarded, the mapped spelling reaches the loopback listener: what the guard above stops.
      expect(await postWebhook(`http://[::ffff:127.0.0.1]:${port}/hook`, {}, '{}', { timeoutMs: 2_000 })).toBe(200);
      expect(local.received).toHaveLength(1);
    } finally {
      await local.close();
    }
  });

  it('connects only to the public addresses it checked (no second lookup to rebind)', async () => {
    type Answer = { address: string; family: number }[];
    const lookupOf = (answers: Answer[]) => {
      let calls = 0;
      const lookup = publicOnlyLookup((_host, callback) => callback(null, answers[Math.min(calls++, answers.length - 1)] ?? []));
      return { lookup, calls: () => calls };
    };
    const ask = (lookup: ReturnType<typeof publicOnlyLookup>, all = false) =>
      new Promise<{ err: Error | null; address: unknown }>((resolve) =>
        (lookup as unknown as (h: string, o: object, cb: (e: Error | null, a: unknown) => void) => void)(
          'hooks.example',
          { all },
          (err, address) => resolve({ err, address }),
        ),
      );
    const publicOne = lookupOf([[{ address: '93.184.216.34', family: 4 }]]);
    expect(await ask(publicOne.lookup)).toEqual({ err: null, address: '93.184.216.34' });
    expect((await ask(publicOne.lookup, true)).address).toEqual([{ address: '93.184.216.34', family: 4 }]);
    // One private address among several is enough to refuse (DNS answers can mix).
    const mixed = lookupOf([
      [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ],
    ]);
    expect((await ask(mixed.lookup)).err?.message).toMatch(/not a public address/);
    const mappedAnswer = lookupOf([[{ address: '::ffff:127.0.0.1', family: 6 }]]);
    expect((await ask(mappedAnswer.lookup)).err?.message).toMatch(/not a public address/);

    // A real POST through a name that answers public once, then loopback: the socket's own lookup is
    // the check, so the loopback answer is refused and the local server never sees a request.
    const local = await receiver(() => 200);
    try {
      const { port } = new URL(local.url);
      const rebinding = lookupOf([[{ address: '127.0.0.1', family: 4 }]]);
      await expect(
        postWebhook(`http://rebind.example:${port}/hook`, {}, '{}', { timeoutMs: 2_000, lookup: rebinding.lookup }),
      ).rejects.toThrow(/not a public address/);
      expect(rebinding.calls()).toBe(1);
      expect(local.received).toHaveLength(0);
      // Without the guard (QUIRE_WEBHOOK_PRIVATE=1) the same call reaches it.
      expect(await postWebhook(`http://127.0.0.1:${port}/hook`, {}, '{}', { timeoutMs: 2_000 })).toBe(200);
      expect(local.received).toHaveLength(1);
    } finally {
      await local.close();
    }
  });
});

describe('csvField', () => {
  it('quotes, doubles quotes and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    for (const f of ['=1+1', '+1', '-1', '@SUM(A1)']) expect(csvField(f)).toBe(`'${f}`);
    expect(csvField('=a,b')).toBe(`"'=a,b"`);
  });
});
