import { rm } from 'node:fs/promises';
import type { FastifyInstance, FastifyPluginAsync, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountMode } from '../../src/contracts/accounts';
import { ACCOUNT_MENU, type Access, ANONYMOUS, access, pageOfApiPath, type Viewer, viewerOf } from '../../src/contracts/gating';
import { ACCOUNT_PAGES } from '../../src/contracts/pages';
import { buildApp } from '../../src/server/app';
import { gated, type RuledRoute, SIGNED_IN } from '../../src/server/auth/rules';
import { accountEntries, pageAccess } from '../../src/web/session/menu';
import { nextIp, signedIn, useAccountsApp } from './accounts-support';
import { DIALECTS, testConfig } from './helpers';

/**
 * Issue 16: one table of gating rules (src/contracts/gating.ts) for the avatar menu, the account
 * navigation, the account routes and the server. Every account route, as anonymous, free, premium,
 * platinum and a manager (platinum, management type manager): what the menu and navigation show for
 * the page (`accountEntries`, the one list both render), what a visit shows (`pageAccess`) and how the
 * server answers each of the page's API routes (refused with featureLocked exactly when the page is not
 * enabled) agree. The routes come from the app's own table (`app.routeRules`), and which page each
 * belongs to from the gating table's `api` paths, so a new route of a gated page is covered at once.
 */

type Tier = 'anonymous' | 'free' | 'premium' | 'platinum' | 'manager';
const TIERS: Tier[] = ['anonymous', 'free', 'premium', 'platinum', 'manager'];
const MODE: Record<Exclude<Tier, 'anonymous'>, AccountMode> = {
  free: 'FREE',
  premium: 'PREMIUM',
  platinum: 'PLATINUM',
  manager: 'PLATINUM',
};

const envelope = (res: LightMyRequestResponse): { status?: string; content?: { type?: string; code?: number } } | undefined =>
  String(res.headers['content-type'] ?? '').includes('json') ? res.json() : undefined;
/** `ok`, `TYPE:code` of an error, or `file` for an answer that is no envelope (the CSV export). */
const outcome = (res: LightMyRequestResponse) => {
  const body = envelope(res);
  if (!body) return res.statusCode < 400 ? 'file' : `HTTP ${res.statusCode}`;
  return body.status === 'ok' ? 'ok' : `${body.content?.type}:${body.content?.code}`;
};

describe.each(DIALECTS)('gating: every account route × every role on %s', (dialect) => {
  const ctx = useAccountsApp(dialect);
  const tokens = new Map<Tier, string>();
  const viewers = new Map<Tier, Viewer>();
  let routes: RuledRoute[] = [];

  beforeAll(async () => {
    viewers.set('anonymous', ANONYMOUS);
    for (const tier of TIERS) {
      if (tier === 'anonymous') continue;
      const { token, content } = await signedIn(ctx, `gating-${tier}`);
      const mode = MODE[tier];
      // As `quire account set --mode` does; a manager is a platinum account with management type manager (SPEC §6).
      await ctx.app.db
        .updateTable('accounts')
        .set({ mode, type: mode, management_type: tier === 'manager' ? 'manager' : null })
        .where('id', '=', content.account.id)
        .execute();
      tokens.set(tier, token);
      // The viewer as the client reads it: from the session check's answer (the user it stores).
      const session = await ctx.app.inject({
        method: 'GET',
        url: '/api/profile/session?v=2',
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: nextIp(),
      });
      const user = session.json().content;
      expect(user.account.mode).toBe(mode);
      if (tier === 'manager') expect(user.account.management.type).toBe('manager');
      viewers.set(tier, viewerOf(user.account, user.profile));
    }
    await ctx.app.ready();
    // HEAD routes run their GET's handler.
    routes = ctx.app.routeRules.filter((r) => r.method !== 'HEAD');
  });

  it('every route under a gated page’s API paths names that page’s gate, and no other route names one', () => {
    const wrong = routes.flatMap((route) => {
      const page = route.url.startsWith('/api/') ? pageOfApiPath(route.url.slice(4))?.key : undefined;
      return page === route.gate ? [] : [`${route.method} ${route.url}: gate ${route.gate ?? 'none'}, the table says ${page ?? 'none'}`];
    });
    expect(wrong).toEqual([]);
    // The declarations name real routes, and every gated page this server serves declares its calls.
    for (const item of ACCOUNT_MENU)
      for (const pattern of item.api ?? [])
        expect(
          routes.some((r) => r.gate === item.key && pageOfApiPath(r.url.slice(4)) === item),
          `${item.key} ${pattern}`,
        ).toBe(true);
    const undeclared = ACCOUNT_MENU.filter((i) => i.gates.length > 0 && ACCOUNT_PAGES.includes(i.href.slice('/account/'.length)) && !i.api);
    expect(undeclared.map((i) => i.key)).toEqual([]);
    // The pages gated today (issue 16): comments, subscribers, integrations, the triggers (leads and a book's triggers).
    expect([...new Set(routes.flatMap((r) => (r.gate ? [r.gate] : [])))]).toEqual(
      expect.arrayContaining(['comment', 'integration', 'subscriber', 'trigger']),
    );
  });

  it('the server refuses a page’s calls exactly when the menu and the navigation do not enable the page', async () => {
    const gatedRoutes = routes.filter((r) => r.gate !== undefined);
    expect(gatedRoutes.length).toBeGreaterThanOrEqual(12);
    const failures: string[] = [];
    const seen = new Map<Tier, Record<string, Access>>();
    for (const tier of TIERS) {
      const viewer = viewers.get(tier) as Viewer;
      // What the avatar menu and the account navigation show (both render these entries).
      const shown = new Map(accountEntries(viewer, null, Date.now()).map((e) => [e.item.key, e.access]));
      const pages: Record<string, Access> = {};
      for (const item of ACCOUNT_MENU) {
        const ui: Access = shown.get(item.key) ?? 'removed';
        const served = item.href.startsWith('/account/') && ACCOUNT_PAGES.includes(item.href.slice('/account/'.length));
        if (served && tier !== 'anonymous') {
          // The menu/navigation entry and a direct visit agree with the table.
          if (ui !== access(item, viewer))
            failures.push(`${tier} ${item.key}: the menu shows ${ui}, the table says ${access(item, viewer)}`);
          if (pageAccess(item.href, viewer) !== ui)
            failures.push(`${tier} ${item.key}: a visit shows ${pageAccess(item.href, viewer)}, the menu ${ui}`);
        }
        pages[item.key] = access(item, viewer);
        for (const route of gatedRoutes.filter((r) => r.gate === item.key)) {
          const token = tokens.get(tier);
          const res = await ctx.app.inject({
            method: route.method as 'GET',
            url: `${route.url}?v=2`,
            headers: {
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }),
            },
            ...(route.method === 'GET' ? {} : { payload: '{}' }),
            remoteAddress: nextIp(),
          });
          const got = outcome(res);
          // A manager's page (issue 20, the `manager` gate) refuses any other account as the managers' routes do (notAManager).
          const refusal = item.gates.includes('manager') && !viewer.isManager ? 'MANAGER:1102' : 'ACCOUNT:402';
          const want = tier === 'anonymous' ? 'SESSION:301' : access(item, viewer) === 'enabled' ? 'passes' : refusal;
          const where = `${tier} ${route.method} ${route.url} (page ${item.key}, ${pages[item.key]})`;
          // (The managed accounts' routes answer notAManager themselves to a non-manager: their page is no `manager` gate's.)
          const gateRefused = got === 'ACCOUNT:402' || got === 'SESSION:301' || (got === 'MANAGER:1102' && item.gates.includes('manager'));
          if (want === 'passes' ? gateRefused : got !== want) failures.push(`${where}: got ${got}`);
          if (want === refusal && res.statusCode !== 403) failures.push(`${where}: HTTP ${res.statusCode}`);
        }
      }
      seen.set(tier, pages);
    }
    expect(failures).toEqual([]);
    // What the walk met (SPEC §6): free has Subscribers locked and Integrations/Triggers removed; premium
    // has Subscribers; platinum and a manager have everything.
    const at = (tier: Tier, key: string) => seen.get(tier)?.[key];
    expect([at('free', 'subscriber'), at('free', 'integration'), at('free', 'trigger'), at('free', 'comment')]).toEqual([
      'locked',
      'removed',
      'removed',
      'enabled',
    ]);
    expect([at('premium', 'subscriber'), at('premium', 'integration'), at('premium', 'trigger')]).toEqual([
      'enabled',
      'removed',
      'removed',
    ]);
    // The account centre (issue 20): a manager's only.
    expect([at('free', 'account_center'), at('platinum', 'account_center'), at('manager', 'account_center')]).toEqual([
      'removed',
      'removed',
      'enabled',
    ]);
    for (const tier of ['platinum', 'manager'] as const)
      expect(['subscriber', 'integration', 'trigger', 'comment'].map((k) => at(tier, k))).toEqual([
        'enabled',
        'enabled',
        'enabled',
        'enabled',
      ]);
  });

  it('a refused call changes nothing (a free account creating an integration)', async () => {
    const count = async () =>
      Number(
        (
          await ctx.app.db
            .selectFrom('integration_triggers')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/integration/trigger/create?v=2',
      headers: { authorization: `Bearer ${tokens.get('free')}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ kind: 'leadform', name: 'Not for free' }),
      remoteAddress: nextIp(),
    });
    expect(outcome(res)).toBe('ACCOUNT:402');
    expect(await count()).toBe(before);
    const allowed = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/integration/trigger/create?v=2',
      headers: { authorization: `Bearer ${tokens.get('platinum')}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ kind: 'leadform', name: 'For platinum' }),
      remoteAddress: nextIp(),
    });
    expect(outcome(allowed)).toBe('ok');
    expect(await count()).toBe(before + 1);
  });
});

describe('a route of a gated page that forgets its gate', () => {
  /** Builds an app with one extra API route and answers why it does not start (or undefined). */
  async function startWith(route: FastifyPluginAsync): Promise<string | undefined> {
    const config = await testConfig('sqlite');
    const app: FastifyInstance = await buildApp(config, { routes: [route] });
    try {
      await app.ready();
      return undefined;
    } catch (error) {
      return (error as Error).message;
    } finally {
      await app.close();
      await rm(config.dataDir, { recursive: true, force: true });
    }
  }

  it('stops the app from starting, naming the gate it needs', async () => {
    expect(
      await startWith(async (app) => {
        app.post('/account/comment/pin', { preHandler: app.requireSession, config: SIGNED_IN }, async () => ({}));
      }),
    ).toContain(
      `POST /api/account/comment/pin belongs to the account page "comment" (the gating table's api) but names no gate: spread gated('comment')`,
    );
    expect(
      await startWith(async (app) => {
        app.get(
          '/account/integration/trigger/lead/count',
          { preHandler: app.requireSession, config: { ...SIGNED_IN, ...gated('integration') } },
          async () => ({}),
        );
      }),
    ).toContain(
      'GET /api/account/integration/trigger/lead/count belongs to the account page "trigger" (the gating table\'s api) but names the gate "integration"',
    );
    expect(
      await startWith(async (app) => {
        app.get(
          '/account/elsewhere',
          { preHandler: app.requireSession, config: { ...SIGNED_IN, ...gated('subscriber') } },
          async () => ({}),
        );
      }),
    ).toContain('GET /api/account/elsewhere names the gate "subscriber" but is none of that page\'s API paths in the gating table');
    expect(
      await startWith(async (app) => {
        app.get(
          '/account/comment/pinned',
          { preHandler: app.requireSession, config: { ...SIGNED_IN, ...gated('comment') } },
          async () => ({}),
        );
      }),
    ).toBeUndefined();
  });
});
