import { rm } from 'node:fs/promises';
import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/server/config';
import { createDb, type DbHandle, migrateToLatest } from '../../src/server/db/index';
import { migrations } from '../../src/server/db/migrations/index';
import { getSetting, listSettings, setSetting } from '../../src/server/db/settings';
import { DIALECTS, testConfig } from './helpers';

describe.each(DIALECTS)('database on %s', (dialect) => {
  let config: Config;
  let handle: DbHandle;

  beforeAll(async () => {
    config = await testConfig(dialect);
    handle = createDb(config);
  });
  afterAll(async () => {
    await handle?.destroy();
    await rm(config.dataDir, { recursive: true, force: true });
  });

  it('opens the configured dialect', () => {
    expect(handle.dialect).toBe(dialect);
  });

  it('runs migrations once; running them again changes nothing', async () => {
    const first = await migrateToLatest(handle.db);
    expect(first.map((r) => [r.migrationName, r.status])).toEqual([
      ['0001_foundation', 'Success'],
      ['0002_accounts', 'Success'],
      ['0003_social', 'Success'],
      ['0004_books', 'Success'],
      ['0005_reading_stats', 'Success'],
      ['0006_folders', 'Success'],
      ['0007_triggers', 'Success'],
      ['0008_comments', 'Success'],
      ['0009_share_counts', 'Success'],
      ['0010_book_token_secret', 'Success'],
      ['0011_search', 'Success'],
      ['0012_contact_messages', 'Success'],
      ['0013_profile_tour', 'Success'],
      ['0014_account_security', 'Success'],
      ['0015_privacy', 'Success'],
      ['0016_favorites', 'Success'],
      ['0017_library', 'Success'],
      ['0018_public_profile', 'Success'],
      ['0019_profile_names', 'Success'],
      ['0020_statistics', 'Success'],
      ['0021_stats_indexes', 'Success'],
      ['0022_api_keys', 'Success'],
      ['0023_stats_ranges', 'Success'],
      ['0024_webhook_targets', 'Success'],
      ['0025_scheduled_runs', 'Success'],
      ['0027_managers', 'Success'],
      ['0029_billing', 'Success'],
      ['0030_invoice_retention', 'Success'],
      ['0031_order_refunds', 'Success'],
    ]);
    const second = await migrateToLatest(handle.db);
    expect(second).toEqual([]);
    const tables = (await handle.db.introspection.getTables()).map((t) => t.name);
    expect(tables).toContain('settings');
    for (const table of [
      'accounts',
      'profiles',
      'sessions',
      'login_challenges',
      'trusted_devices',
      'one_time_tokens',
      'auth_attempts',
      'used_captchas',
      'library_items',
    ]) {
      expect(tables).toContain(table);
    }
  });

  it('stores, reads and upserts settings; times come back as numbers', async () => {
    expect(await getSetting(handle.db, 'missing')).toBeUndefined();
    await setSetting(handle.db, 'site.name', 'Quire', 1_700_000_000_000);
    await setSetting(handle.db, 'site.name', 'Quire 2', 1_800_000_000_000);
    expect(await getSetting(handle.db, 'site.name')).toBe('Quire 2');
    const row = await handle.db.selectFrom('settings').selectAll().where('key', '=', 'site.name').executeTakeFirstOrThrow();
    expect(row.updated_at).toBe(1_800_000_000_000);
    const { n } = await handle.db
      .selectFrom('settings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(n).toBe(1);
    expect(await listSettings(handle.db)).toEqual({ 'site.name': 'Quire 2' });
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await setSetting(trx, 'tx.key', 'written');
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await getSetting(handle.db, 'tx.key')).toBeUndefined();
  });

  it('keeps concurrent read-modify-write transactions consistent', async () => {
    await setSetting(handle.db, 'counter', '0');
    const bump = () =>
      handle.db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('settings')
          .select('value')
          .where('key', '=', 'counter')
          .$call((q) => (dialect === 'postgres' ? q.forUpdate() : q))
          .executeTakeFirstOrThrow();
        await new Promise((resolve) => setTimeout(resolve, 1));
        await setSetting(trx, 'counter', String(Number(row.value) + 1));
      });
    await Promise.all(Array.from({ length: 20 }, bump));
    expect(await getSetting(handle.db, 'counter')).toBe('20');
  });

  it('answers raw SQL on both dialects', async () => {
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
    expect(Number(rows[0]?.one)).toBe(1);
  });
});

describe('sqlite file settings', () => {
  it('uses WAL mode, foreign keys and a busy timeout', async () => {
    const config = await testConfig('sqlite');
    const handle = createDb(config);
    try {
      const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(handle.db)).rows[0] as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBeGreaterThan(0);
      expect(config.database).toEqual({ kind: 'sqlite', file: `${config.dataDir}/quire.db` });
    } finally {
      await handle.destroy();
      await rm(config.dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(DIALECTS)('migration 0010 (book token secrets) on %s', (dialect) => {
  let config: Config;
  let handle: DbHandle;
  beforeAll(async () => {
    config = await testConfig(dialect);
    handle = createDb(config);
  });
  afterAll(async () => {
    await handle?.destroy();
    await rm(config.dataDir, { recursive: true, force: true });
  });

  it('gives every existing book its own random secret', async () => {
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0009_share_counts')).error).toBeUndefined();
    const db = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await db.insertInto('accounts').values({ id: 'acc1', name: 'Old', ats: 1, created_at: 1 }).execute();
    const book = (id: string) => ({
      id,
      account_id: 'acc1',
      name: id,
      source_name: 'a.pdf',
      source_kind: 'pdf',
      source_size: 1,
      start_time: 1,
      created_at: 1,
      modified_at: 1,
    });
    await db
      .insertInto('books')
      .values([book('old1'), book('old2')])
      .execute();
    await migrateToLatest(handle.db);
    const rows = await handle.db.selectFrom('books').select(['id', 'token_secret']).orderBy('id').execute();
    expect(rows.map((r) => r.id)).toEqual(['old1', 'old2']);
    for (const row of rows) expect(row.token_secret).toMatch(/^[0-9a-f]{32}$/);
    expect(rows[0]?.token_secret).not.toBe(rows[1]?.token_secret);
  });
});
