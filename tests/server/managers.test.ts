import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/contracts/errors';
import { ACCOUNT_ID_HEADER, ASSOCIATION_STEP, INVITATION_FRAGMENT } from '../../src/contracts/managers';
import { needsSession, type RuledRoute } from '../../src/server/auth/rules';
import { headerScope } from '../../src/server/auth/session';
import { linkChild } from '../../src/server/managers/repo';
import { call, nextIp, signedIn, useAccountsApp, useSmtpServer } from './accounts-support';
import { makePdf } from './fixtures/pdf';
import { BOOKKEEPING_TABLES, DIALECTS } from './helpers';
import { multipartBody, waitFor } from './publish-support';

/**
 * Managers and association accounts (issue 20): the account id header on every route the app registers
 * (`app.routeRules`, like tests/server/authz-matrix.test.ts), by role — honoured only for a manager
 * (platinum, management type manager) naming one of its own children, refused (MANAGER 1101) for a
 * manager naming a stranger, a child naming its manager, a free account naming anyone — and the audit
 * log of what a manager did on a child's behalf, which the manager and the child's owner read.
 */

interface Caller {
  token: string;
  accountId: string;
}

const REFUSED = ERRORS.managerHeaderRefused;

/** MANAGER refusals: an API call's envelope error, a page's or file's plain 403. */
function refusalOf(res: LightMyRequestResponse): string | undefined {
  if (String(res.headers['content-type'] ?? '').includes('json')) {
    const body = res.json() as { status?: string; content?: { type?: string; code?: number } };
    if (body?.status === 'error' && body.content?.type === 'MANAGER') return `MANAGER ${body.content.code}`;
    return undefined;
  }
  return res.statusCode === REFUSED.http && res.body.length < 100 ? `plain ${res.statusCode}` : undefined;
}

describe.each(DIALECTS)('managers and association accounts on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, { env: { QUIRE_CONVERT_CONCURRENCY: '0' } });
  const manager = {} as Caller;
  const child = {} as Caller;
  const stranger = {} as Caller;
  const free = {} as Caller;
  const other = {} as Caller;
  let routes: RuledRoute[] = [];
  let tables: string[] = [];

  const signIn = async (caller: Caller, name: string) => {
    const { token, content } = await signedIn(ctx, name);
    caller.token = token;
    caller.accountId = content.account.id as string;
  };

  /** Sends a route's request (its path parameters filled with an unknown id, no body) with these headers. */
  const send = (route: RuledRoute, headers: Record<string, string>) => {
    const url = route.url.replace(/:(\w+)/g, (_, name: string) =>
      name === 'file' ? 'x.webp' : name === 'width' ? '1240' : '0a1b2c3d4e5f60718293',
    );
    const query = url.startsWith('/api/') && !url.startsWith('/api/v1/') ? '?v=2' : '';
    return ctx.app.inject({ method: route.method as 'GET', url: `${url}${query}`, headers, remoteAddress: nextIp() });
  };
  const as = (caller: Caller, account: string) => ({ authorization: `Bearer ${caller.token}`, [ACCOUNT_ID_HEADER]: account });

  async function snapshot(): Promise<string> {
    const parts: string[] = [];
    for (const table of tables) {
      const rows = await ctx.app.db
        .selectFrom(table as 'books')
        .selectAll()
        .execute();
      parts.push(
        `${table}: ${rows
          .map((r) => JSON.stringify(r))
          .sort()
          .join('\n')}`,
      );
    }
    return parts.join('\n');
  }

  beforeAll(async () => {
    await ctx.app.ready();
    await signIn(manager, 'manager');
    await signIn(child, 'child');
    await signIn(stranger, 'stranger');
    await signIn(free, 'free');
    await signIn(other, 'other-manager');
    for (const m of [manager, other])
      await ctx.app.db
        .updateTable('accounts')
        .set({ mode: 'PLATINUM', type: 'PLATINUM', management_type: 'manager' })
        .where('id', '=', m.accountId)
        .execute();
    await linkChild(ctx.app.db, { managerId: manager.accountId, childId: child.accountId, origin: 'created' }, Date.now());
    // The stranger is another manager's child: not this manager's.
    await linkChild(ctx.app.db, { managerId: other.accountId, childId: stranger.accountId, origin: 'invited' }, Date.now());
    routes = ctx.app.routeRules.filter((r) => r.method !== 'HEAD');
    tables = (await ctx.app.db.introspection.getTables())
      .map((t) => t.name)
      .filter((name) => !name.startsWith('kysely_') && !BOOKKEEPING_TABLES.includes(name))
      .sort();
  });

  it('refuses the header on every route to anyone but a manager naming its own child, and changes nothing', async () => {
    const failures: string[] = [];
    const cases: [string, Record<string, string>][] = [
      ['a manager naming a stranger', as(manager, stranger.accountId)],
      ['a manager naming an unknown account', as(manager, '0a1b2c3d4e5f60718293')],
      ['a manager naming itself', as(manager, manager.accountId)],
      ['a child naming its manager', as(child, manager.accountId)],
      ['a free account naming a child', as(free, child.accountId)],
      ['a header that is no id', as(manager, `${child.accountId},${child.accountId}`)],
      ['an anonymous caller', { [ACCOUNT_ID_HEADER]: child.accountId }],
    ];
    const before = await snapshot();
    for (const [who, headers] of cases) {
      for (const route of routes) {
        const res = await send(route, headers);
        const got = refusalOf(res);
        // An anonymous call of a signed-in route meets the missing session first (nothing to act for).
        if (!headers.authorization && route.rule && needsSession(route.rule)) {
          if (res.statusCode !== 401) failures.push(`${route.method} ${route.url}: ${who}: ${res.statusCode}, not 401`);
          continue;
        }
        const api = route.url.startsWith('/api');
        const expected = api ? `MANAGER ${REFUSED.code}` : `plain ${REFUSED.http}`;
        if (got !== expected) failures.push(`${route.method} ${route.url}: ${who}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    if ((await snapshot()) !== before) failures.push('a refused call changed the database');
    expect(failures).toEqual([]);
  }, 240_000);

  it('honours the header for a manager naming its own child on every route (but its user-only pages and privacy)', async () => {
    const failures: string[] = [];
    // Its own sign-out last: it ends the session the other calls use.
    const ordered = [...routes].sort(
      (a, b) =>
        Number(a.url === '/api/profile/session' && a.method === 'DELETE') -
        Number(b.url === '/api/profile/session' && b.method === 'DELETE'),
    );
    for (const route of ordered) {
      const res = await send(route, as(manager, child.accountId));
      const got = refusalOf(res);
      const expected =
        route.rule?.access === 'apiKey'
          ? `MANAGER ${REFUSED.code}`
          : headerScope(route.url) === 'refused'
            ? `MANAGER ${ERRORS.managerNotOnBehalf.code}`
            : // The account centre is a manager's, and the child it acts for is none (managers-center.test.ts).
              route.gate === 'account_center'
              ? `MANAGER ${ERRORS.notAManager.code}`
              : undefined;
      if (got !== expected)
        failures.push(`${route.method} ${route.url}: ${res.statusCode} ${got}, not ${expected}: ${res.body.slice(0, 160)}`);
      // The manager's own pages are not for an association session (SPEC §6 `user` gate).
      if (route.gate === 'manager' && !res.body.includes(`"code":${ERRORS.featureLocked.code}`))
        failures.push(`${route.method} ${route.url}: a manager page answered inside an association session`);
    }
    expect(failures).toEqual([]);
    await signIn(manager, 'manager-again');
    await ctx.app.db
      .updateTable('accounts')
      .set({ mode: 'PLATINUM', type: 'PLATINUM', management_type: 'manager' })
      .where('id', '=', manager.accountId)
      .execute();
    await linkChild(ctx.app.db, { managerId: manager.accountId, childId: child.accountId, origin: 'created' }, Date.now());
  }, 240_000);

  it("publishes into the child's account, writes it to the audit log both sides read, and nothing for reads or refusals", async () => {
    // The manager (signed in again by the previous test, its new account linked to the same child).
    await ctx.app.db.deleteFrom('manager_links').where('child_account_id', '=', child.accountId).execute();
    await linkChild(ctx.app.db, { managerId: manager.accountId, childId: child.accountId, origin: 'created' }, Date.now());
    await ctx.app.db.deleteFrom('manager_audit').execute();
    const body = multipartBody({ name: 'On behalf' }, { name: 'behalf.pdf', data: makePdf({ pages: 1, lines: 1 }) });
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/pinwheel/document/create?v=2',
      headers: { ...as(manager, child.accountId), 'content-type': body.contentType },
      payload: body.payload,
      remoteAddress: nextIp(),
    });
    expect(uploaded.json().status, uploaded.body).toBe('ok');
    const books = await ctx.app.db.selectFrom('books').select(['account_id', 'name']).where('name', '=', 'On behalf').execute();
    expect(books).toEqual([{ account_id: child.accountId, name: 'On behalf' }]);
    // The child's list shows it, to the manager in the association and to the child's owner.
    const listed = await call(ctx.app, '/account/book', undefined, { headers: as(manager, child.accountId) });
    expect(JSON.stringify(listed.json().content.list)).toContain('On behalf');
    const own = await call(ctx.app, '/account/book', undefined, { token: manager.token });
    expect(JSON.stringify(own.json().content.list)).not.toContain('On behalf');
    // A refused call and the reads above wrote nothing.
    await call(ctx.app, '/account/subscription/update', { name: 'Nope' }, { headers: as(manager, stranger.accountId) });
    const childLog = await call(ctx.app, '/account/audit', undefined, { token: child.token });
    expect(childLog.json().content.total).toBe(1);
    const [entry] = childLog.json().content.list;
    expect(entry).toMatchObject({
      manager: { id: manager.accountId },
      child: { id: child.accountId },
      method: 'POST',
      route: '/api/pinwheel/document/create',
      status: 200,
    });
    expect(Math.abs(entry.date - Date.now())).toBeLessThan(60_000);
    const managerLog = await call(ctx.app, '/account/manager/audit', undefined, { token: manager.token });
    expect(managerLog.json().content.list.map((e: { id: string }) => e.id)).toEqual([entry.id]);
    // Nobody else reads it: the stranger's own log is empty, another manager's too.
    expect((await call(ctx.app, '/account/audit', undefined, { token: stranger.token })).json().content.total).toBe(0);
    expect((await call(ctx.app, '/account/manager/audit', undefined, { token: other.token })).json().content.total).toBe(0);
  });

  it('lists a manager its children (page size 200), and refuses it to any other account', async () => {
    const res = await call(ctx.app, `/account/manager/association?step=${ASSOCIATION_STEP}`, undefined, { token: manager.token });
    expect(res.json().status, res.body).toBe('ok');
    const content = res.json().content;
    expect(content.step.current).toBe(ASSOCIATION_STEP);
    expect(content.total).toBe(1);
    expect(content.list[0]).toMatchObject({ child: { id: child.accountId, type: { mode: 'FREE' } }, publications: 1, origin: 'created' });
    expect(content.list[0].last_activity).toBeGreaterThan(0);
    const tooMany = await call(ctx.app, `/account/manager/association?step=${ASSOCIATION_STEP + 1}`, undefined, { token: manager.token });
    expect(tooMany.json().content.type).toBe('VALIDATION');
    // A platinum account without management type manager: no manager.
    await ctx.app.db.updateTable('accounts').set({ mode: 'PLATINUM', type: 'PLATINUM' }).where('id', '=', free.accountId).execute();
    const notManager = await call(ctx.app, '/account/manager/association', undefined, { token: free.token });
    expect(notManager.json().content).toMatchObject({ type: 'MANAGER', code: ERRORS.notAManager.code });
    // A manager acting for a child is not on its own manager page (SPEC §6 user-only).
    const inside = await call(ctx.app, '/account/manager/association', undefined, { headers: as(manager, child.accountId) });
    expect(inside.json().content.code).toBe(ERRORS.featureLocked.code);
  });

  it('a detached child is no longer the manager’s to act for', async () => {
    await ctx.app.db.deleteFrom('manager_links').where('child_account_id', '=', child.accountId).execute();
    const res = await call(ctx.app, '/account/book', undefined, { headers: as(manager, child.accountId) });
    expect(res.json().content).toMatchObject({ type: 'MANAGER', code: REFUSED.code });
    // The log stays readable by the child's owner.
    expect((await call(ctx.app, '/account/audit', undefined, { token: child.token })).json().content.total).toBe(1);
  });
});

describe.each(DIALECTS)('managing child accounts on %s', (dialect) => {
  const smtp = useSmtpServer();
  const ctx = useAccountsApp(dialect, { smtp });
  const manager = {} as Caller & { email: string };
  const invited = {} as Caller & { email: string };
  const other = {} as Caller & { email: string };

  const signIn = async (caller: Caller & { email: string }, name: string) => {
    const { token, content, email } = await signedIn(ctx, name);
    caller.token = token;
    caller.accountId = content.account.id as string;
    caller.email = email;
  };
  const mailTo = async (to: string, count: number) => {
    await waitFor(async () => smtp.received.filter((r) => r.rcpt.includes(to)).length >= count, 10_000, `mail ${count} to ${to}`);
    return smtp.latest(to);
  };
  const invitationToken = (text: string) => {
    const token = new RegExp(`/account/manager#${INVITATION_FRAGMENT}-([\\w-]+)`).exec(text)?.[1];
    if (!token) throw new Error(`no invitation link in: ${text}`);
    return token;
  };
  const children = async (caller: Caller) =>
    (await call(ctx.app, '/account/manager/association?step=200', undefined, { token: caller.token })).json().content;

  beforeAll(async () => {
    await ctx.app.ready();
    await signIn(manager, 'boss');
    await signIn(invited, 'invited');
    await signIn(other, 'other');
    await ctx.app.db
      .updateTable('accounts')
      .set({ mode: 'PLATINUM', type: 'PLATINUM', management_type: 'manager', name: 'Boss Media' })
      .where('id', '=', manager.accountId)
      .execute();
  });

  it('invites an existing account by mail; its owner reads and accepts the invitation, then it is listed', async () => {
    const sent = await call(
      ctx.app,
      '/account/manager/invitation/create',
      { email: invited.email.toUpperCase() },
      { token: manager.token },
    );
    expect(sent.json()).toMatchObject({ status: 'ok', content: { email: invited.email } });
    const mail = await mailTo(invited.email, 1);
    expect(mail.subject).toContain('Boss Media');
    const token = invitationToken(mail.text);
    // Another account cannot read or use the link (like an unknown one).
    const foreign = await call(ctx.app, `/account/manager/invitation/get?token=${token}`, undefined, { token: other.token });
    expect(foreign.json().content).toMatchObject({ type: 'MANAGER', code: ERRORS.invitationInvalid.code });
    expect((await call(ctx.app, '/account/manager/invitation/accept', { token }, { token: other.token })).json().content.code).toBe(
      ERRORS.invitationInvalid.code,
    );
    const view = await call(ctx.app, `/account/manager/invitation/get?token=${token}`, undefined, { token: invited.token });
    expect(view.json().content).toMatchObject({ manager: { name: 'Boss Media' }, email: invited.email });
    const accepted = await call(ctx.app, '/account/manager/invitation/accept', { token }, { token: invited.token });
    expect(accepted.json()).toMatchObject({ status: 'ok', content: { manager: { name: 'Boss Media' } } });
    // Used once.
    expect((await call(ctx.app, '/account/manager/invitation/accept', { token }, { token: invited.token })).json().content.code).toBe(
      ERRORS.invitationInvalid.code,
    );
    const list = await children(manager);
    expect(list.list.map((c: { child: { id: string }; origin: string }) => [c.child.id, c.origin])).toEqual([
      [invited.accountId, 'invited'],
    ]);
    // The manager now acts for it.
    const res = await call(ctx.app, '/account/book', undefined, {
      headers: { authorization: `Bearer ${manager.token}`, [ACCOUNT_ID_HEADER]: invited.accountId },
    });
    expect(res.json().status).toBe('ok');
  });

  it('creates a child account for a new address: its owner gets a link to choose a password; a known address is invited instead', async () => {
    const email = `new-child-${Date.now()}@example.com`;
    const res = await call(ctx.app, '/account/manager/child/create', { name: 'Local Choir', email }, { token: manager.token });
    expect(res.json()).toMatchObject({ status: 'ok', content: { email } });
    const mail = await mailTo(email, 1);
    expect(mail.text).toContain('Local Choir');
    const hash = /\/reset#hash-([\w-]+)/.exec(mail.text)?.[1];
    expect(hash).toBeTruthy();
    const reset = await call(ctx.app, '/profile/password/', { password: 'a brand new secret', hash });
    expect(reset.json().status, reset.body).toBe('ok');
    const list = await children(manager);
    const created = list.list.find((c: { name: string }) => c.name === 'Local Choir');
    expect(created).toMatchObject({ origin: 'created', publications: 0, child: { type: { mode: 'FREE' } } });
    // The other account's address exists: no account is created, an invitation goes there (the answer is the same).
    const before = (await children(manager)).total;
    const known = await call(ctx.app, '/account/manager/child/create', { name: 'Taken', email: other.email }, { token: manager.token });
    expect(known.json()).toMatchObject({ status: 'ok', content: { email: other.email } });
    expect(invitationToken((await mailTo(other.email, 1)).text)).toBeTruthy();
    expect((await children(manager)).total).toBe(before);
    // Bad input changes nothing and says why.
    const bad = await call(ctx.app, '/account/manager/child/create', { name: '', email: 'nope' }, { token: manager.token });
    expect(bad.json().content).toMatchObject({ type: 'VALIDATION' });
  });

  it('refuses the managing calls to an account that is no manager, and an invitation to a managed or manager account', async () => {
    const notManager = await call(ctx.app, '/account/manager/invitation/create', { email: other.email }, { token: other.token });
    expect(notManager.json().content).toMatchObject({ type: 'MANAGER', code: ERRORS.notAManager.code });
    const create = await call(ctx.app, '/account/manager/child/create', { name: 'X', email: 'x@example.com' }, { token: invited.token });
    expect(create.json().content.code).toBe(ERRORS.notAManager.code);
    // The invited account already has a manager: no mail is sent.
    const count = smtp.received.filter((r) => r.rcpt.includes(invited.email)).length;
    await call(ctx.app, '/account/manager/invitation/create', { email: invited.email }, { token: manager.token });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.filter((r) => r.rcpt.includes(invited.email)).length).toBe(count);
  });

  it('detaches a child: it is no longer listed nor acted for; another id is answered like an unknown one', async () => {
    const unknown = await call(ctx.app, '/account/manager/child/detach', { id: other.accountId }, { token: manager.token });
    expect(unknown.json().content).toMatchObject({ type: 'MANAGER', code: ERRORS.childNotFound.code });
    const res = await call(ctx.app, '/account/manager/child/detach', { id: invited.accountId }, { token: manager.token });
    expect(res.json().status).toBe('ok');
    expect(res.json().content.list.map((c: { child: { id: string } }) => c.child.id)).not.toContain(invited.accountId);
    const acting = await call(ctx.app, '/account/book', undefined, {
      headers: { authorization: `Bearer ${manager.token}`, [ACCOUNT_ID_HEADER]: invited.accountId },
    });
    expect(acting.json().content.code).toBe(REFUSED.code);
    // The account itself stays, and may be invited again.
    expect(await ctx.app.db.selectFrom('accounts').select('id').where('id', '=', invited.accountId).executeTakeFirst()).toBeTruthy();
  });
});
