import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/contracts/errors';
import { ACCOUNT_ID_HEADER, ASSOCIATION_STEP } from '../../src/contracts/managers';
import { linkChild, monthStart } from '../../src/server/managers/repo';
import { call, signedIn, useAccountsApp } from './accounts-support';
import { DIALECTS } from './helpers';
import { makeBook } from './reader-support';

/**
 * The account centre (issue 20; /account/account-center, `GET {api}/account/manager/center`): a manager's
 * children with their figures and the totals over all of them, summed by the database; refused to any
 * account that is no manager, and to a manager acting for a child (the header: the child is no manager).
 */

interface Caller {
  token: string;
  accountId: string;
  email: string;
}

describe.each(DIALECTS)('the account centre on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, { env: { QUIRE_CONVERT_CONCURRENCY: '0' } });
  const manager = {} as Caller;
  const lonely = {} as Caller;
  const choir = {} as Caller;
  const club = {} as Caller;
  const stranger = {} as Caller;
  const platinum = {} as Caller;

  const signIn = async (caller: Caller, name: string) => {
    const { token, content, email } = await signedIn(ctx, name);
    Object.assign(caller, { token, accountId: content.account.id as string, email });
  };
  const asManager = async (caller: Caller) =>
    ctx.app.db
      .updateTable('accounts')
      .set({ mode: 'PLATINUM', type: 'PLATINUM', management_type: 'manager' })
      .where('id', '=', caller.accountId)
      .execute();
  const center = (caller: Caller, query = '', headers: Record<string, string> = {}) =>
    call(ctx.app, `/account/manager/center${query}`, undefined, { token: caller.token, headers });
  /** Views and readers of a book on a day, as the statistics rollup writes them. */
  const stats = (book: string, account: string, day: string, views: number, readers: number) =>
    ctx.app.db.insertInto('stats_daily').values({ book_id: book, account_id: account, day, views, readers }).execute();

  beforeAll(async () => {
    await ctx.app.ready();
    for (const [caller, name] of [
      [manager, 'center-manager'],
      [lonely, 'center-lonely'],
      [choir, 'center-choir'],
      [club, 'center-club'],
      [stranger, 'center-stranger'],
      [platinum, 'center-platinum'],
    ] as const)
      await signIn(caller, name);
    await asManager(manager);
    await asManager(lonely);
    await ctx.app.db.updateTable('accounts').set({ mode: 'PLATINUM', type: 'PLATINUM' }).where('id', '=', platinum.accountId).execute();
    const now = Date.now();
    await linkChild(ctx.app.db, { managerId: manager.accountId, childId: choir.accountId, origin: 'created' }, now);
    await linkChild(ctx.app.db, { managerId: manager.accountId, childId: club.accountId, origin: 'invited' }, now + 1);
    // Published books: 2 for the choir (3 + 5 pages), 1 for the club (4 pages), 1 for the stranger (not counted).
    const today = new Date(ctx.app.clock()).toISOString().slice(0, 10);
    const month = monthStart(ctx.app.clock());
    const lastMonth = new Date(Date.parse(`${month}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const hymns = await makeBook(ctx.app, choir.accountId, { name: 'Hymns', pages: 3, columns: { source_size: 1_000 } });
    const carols = await makeBook(ctx.app, choir.accountId, { name: 'Carols', pages: 5, columns: { source_size: 2_500 } });
    const fixtures = await makeBook(ctx.app, club.accountId, { name: 'Fixtures', pages: 4, columns: { source_size: 700 } });
    const elsewhere = await makeBook(ctx.app, stranger.accountId, { name: 'Elsewhere', pages: 9, columns: { source_size: 9_999 } });
    await stats(hymns, choir.accountId, today, 10, 4);
    await stats(carols, choir.accountId, month, 5, 2);
    // Last month's figures and a stranger's are not this month's total.
    await stats(hymns, choir.accountId, lastMonth, 1_000, 1_000);
    await stats(fixtures, club.accountId, today, 30, 11);
    await stats(elsewhere, stranger.accountId, today, 500, 500);
  });

  it('lists a manager its children with their figures, and the totals over all of them', async () => {
    const res = await center(manager, `?step=${ASSOCIATION_STEP}`);
    expect(res.json().status, res.body).toBe('ok');
    expect(res.headers['cache-control']).toContain('no-store');
    const content = res.json().content;
    expect(content.step.current).toBe(ASSOCIATION_STEP);
    expect(content.total).toBe(2);
    expect(content.list.map((c: { child: { id: string } }) => c.child.id)).toEqual([choir.accountId, club.accountId]);
    expect(content.list[0]).toMatchObject({
      email: choir.email,
      origin: 'created',
      child: { type: { mode: 'FREE' } },
      publications: 2,
      pages: 8,
      storage_bytes: 3_500,
      views_month: 15,
      readers_month: 6,
    });
    expect(content.list[1]).toMatchObject({
      email: club.email,
      publications: 1,
      pages: 4,
      storage_bytes: 700,
      views_month: 30,
      readers_month: 11,
    });
    expect(content.list[0].last_activity).toBeGreaterThan(0);
    expect(content.totals).toEqual({
      accounts: 2,
      publications: 3,
      pages: 12,
      storage_bytes: 4_200,
      views_month: 45,
      readers_month: 17,
      last_activity: Math.max(content.list[0].last_activity, content.list[1].last_activity),
    });
    // The totals are all the children's, whatever the page: the second page lists one, the totals stay.
    const second = (await center(manager, '?step=1&start=1')).json().content;
    expect(second.list.map((c: { child: { id: string } }) => c.child.id)).toEqual([club.accountId]);
    expect(second.totals).toEqual(content.totals);
    // SPEC §9: at most 200 a page.
    const tooMany = await center(manager, `?step=${ASSOCIATION_STEP + 1}`);
    expect(tooMany.json().content.type).toBe('VALIDATION');
  });

  it('answers a manager without children an empty list and zero totals', async () => {
    const res = await center(lonely);
    expect(res.json().status, res.body).toBe('ok');
    expect(res.json().content).toMatchObject({
      list: [],
      total: 0,
      totals: { accounts: 0, publications: 0, pages: 0, storage_bytes: 0, views_month: 0, readers_month: 0, last_activity: null },
    });
  });

  it('refuses every account that is no manager, a manager acting for its child, and a stranger with the header', async () => {
    const notAManager = { type: 'MANAGER', code: ERRORS.notAManager.code };
    // A platinum account without management type manager, a child account, a free account.
    for (const caller of [platinum, choir, stranger]) {
      const res = await center(caller);
      expect(res.json().content, res.body).toMatchObject(notAManager);
      expect(res.statusCode).toBe(ERRORS.notAManager.http);
    }
    // Inside an association session the call acts for the child, which is no manager.
    const inside = await center(manager, '', { [ACCOUNT_ID_HEADER]: choir.accountId });
    expect(inside.json().content).toMatchObject(notAManager);
    // A header naming a stranger, or sent by an account that is no manager: refused like everywhere.
    const refused = { type: 'MANAGER', code: ERRORS.managerHeaderRefused.code };
    expect((await center(manager, '', { [ACCOUNT_ID_HEADER]: stranger.accountId })).json().content).toMatchObject(refused);
    expect((await center(choir, '', { [ACCOUNT_ID_HEADER]: manager.accountId })).json().content).toMatchObject(refused);
    expect((await center(stranger, '', { [ACCOUNT_ID_HEADER]: choir.accountId })).json().content).toMatchObject(refused);
    // Anonymous: sign in first.
    const anonymous = await call(ctx.app, '/account/manager/center');
    expect(anonymous.json().content.code).toBe(ERRORS.sessionMissing.code);
  });

  it('forgets a detached child in the list and in the totals', async () => {
    const detached = await call(ctx.app, '/account/manager/child/detach', { id: club.accountId }, { token: manager.token });
    expect(detached.json().status, detached.body).toBe('ok');
    const content = (await center(manager)).json().content;
    expect(content.list.map((c: { child: { id: string } }) => c.child.id)).toEqual([choir.accountId]);
    expect(content.totals).toMatchObject({
      accounts: 1,
      publications: 2,
      pages: 8,
      storage_bytes: 3_500,
      views_month: 15,
      readers_month: 6,
    });
  });
});
