import { rm } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitName } from '../../src/server/accounts/names';
import type { Config } from '../../src/server/config';
import { createDb, type DbHandle, migrateToLatest } from '../../src/server/db/index';
import { migrations } from '../../src/server/db/migrations/index';
import { call, login, registerActive, uniqueEmail, useAccountsApp } from './accounts-support';
import { DIALECTS, testConfig } from './helpers';

/**
 * Issue 16: the personal details showed empty first and last names although a name was given at
 * sign-up. Registration now fills them from that name (the first word, then the rest), and migration
 * 0019 fills the profiles made before.
 */
describe('splitName', () => {
  it('takes the first word as the first name and the rest as the last name', () => {
    expect(splitName('Ada Lovelace')).toEqual({ firstname: 'Ada', lastname: 'Lovelace' });
    expect(splitName('  Maria   de la  Cruz ')).toEqual({ firstname: 'Maria', lastname: 'de la Cruz' });
    expect(splitName('Jean-Luc Picard')).toEqual({ firstname: 'Jean-Luc', lastname: 'Picard' });
    expect(splitName('Cher')).toEqual({ firstname: 'Cher', lastname: null });
    expect(splitName('   ')).toEqual({ firstname: null, lastname: null });
  });
  it('keeps each part within the personal details’ 80 characters', () => {
    const { firstname, lastname } = splitName(`${'a'.repeat(100)} ${'b'.repeat(50)} ${'c'.repeat(50)}`);
    expect(firstname).toBe('a'.repeat(80));
    expect(lastname?.length).toBeLessThanOrEqual(80);
    expect(lastname?.startsWith('b'.repeat(50))).toBe(true);
  });
});

describe.each(DIALECTS)('names from sign-up on %s', (dialect) => {
  const ctx = useAccountsApp(dialect);

  it('fills the first and last names of a new profile from the name given; the account keeps it whole', async () => {
    const email = uniqueEmail('names');
    await registerActive(ctx, email, { name: '  Ada   King Lovelace ' });
    const { content } = await login(ctx, email);
    expect(content.account.name).toBe('Ada   King Lovelace');
    expect(content.profile).toMatchObject({ firstname: 'Ada', lastname: 'King Lovelace' });
    // The personal details change them like any field.
    const token = content.session.access_token as string;
    const saved = await call(ctx.app, '/profile/update', { firstname: 'Augusta Ada', job_title: 'administration' }, { token });
    expect(saved.json().content).toMatchObject({ firstname: 'Augusta Ada', lastname: 'King Lovelace', job_title: 'administration' });
  });

  it('a one-word name is the first name only', async () => {
    const email = uniqueEmail('names');
    await registerActive(ctx, email, { name: 'Plato' });
    const { content } = await login(ctx, email);
    expect(content.profile).toMatchObject({ firstname: 'Plato', lastname: null });
  });
});

describe.each(DIALECTS)('migration 0019 (names of existing profiles) on %s', (dialect) => {
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

  it('fills empty names from the account name, and leaves given names and non-names alone', async () => {
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0013_profile_tour')).error).toBeUndefined();
    const db = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const people = [
      // account name, e-mail, firstname, lastname (before)
      ['Ada King Lovelace', 'ada@example.com', null, null],
      ['Grace Hopper', 'grace@example.com', 'Amazing', null],
      ['Solo', 'han@example.com', null, null],
      // A social sign-in without a name got the address's local part: no name to split.
      ['john.doe', 'john.doe@example.com', null, null],
      ['someone@example.com', 'other@example.com', null, null],
    ] as const;
    for (const [i, [name, email, firstname, lastname]] of people.entries()) {
      await db
        .insertInto('accounts')
        .values({ id: `a${i}`, name, ats: 1, created_at: 1 })
        .execute();
      await db
        .insertInto('profiles')
        .values({ id: `p${i}`, account_id: `a${i}`, email, firstname, lastname, created_at: 1 })
        .execute();
    }
    await migrateToLatest(handle.db);
    const rows = await handle.db.selectFrom('profiles').select(['id', 'firstname', 'lastname']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'p0', firstname: 'Ada', lastname: 'King Lovelace' },
      { id: 'p1', firstname: 'Amazing', lastname: null },
      { id: 'p2', firstname: 'Solo', lastname: null },
      { id: 'p3', firstname: null, lastname: null },
      { id: 'p4', firstname: null, lastname: null },
    ]);
  });
});
