// A throwaway PostgreSQL cluster for tests: initdb in a temp folder, start on a free loopback
// port with its socket in that folder, stop and delete at the end. Plain JS (run by Node 24).
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SETUP_HINT =
  'PostgreSQL binaries (initdb, pg_ctl) not found under /usr/lib/postgresql/*/bin. Install them with: bash src/tools/setup.sh';

/** The bin folder of the newest installed PostgreSQL (or $QUIRE_PG_BIN). Throws with a setup hint. */
export function findPgBin() {
  const candidates = [];
  if (process.env.QUIRE_PG_BIN) candidates.push(process.env.QUIRE_PG_BIN);
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base).filter((name) => /^\d+(\.\d+)?$/.test(name));
    versions.sort((a, b) => Number(b) - Number(a));
    for (const version of versions) candidates.push(path.join(base, version, 'bin'));
  }
  const bin = candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')));
  if (!bin) throw new Error(SETUP_HINT);
  return bin;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a PostgreSQL binary; as root through `runuser -u postgres --` (initdb refuses root). */
async function pg(bin, tool, args) {
  const file = path.join(bin, tool);
  try {
    return isRoot() ? await run('runuser', ['-u', 'postgres', '--', file, ...args]) : await run(file, args);
  } catch (error) {
    const detail = [error.stderr, error.stdout].filter(Boolean).join('\n').trim();
    throw new Error(`${tool} failed: ${detail || error.message}`);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function postgresUid() {
  const { stdout } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  return { uid: Number(stdout.trim()), gid: Number(gid.trim()) };
}

/**
 * Creates and starts a cluster. Returns { url, dir, port, bin }; `url` is
 * postgres://quire@127.0.0.1:PORT/postgres (trust auth, superuser quire).
 */
export async function startCluster() {
  const bin = findPgBin();
  const dir = mkdtempSync(path.join(tmpdir(), 'quire-pg-'));
  try {
    if (isRoot()) {
      const { uid, gid } = await postgresUid();
      chownSync(dir, uid, gid);
    }
    const data = path.join(dir, 'data');
    await pg(bin, 'initdb', ['-D', data, '-A', 'trust', '-U', 'quire', '-E', 'UTF8', '--locale=C', '--no-sync']);
    const port = await freePort();
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c max_connections=300',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
    ].join(' ');
    await pg(bin, 'pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
    const cluster = { url: `postgres://quire@127.0.0.1:${port}/postgres`, dir, port, bin };
    writeFileSync(path.join(dir, 'cluster.json'), JSON.stringify(cluster));
    return cluster;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Stops the cluster in `dir` (fast shutdown) and deletes the folder. */
export async function stopCluster(dir, bin = findPgBin()) {
  const data = path.join(dir, 'data');
  try {
    if (existsSync(path.join(data, 'postmaster.pid'))) {
      await pg(bin, 'pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
