import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';

/**
 * The README's "Deploying on several machines" (issue 19) stays true: every QUIRE_ variable it names is
 * one src/server/config.ts reads, the environment file with each systemd unit's own variables is a valid
 * configuration, the proxies check /readyz, and the worker's stop timeout is above its drain.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const configSource = readFileSync(path.join(ROOT, 'src/server/config.ts'), 'utf8');
const guide = (() => {
  const start = readme.indexOf('## Deploying on several machines');
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end);
})();
/** The bucket's variables the guide's environment must set (every process keeps its files there). */
const S3_NAMES = ['QUIRE_S3_URL', 'QUIRE_S3_BUCKET', 'QUIRE_S3_ACCESS_KEY_ID', 'QUIRE_S3_SECRET_ACCESS_KEY', 'QUIRE_STORAGE_SERVE'];

const blocks = (lang: string) => [...guide.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1] ?? '');
const assignments = (text: string): Record<string, string> =>
  Object.fromEntries([...text.matchAll(/(?:^|\s)(QUIRE_[A-Z0-9_]+)=(\S+)/g)].map((m) => [m[1] as string, m[2] as string]));

describe('the deployment guide', () => {
  it('exists with its parts: environment, health, Caddy, nginx, systemd, backups', () => {
    expect(guide.length).toBeGreaterThan(1000);
    for (const heading of [
      '### Environment',
      '### Health',
      '### Reverse proxy: Caddy',
      '### Reverse proxy: nginx',
      '### systemd units',
      '### What to back up',
    ])
      expect(guide).toContain(heading);
    for (const name of S3_NAMES) expect(guide).toContain(`${name}=`);
    expect(guide).toContain('pg_dump');
  });

  it('names only variables that src/server/config.ts reads', () => {
    const named = new Set([...guide.matchAll(/QUIRE_[A-Z0-9_]*[A-Z0-9]/g)].map((m) => m[0]));
    expect(named.size).toBeGreaterThan(8);
    const unknown = [...named].filter((name) => !new RegExp(`\\b${name}\\b`).test(configSource));
    expect(unknown).toEqual([]);
  });

  it('gives a valid configuration for each unit: the environment file plus the unit’s own variables', () => {
    const [envFile = ''] = blocks('sh');
    const shared = assignments(envFile.replace(/^#.*$/gm, ''));
    expect(Object.keys(shared)).toEqual(expect.arrayContaining(['QUIRE_DATABASE_URL', 'QUIRE_PUBLIC_URL', 'QUIRE_TRUST_PROXY']));
    const units = blocks('ini');
    expect(units).toHaveLength(2);
    for (const unit of units) {
      const own = assignments(
        unit
          .split('\n')
          .filter((l) => l.startsWith('Environment='))
          .join(' ')
          .replaceAll('Environment=', ' '),
      );
      const config = loadConfig({ ...shared, ...own });
      expect(config.database.kind).toBe('postgres');
      expect(config.storage.s3?.bucket).toBe(shared.QUIRE_S3_BUCKET);
      expect(config.trustProxy).toBeTruthy();
      expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
      const stopSec = Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1]);
      if (unit.includes('dist/server/worker.js')) {
        expect(config.convert.concurrency).toBeGreaterThan(0);
        expect(config.worker.healthPort).toBeDefined();
        expect(stopSec * 1000).toBeGreaterThan(config.worker.drainMs);
      } else {
        expect(unit).toContain('dist/server/main.js');
        expect(config.convert.concurrency).toBe(0);
        expect(config.privacy.jobs).toBe(0);
        expect(stopSec).toBeGreaterThan(10);
      }
    }
  });

  it('has the proxies check /readyz and take large uploads', () => {
    const [caddy = ''] = blocks('caddyfile');
    const [nginx = ''] = blocks('nginx');
    expect(caddy).toMatch(/health_uri \/readyz/);
    expect(caddy).toMatch(/max_size \d+MB/);
    expect(nginx).toMatch(/client_max_body_size \d+m;/);
    expect(nginx).toMatch(/proxy_read_timeout \d+s;/);
    expect(nginx).toMatch(/\/readyz/);
    expect(nginx).toMatch(/X-Forwarded-For/);
  });
});
