// A fresh, empty database on a PostgreSQL server (the tests' throwaway cluster, the bench's cluster or
// QUIRE_BENCH_ADMIN_URL): one implementation for tests/server/helpers.ts and tests/bench/scale.mjs.
// Plain JS (run by Node 24 without a build step).
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Creates `<prefix>_<12 random hex>` through the admin URL (a role allowed to create databases) and
 * answers the admin URL with that database as its path.
 */
export async function createDatabase(adminUrl, prefix = 'quire_test') {
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(prefix)) throw new Error(`not a database name prefix: ${JSON.stringify(prefix)}`);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
