import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ACCOUNT_MODES, ACCOUNT_TYPES, type AccountMode, type AccountType, TOUR_NAMES } from '../contracts/accounts';
import { ORDER_STATES } from '../contracts/billing';
import { findProfileByEmail, updateAccount, updateProfile } from './accounts/repo';
import { cancelOrder, expireAccounts, payOrder, refundOrder, startDemo } from './billing/orders';
import { type Config, ConfigError, loadConfig } from './config';
import { listContactMessages } from './contact/repo';
import { createDb, migrateToLatest } from './db/index';
import type { AccountUpdate, ProfileUpdate } from './db/schema';

/**
 * Admin command (`npm run quire -- …`, i.e. `node dist/server/cli.js …`) on the configured database:
 *   account list
 *   account set --email <e> [--mode FREE|PREMIUM|PLATINUM] [--type <type>] [--profile-type 0..3] [--activate] [--renew-terms] [--management manager|none]
 *                           [--tours-seen]
 *   book feature --id <bookId> [--off]   (the explorer's "featured" list: books.is_awarded)
 *   contact list [--last <n>]
 *   order list [--state <state>]   (billing, issue 21: every order, newest first)
 *   order paid|cancel|refund <order id>   (the manual provider's bank transfers; refunds of any provider)
 *   billing expire   (accounts past their expiration return to free now; the server also does it every minute)
 * Exit codes: 0 done, 1 failed (configuration, database, unknown address), 2 usage error.
 */
const USAGE = `Usage:
  quire account list
  quire account set --email <address> [--mode ${ACCOUNT_MODES.join('|')}] [--type ${ACCOUNT_TYPES.join('|')}]
                    [--profile-type 0|1|2|3] [--activate] [--renew-terms] [--tours-seen] [--management manager|none]
                    [--expires <date>]
  quire book feature --id <book id> [--off]
  quire contact list [--last <n>]
  quire order list [--state ${ORDER_STATES.join('|')}]
  quire order paid|cancel|refund <order id>
  quire billing expire

  account set --expires <date> sets the plan's end (a past date: free again at the next \`billing expire\`).
  account set --type PREMIUM_DEMO|PLATINUM_DEMO starts a demo plan of QUIRE_BILLING_DEMO_DAYS days (--days <n> to choose).
`;

export class UsageError extends Error {
  override name = 'UsageError';
}
class Failure extends Error {
  override name = 'Failure';
}

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** The mode a type implies (PREMIUM_DEMO → PREMIUM…), and the plain type of a mode. */
const modeOfType = (type: AccountType): AccountMode =>
  type.startsWith('PLATINUM') ? 'PLATINUM' : type.startsWith('PREMIUM') ? 'PREMIUM' : 'FREE';

function pick<T extends string>(value: string | undefined, allowed: readonly T[], flag: string): T | undefined {
  if (value === undefined) return undefined;
  const upper = value.toUpperCase();
  if (!(allowed as readonly string[]).includes(upper))
    throw new UsageError(`--${flag} must be one of ${allowed.join(', ')} (got ${JSON.stringify(value)})`);
  return upper as T;
}

async function list(config: Config, io: Io): Promise<void> {
  const handle = createDb(config);
  try {
    await migrateToLatest(handle.db);
    const rows = await handle.db
      .selectFrom('profiles')
      .innerJoin('accounts', 'accounts.id', 'profiles.account_id')
      .select([
        'profiles.email',
        'profiles.type as profile_type',
        'profiles.is_active',
        'accounts.name',
        'accounts.type',
        'accounts.mode',
        'profiles.created_at',
      ])
      .orderBy('profiles.created_at')
      .execute();
    io.out(['email', 'active', 'profile_type', 'account', 'type', 'mode', 'created'].join('\t'));
    for (const r of rows) {
      io.out(
        [r.email, r.is_active === 1 ? 'yes' : 'no', r.profile_type, r.name, r.type, r.mode, new Date(r.created_at).toISOString()].join(
          '\t',
        ),
      );
    }
    io.err(`${rows.length} profile${rows.length === 1 ? '' : 's'}`);
  } finally {
    await handle.destroy();
  }
}

/** One line of a listing: tabs and line breaks of the sender's text as spaces (one message, one line). */
const cell = (s: string) => s.replace(/[\t\r\n]+/g, ' ');

/** The contact messages (oldest first; `--last n` the latest n): one tab-separated line each. */
async function contactList(config: Config, args: string[], io: Io): Promise<void> {
  const { values } = parseArgs({ args, options: { last: { type: 'string' } }, strict: true, allowPositionals: false });
  if (values.last !== undefined && !/^[1-9]\d{0,5}$/.test(values.last))
    throw new UsageError(`--last must be a positive integer (got ${JSON.stringify(values.last)})`);
  const handle = createDb(config);
  try {
    await migrateToLatest(handle.db);
    const rows = await listContactMessages(handle.db, values.last === undefined ? undefined : Number(values.last));
    io.out(['created', 'subject', 'name', 'email', 'phone', 'url', 'mailed', 'text'].join('\t'));
    for (const r of rows) {
      io.out(
        [new Date(r.created_at).toISOString(), r.subject, r.name, r.email, r.phone, r.url, r.mailed_at === null ? 'no' : 'yes', r.text]
          .map(cell)
          .join('\t'),
      );
    }
    io.err(`${rows.length} message${rows.length === 1 ? '' : 's'}`);
  } finally {
    await handle.destroy();
  }
}

async function set(config: Config, args: string[], io: Io): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      mode: { type: 'string' },
      type: { type: 'string' },
      'profile-type': { type: 'string' },
      activate: { type: 'boolean' },
      'renew-terms': { type: 'boolean' },
      'tours-seen': { type: 'boolean' },
      days: { type: 'string' },
      // Issue 20: `manager` makes a (platinum) account a manager of child accounts, `none` stops it.
      management: { type: 'string' },
      expires: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (!values.email) throw new UsageError('--email is required');
  let mode = pick(values.mode, ACCOUNT_MODES, 'mode');
  let type = pick(values.type, ACCOUNT_TYPES, 'type');
  if (type && !mode) mode = modeOfType(type);
  if (mode && !type) type = mode;
  const demo = type === 'PREMIUM_DEMO' || type === 'PLATINUM_DEMO';
  if (values.days !== undefined && (!demo || !/^[1-9]\d{0,2}$/.test(values.days)))
    throw new UsageError('--days takes a number of days (1 to 999) and goes with --type PREMIUM_DEMO or PLATINUM_DEMO');
  // --expires <ISO date>: the plan's end (a past one returns the account to free at the next expiry run).
  const expires = values.expires === undefined ? undefined : Date.parse(values.expires);
  if (expires !== undefined && !Number.isFinite(expires))
    throw new UsageError('--expires takes a date (2026-12-31 or 2026-12-31T12:00:00Z)');
  const profileType = values['profile-type'];
  if (profileType !== undefined && !/^[0-3]$/.test(profileType))
    throw new UsageError(`--profile-type must be 0, 1, 2 or 3 (got ${JSON.stringify(profileType)})`);
  const management = values.management;
  if (management !== undefined && management !== 'manager' && management !== 'none')
    throw new UsageError(`--management must be manager or none (got ${JSON.stringify(management)})`);
  if (
    !mode &&
    profileType === undefined &&
    !values.activate &&
    !values['renew-terms'] &&
    !values['tours-seen'] &&
    !management &&
    expires === undefined
  )
    throw new UsageError(
      'nothing to change: give --mode, --type, --profile-type, --activate, --renew-terms, --tours-seen, --management or --expires',
    );

  const handle = createDb(config);
  try {
    await migrateToLatest(handle.db);
    const now = Date.now();
    const result = await handle.db.transaction().execute(async (trx) => {
      const profile = await findProfileByEmail(trx, values.email as string);
      if (!profile) throw new Failure(`no profile with the e-mail address ${values.email}`);
      const profilePatch: ProfileUpdate = {};
      if (profileType !== undefined) profilePatch.type = Number(profileType);
      if (values.activate) profilePatch.is_active = 1;
      // The user must accept the terms (and renew consents) again at the next sign-in (SPEC §4).
      if (values['renew-terms']) Object.assign(profilePatch, { tos_version: null, subscriptions_modification: 0 });
      // Every guided tour counts as seen (SPEC §2): none shows at the next visit.
      if (values['tours-seen']) profilePatch.tour = JSON.stringify(Object.fromEntries(TOUR_NAMES.map((name) => [name, true])));
      const updatedProfile = (await updateProfile(trx, profile, profilePatch, now)).profile;
      if (values.activate) {
        await trx
          .updateTable('one_time_tokens')
          .set({ used_at: now })
          .where('profile_id', '=', profile.id)
          .where('kind', '=', 'activation')
          .where('used_at', 'is', null)
          .execute();
      }
      const accountPatch: AccountUpdate = {};
      if (mode) accountPatch.mode = mode;
      if (type) accountPatch.type = type;
      // A demo plan runs for its days, then the account returns to free (billing/orders.ts expireAccounts);
      // a plain mode set by hand has no end.
      if (type) accountPatch.expiration = null;
      if (management) accountPatch.management_type = management === 'manager' ? 'manager' : null;
      if (expires !== undefined) accountPatch.expiration = expires;
      let account = await updateAccount(trx, profile.account_id, accountPatch, now);
      if (demo && mode && mode !== 'FREE') {
        const days = values.days !== undefined ? Number(values.days) : (config.billing?.demoDays ?? 14);
        await startDemo(trx, profile.account_id, mode, days, now);
        account = await updateAccount(trx, profile.account_id, {}, now);
      }
      return { profile: updatedProfile, account };
    });
    const { profile, account } = result;
    io.out(
      `${profile.email}: account "${account.name}" type ${account.type}, mode ${account.mode}${account.expiration === null ? '' : ` until ${new Date(account.expiration).toISOString()}`}; profile type ${profile.type}, ${profile.is_active === 1 ? 'active' : 'not activated'}`,
    );
  } finally {
    await handle.destroy();
  }
}

/** Marks a book as featured (the explorer's featured list, SPEC "featured (awarded)"), or not with --off. */
async function feature(config: Config, args: string[], io: Io): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { id: { type: 'string' }, off: { type: 'boolean' } },
    strict: true,
    allowPositionals: false,
  });
  if (!values.id) throw new UsageError('--id is required');
  const handle = createDb(config);
  try {
    await migrateToLatest(handle.db);
    const on = values.off ? 0 : 1;
    const done = await handle.db.updateTable('books').set({ is_awarded: on }).where('id', '=', values.id).executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw new Failure(`no book with the id ${values.id}`);
    io.out(`${values.id}: ${on ? 'featured' : 'not featured'}`);
  } finally {
    await handle.destroy();
  }
}

/** Orders (newest first), one tab-separated line each. */
async function orderList(config: Config, args: string[], io: Io): Promise<void> {
  const { values } = parseArgs({ args, options: { state: { type: 'string' } }, strict: true, allowPositionals: false });
  const state =
    values.state === undefined
      ? undefined
      : pick(
          values.state.toUpperCase(),
          ORDER_STATES.map((x) => x.toUpperCase()),
          'state',
        );
  const handle = createDb(config);
  try {
    await migrateToLatest(handle.db);
    let query = handle.db
      .selectFrom('orders')
      .innerJoin('accounts', 'accounts.id', 'orders.account_id')
      .leftJoin('invoices', 'invoices.order_id', 'orders.id')
      .select([
        'orders.id',
        'orders.created_at',
        'orders.state',
        'orders.provider',
        'orders.mode',
        'orders.period',
        'orders.net',
        'orders.tax',
        'orders.currency',
        'orders.refunded',
        'accounts.name',
        'invoices.label',
      ])
      .orderBy('orders.created_at', 'desc');
    if (state) query = query.where('orders.state', '=', state.toLowerCase() as (typeof ORDER_STATES)[number]);
    const rows = await query.execute();
    // `refunded`: what the provider refunded so far (a partial refund leaves the order paid); last, so scripts reading columns by position keep working.
    io.out(['id', 'created', 'state', 'provider', 'plan', 'total', 'account', 'invoice', 'refunded'].join('\t'));
    for (const r of rows)
      io.out(
        [
          r.id,
          new Date(r.created_at).toISOString(),
          r.state,
          r.provider,
          `${r.mode}/${r.period}`,
          `${((r.net + r.tax) / 100).toFixed(2)} ${r.currency}`,
          r.name,
          r.label ?? '',
          r.refunded > 0 ? `${(r.refunded / 100).toFixed(2)} ${r.currency}` : '',
        ]
          .map(cell)
          .join('\t'),
      );
    io.err(`${rows.length} order${rows.length === 1 ? '' : 's'}`);
  } finally {
    await handle.destroy();
  }
}

/** Marks an order paid (bank transfer received: the plan starts, the invoice is issued), cancelled or refunded. */
async function orderChange(config: Config, command: 'paid' | 'cancel' | 'refund', args: string[], io: Io): Promise<void> {
  const [id, ...extra] = args;
  if (!id || extra.length > 0) throw new UsageError(`order ${command} takes one order id`);
  const billing = config.billing;
  if (!billing) throw new Failure('billing is off: set QUIRE_BILLING_PROVIDERS (and the QUIRE_BILLING_* settings) first');
  const handle = createDb(config);
  try {
    await migrateToLatest(handle.db);
    const now = Date.now();
    try {
      if (command === 'paid') {
        const { order, invoice } = await payOrder(handle.db, billing, id, now);
        io.out(
          invoice
            ? `${order.id}: paid; invoice ${invoice.label}; plan ${order.mode} until ${new Date(order.period_end ?? now).toISOString()}`
            : `${order.id}: already ${order.state}, nothing changed`,
        );
      } else {
        const order = command === 'cancel' ? await cancelOrder(handle.db, id, now) : await refundOrder(handle.db, id, now);
        io.out(`${order.id}: ${order.state}`);
      }
    } catch (error) {
      const name = (error as { errorName?: string }).errorName;
      if (name === 'orderNotFound') throw new Failure(`no order with the id ${id}`);
      if (name === 'orderStateRefused') {
        const row = await handle.db.selectFrom('orders').select('state').where('id', '=', id).executeTakeFirst();
        throw new Failure(
          `order ${id} is ${row?.state ?? 'gone'}: it cannot be marked ${command === 'paid' ? 'paid' : command === 'cancel' ? 'cancelled' : 'refunded'}`,
        );
      }
      throw error;
    }
  } finally {
    await handle.destroy();
  }
}

async function billingExpire(config: Config, io: Io): Promise<void> {
  const handle = createDb(config);
  try {
    await migrateToLatest(handle.db);
    const n = await expireAccounts(handle.db, Date.now());
    io.out(`${n} account${n === 1 ? '' : 's'} returned to free`);
  } finally {
    await handle.destroy();
  }
}

/** Runs one command; answers the exit code. */
export async function runCli(argv: string[], env: Record<string, string | undefined>, io: Io): Promise<number> {
  try {
    const [area, command, ...rest] = argv;
    if (area === 'help' || area === '--help' || area === '-h' || area === undefined) {
      io.out(USAGE);
      return area === undefined ? 2 : 0;
    }
    if (area === 'contact') {
      if (command !== 'list') throw new UsageError(`unknown command: ${argv.join(' ')}`);
      await contactList(loadConfig(env), rest, io);
      return 0;
    }
    if (area === 'order') {
      if (command === 'list') await orderList(loadConfig(env), rest, io);
      else if (command === 'paid' || command === 'cancel' || command === 'refund') await orderChange(loadConfig(env), command, rest, io);
      else throw new UsageError(`unknown command: ${argv.join(' ')}`);
      return 0;
    }
    if (area === 'billing') {
      if (command !== 'expire' || rest.length > 0) throw new UsageError(`unknown command: ${argv.join(' ')}`);
      await billingExpire(loadConfig(env), io);
      return 0;
    }
    const known = (area === 'account' && (command === 'list' || command === 'set')) || (area === 'book' && command === 'feature');
    if (!known) throw new UsageError(`unknown command: ${argv.join(' ')}`);
    if (command === 'list' && rest.length > 0) throw new UsageError(`account list takes no arguments (got ${rest.join(' ')})`);
    const config = loadConfig(env);
    if (command === 'list') await list(config, io);
    else if (command === 'feature') await feature(config, rest, io);
    else await set(config, rest, io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string })?.code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`quire: ${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      io.err(`quire: invalid configuration — ${error.message}`);
      return 1;
    }
    io.err(`quire: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

const entry = process.argv[1];
const isMain = entry !== undefined && pathToFileURL(realpathSync(entry)).href === import.meta.url;
if (isMain) {
  const io: Io = { out: (text) => process.stdout.write(`${text}\n`), err: (text) => process.stderr.write(`${text}\n`) };
  runCli(process.argv.slice(2), process.env, io).then((code) => {
    process.exitCode = code;
  });
}
