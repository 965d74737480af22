import type { Kysely } from 'kysely';
import {
  ASSOCIATION_TYPE,
  type AssociationChild,
  type AuditEntry,
  type CenterChild,
  type CenterTotals,
  isManagerAccount,
} from '../../contracts/managers';
import { newId, newToken, sha256 } from '../auth/crypto';
import type { Config } from '../config';
import type { AccountRow, Database } from '../db/schema';
import { avatarImages } from '../profile/views';

/** Managers and their child accounts (issue 20; migration 0027). Every function takes `db`/`trx` first. */

/** Whether the account may act as a manager (SPEC §6: platinum with management type manager). */
export const isManager = (account: Pick<AccountRow, 'mode' | 'management_type'>): boolean => isManagerAccount(account);

/** The child account `childId` of this manager, or undefined when it is none of its children. */
export async function childOf(db: Kysely<Database>, managerId: string, childId: string): Promise<AccountRow | undefined> {
  return db
    .selectFrom('manager_links')
    .innerJoin('accounts', 'accounts.id', 'manager_links.child_account_id')
    .selectAll('accounts')
    .where('manager_links.manager_account_id', '=', managerId)
    .where('manager_links.child_account_id', '=', childId)
    .executeTakeFirst();
}

/** The manager of an account, if it has one. */
export async function managerOf(db: Kysely<Database>, childId: string): Promise<string | undefined> {
  const row = await db.selectFrom('manager_links').select('manager_account_id').where('child_account_id', '=', childId).executeTakeFirst();
  return row?.manager_account_id;
}

/** Links a child to a manager (a child has one manager: false when it already has one). */
export async function linkChild(
  db: Kysely<Database>,
  link: { managerId: string; childId: string; origin: 'created' | 'invited' },
  now: number,
): Promise<boolean> {
  const existing = await db
    .selectFrom('manager_links')
    .select('child_account_id')
    .where('child_account_id', '=', link.childId)
    .executeTakeFirst();
  if (existing) return false;
  await db
    .insertInto('manager_links')
    .values({ child_account_id: link.childId, manager_account_id: link.managerId, origin: link.origin, created_at: now })
    .execute();
  // SPEC §3 Account management.type: a managed account says so (its banner opens /account/manager); the
  // newer ats makes its open sessions read the change.
  await db
    .updateTable('accounts')
    .set({ management_type: ASSOCIATION_TYPE, ats: now })
    .where('id', '=', link.childId)
    .where('management_type', 'is', null)
    .execute();
  return true;
}

/** Removes a child from its manager (its account, publications and audit log stay): false when it was not its child. */
export async function unlinkChild(db: Kysely<Database>, managerId: string, childId: string, now: number): Promise<boolean> {
  const result = await db
    .deleteFrom('manager_links')
    .where('manager_account_id', '=', managerId)
    .where('child_account_id', '=', childId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return false;
  await db
    .updateTable('accounts')
    .set({ management_type: null, ats: now })
    .where('id', '=', childId)
    .where('management_type', '=', ASSOCIATION_TYPE)
    .execute();
  return true;
}

/** The first day (`YYYY-MM-DD`) of the calendar month of `now` (UTC). */
export const monthStart = (now: number): string => `${new Date(now).toISOString().slice(0, 7)}-01`;

/** A manager's children, oldest link first, with what /account/manager shows. */
export async function listChildren(
  db: Kysely<Database>,
  config: Pick<Config, 'hosts'>,
  managerId: string,
  page: { start: number; step: number },
  now: number,
): Promise<{ list: AssociationChild[]; total: number }> {
  const totalRow = await db
    .selectFrom('manager_links')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('manager_account_id', '=', managerId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('manager_links')
    .innerJoin('accounts', 'accounts.id', 'manager_links.child_account_id')
    .select([
      'accounts.id',
      'accounts.name',
      'accounts.type',
      'accounts.mode',
      'accounts.avatar',
      'accounts.image_small',
      'manager_links.origin',
      'manager_links.created_at',
    ])
    .where('manager_links.manager_account_id', '=', managerId)
    .orderBy('manager_links.created_at', 'asc')
    .orderBy('accounts.id', 'asc')
    .limit(page.step)
    .offset(page.start)
    .execute();
  const ids = rows.map((r) => r.id);
  const figures = new Map<
    string,
    { publications: number; readers: number; lastBook: number | null; lastLogin: number | null; lastCall: number | null }
  >();
  for (const id of ids) figures.set(id, { publications: 0, readers: 0, lastBook: null, lastLogin: null, lastCall: null });
  if (ids.length > 0) {
    const books = await db
      .selectFrom('books')
      .select(['account_id', (eb) => eb.fn.countAll<string | number>().as('n'), (eb) => eb.fn.max('created_at').as('last')])
      .where('account_id', 'in', ids)
      .groupBy('account_id')
      .execute();
    for (const b of books) {
      const f = figures.get(b.account_id);
      if (f) {
        f.publications = Number(b.n);
        f.lastBook = b.last === null ? null : Number(b.last);
      }
    }
    const readers = await db
      .selectFrom('stats_daily')
      .select(['account_id', (eb) => eb.fn.sum<string | number>('readers').as('n')])
      .where('account_id', 'in', ids)
      .where('day', '>=', monthStart(now))
      .groupBy('account_id')
      .execute();
    for (const r of readers) {
      const f = figures.get(r.account_id);
      if (f) f.readers = Number(r.n ?? 0);
    }
    const logins = await db
      .selectFrom('profiles')
      .select(['account_id', (eb) => eb.fn.max('last_login').as('last')])
      .where('account_id', 'in', ids)
      .groupBy('account_id')
      .execute();
    for (const l of logins) {
      const f = figures.get(l.account_id);
      if (f) f.lastLogin = l.last === null ? null : Number(l.last);
    }
    const calls = await db
      .selectFrom('manager_audit')
      .select(['child_account_id', (eb) => eb.fn.max('created_at').as('last')])
      .where('child_account_id', 'in', ids)
      .groupBy('child_account_id')
      .execute();
    for (const c of calls) {
      const f = figures.get(c.child_account_id);
      if (f) f.lastCall = c.last === null ? null : Number(c.last);
    }
  }
  const list = rows.map((r): AssociationChild => {
    const f = figures.get(r.id) ?? { publications: 0, readers: 0, lastBook: null, lastLogin: null, lastCall: null };
    const times = [f.lastBook, f.lastLogin, f.lastCall].filter((t): t is number => t !== null);
    return {
      child: { id: r.id, type: { id: r.type, mode: r.mode }, image: { small: avatarImages(config, r).small } },
      name: r.name,
      origin: r.origin,
      since: Number(r.created_at),
      publications: f.publications,
      readers_month: f.readers,
      last_activity: times.length > 0 ? Math.max(...times) : null,
    };
  });
  return { list, total: Number(totalRow.n) };
}

/** Writes one call made on behalf of a child. */
export async function insertAudit(
  db: Kysely<Database>,
  entry: {
    managerId: string;
    managerProfileId: string;
    managerName: string;
    childId: string;
    method: string;
    route: string;
    status: number;
  },
  now: number,
): Promise<void> {
  await db
    .insertInto('manager_audit')
    .values({
      id: newId(),
      manager_account_id: entry.managerId,
      manager_profile_id: entry.managerProfileId,
      manager_name: entry.managerName,
      child_account_id: entry.childId,
      method: entry.method,
      route: entry.route,
      status: entry.status,
      created_at: now,
    })
    .execute();
}

/** Audit entries, newest first: a manager's (optionally of one child) or a child account's. */
export async function listAudit(
  db: Kysely<Database>,
  filter: { managerId: string } | { childId: string },
  page: { start: number; step: number },
): Promise<{ list: AuditEntry[]; total: number }> {
  let base = db.selectFrom('manager_audit');
  if ('managerId' in filter) base = base.where('manager_audit.manager_account_id', '=', filter.managerId);
  if ('childId' in filter) base = base.where('manager_audit.child_account_id', '=', filter.childId);
  const totalRow = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .innerJoin('accounts as child', 'child.id', 'manager_audit.child_account_id')
    .select([
      'manager_audit.id',
      'manager_audit.manager_account_id',
      'manager_audit.manager_name',
      'manager_audit.child_account_id',
      'child.name as child_name',
      'manager_audit.method',
      'manager_audit.route',
      'manager_audit.status',
      'manager_audit.created_at',
    ])
    .orderBy('manager_audit.created_at', 'desc')
    .orderBy('manager_audit.id', 'desc')
    .limit(page.step)
    .offset(page.start)
    .execute();
  return {
    total: Number(totalRow.n),
    list: rows.map((r) => ({
      id: r.id,
      manager: { id: r.manager_account_id, name: r.manager_name },
      child: { id: r.child_account_id, name: r.child_name },
      method: r.method,
      route: r.route,
      status: Number(r.status),
      date: Number(r.created_at),
    })),
  };
}

/** How many children a manager has. */
export async function countChildren(db: Kysely<Database>, managerId: string): Promise<number> {
  const row = await db
    .selectFrom('manager_links')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('manager_account_id', '=', managerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A new invitation of an address (its earlier pending ones from this manager are dropped): the token to mail. */
export async function createInvitation(
  db: Kysely<Database>,
  invitation: { managerId: string; email: string; ttlMs: number },
  now: number,
): Promise<string> {
  await db
    .deleteFrom('manager_invitations')
    .where('manager_account_id', '=', invitation.managerId)
    .where('email', '=', invitation.email)
    .where('accepted_at', 'is', null)
    .execute();
  const token = newToken();
  await db
    .insertInto('manager_invitations')
    .values({
      id: newId(),
      manager_account_id: invitation.managerId,
      email: invitation.email,
      token_hash: sha256(token),
      created_at: now,
      expires_at: now + invitation.ttlMs,
      accepted_at: null,
    })
    .execute();
  return token;
}

/** A pending, unexpired invitation by its token, with its manager account. */
export async function findInvitation(db: Kysely<Database>, token: string, now: number) {
  return db
    .selectFrom('manager_invitations')
    .innerJoin('accounts', 'accounts.id', 'manager_invitations.manager_account_id')
    .select([
      'manager_invitations.id',
      'manager_invitations.email',
      'manager_invitations.expires_at',
      'manager_invitations.manager_account_id',
      'accounts.name as manager_name',
      'accounts.mode as manager_mode',
      'accounts.management_type as manager_management_type',
    ])
    .where('manager_invitations.token_hash', '=', sha256(token))
    .where('manager_invitations.accepted_at', 'is', null)
    .where('manager_invitations.expires_at', '>', now)
    .executeTakeFirst();
}

/** Marks an invitation used (false when another request used it first). */
export async function acceptInvitation(db: Kysely<Database>, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('manager_invitations')
    .set({ accepted_at: now })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const num = (x: unknown): number => (x === null || x === undefined ? 0 : Number(x));
const time = (x: unknown): number | null => (x === null || x === undefined ? null : Number(x));

/**
 * The account centre (/account/account-center, issue 20): a page of the manager's children with
 * `listChildren`'s figures plus the owner's address, this month's views, the pages and bytes of their
 * publications; and the totals over ALL its children, summed by the database (not from the page).
 * PostgreSQL answers sums as strings (bigint): every aggregate goes through Number().
 */
export async function accountCenter(
  db: Kysely<Database>,
  config: Pick<Config, 'hosts'>,
  managerId: string,
  page: { start: number; step: number },
  now: number,
): Promise<{ list: CenterChild[]; total: number; totals: CenterTotals }> {
  const { list: children, total } = await listChildren(db, config, managerId, page, now);
  const month = monthStart(now);
  const ids = children.map((c) => c.child.id);
  const extra = new Map<string, { email: string | null; views: number; pages: number; bytes: number }>();
  for (const id of ids) extra.set(id, { email: null, views: 0, pages: 0, bytes: 0 });
  if (ids.length > 0) {
    const emails = await db
      .selectFrom('profiles')
      .select(['account_id', (eb) => eb.fn.min('email').as('email')])
      .where('account_id', 'in', ids)
      .groupBy('account_id')
      .execute();
    for (const e of emails) {
      const x = extra.get(e.account_id);
      if (x) x.email = e.email === null ? null : String(e.email);
    }
    const books = await db
      .selectFrom('books')
      .select([
        'account_id',
        (eb) => eb.fn.sum<string | number>('pages_total').as('pages'),
        (eb) => eb.fn.sum<string | number>('source_size').as('bytes'),
      ])
      .where('account_id', 'in', ids)
      .groupBy('account_id')
      .execute();
    for (const b of books) {
      const x = extra.get(b.account_id);
      if (x) {
        x.pages = num(b.pages);
        x.bytes = num(b.bytes);
      }
    }
    const views = await db
      .selectFrom('stats_daily')
      .select(['account_id', (eb) => eb.fn.sum<string | number>('views').as('n')])
      .where('account_id', 'in', ids)
      .where('day', '>=', month)
      .groupBy('account_id')
      .execute();
    for (const r of views) {
      const x = extra.get(r.account_id);
      if (x) x.views = num(r.n);
    }
  }
  const list = children.map((c): CenterChild => {
    const x = extra.get(c.child.id) ?? { email: null, views: 0, pages: 0, bytes: 0 };
    return { ...c, email: x.email, views_month: x.views, pages: x.pages, storage_bytes: x.bytes };
  });

  // The totals over every child of the manager (a join on its links), whatever page was asked for.
  const books = await db
    .selectFrom('books')
    .innerJoin('manager_links', 'manager_links.child_account_id', 'books.account_id')
    .select([
      (eb) => eb.fn.count<string | number>('books.id').as('publications'),
      (eb) => eb.fn.sum<string | number>('books.pages_total').as('pages'),
      (eb) => eb.fn.sum<string | number>('books.source_size').as('bytes'),
      (eb) => eb.fn.max('books.created_at').as('last'),
    ])
    .where('manager_links.manager_account_id', '=', managerId)
    .executeTakeFirstOrThrow();
  const stats = await db
    .selectFrom('stats_daily')
    .innerJoin('manager_links', 'manager_links.child_account_id', 'stats_daily.account_id')
    .select([
      (eb) => eb.fn.sum<string | number>('stats_daily.views').as('views'),
      (eb) => eb.fn.sum<string | number>('stats_daily.readers').as('readers'),
    ])
    .where('manager_links.manager_account_id', '=', managerId)
    .where('stats_daily.day', '>=', month)
    .executeTakeFirstOrThrow();
  const login = await db
    .selectFrom('profiles')
    .innerJoin('manager_links', 'manager_links.child_account_id', 'profiles.account_id')
    .select((eb) => eb.fn.max('profiles.last_login').as('last'))
    .where('manager_links.manager_account_id', '=', managerId)
    .executeTakeFirstOrThrow();
  const call = await db
    .selectFrom('manager_audit')
    .innerJoin('manager_links', 'manager_links.child_account_id', 'manager_audit.child_account_id')
    .select((eb) => eb.fn.max('manager_audit.created_at').as('last'))
    .where('manager_links.manager_account_id', '=', managerId)
    .executeTakeFirstOrThrow();
  const times = [time(books.last), time(login.last), time(call.last)].filter((t): t is number => t !== null);
  return {
    list,
    total,
    totals: {
      accounts: total,
      publications: num(books.publications),
      readers_month: num(stats.readers),
      views_month: num(stats.views),
      pages: num(books.pages),
      storage_bytes: num(books.bytes),
      last_activity: times.length > 0 ? Math.max(...times) : null,
    },
  };
}
