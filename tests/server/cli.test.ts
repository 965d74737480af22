import { describe, expect, it } from 'vitest';
import type { Config } from '../../src/server/config';
import { call, login, register, registerActive, uniqueEmail, useAccountsApp } from './accounts-support';
import { bundleServerEntry, cliEnv, runBundle } from './bundle-support';
import { DIALECTS } from './helpers';
import { makeBook } from './reader-support';

const BUNDLE = bundleServerEntry('cli');

const envOf = (config: Config) => cliEnv(config);
const run = (args: string[], env: Record<string, string>) => runBundle(BUNDLE, args, env);

describe.each(DIALECTS)('admin command (bundled cli.js) on %s', (dialect) => {
  const ctx = useAccountsApp(dialect);

  it('sets the mode, profile type and activation; the API reads them back; list shows them', async () => {
    const email = uniqueEmail('cli');
    await register(ctx, email);
    const env = envOf(ctx.config);

    const set = await run(
      ['account', 'set', '--email', email.toUpperCase(), '--mode', 'premium', '--profile-type', '2', '--activate'],
      env,
    );
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    expect(set.stdout).toContain(`${email}: account "Ada Books" type PREMIUM, mode PREMIUM; profile type 2, active`);

    // Activated by the command: the password login works and the account reads back as premium.
    const { content } = await login(ctx, email);
    expect(content.account).toMatchObject({ mode: 'PREMIUM', type: 'PREMIUM', limits: { filesize: 500 * 1024 * 1024 } });
    expect(content.profile).toMatchObject({ type: 2, isActive: true });

    const demo = await run(['account', 'set', '--email', email, '--type', 'PLATINUM_DEMO'], env);
    expect(demo.code).toBe(0);
    const refreshed = await call(ctx.app, '/profile/session', undefined, { token: content.session.access_token });
    expect(refreshed.json().content.account).toMatchObject({ type: 'PLATINUM_DEMO', mode: 'PLATINUM' });
    expect(refreshed.json().ats).toBeGreaterThan(0);
    expect(refreshed.json().content.tour).toEqual({});

    // Every guided tour marked seen (test set-ups, or a user who asked never to see them).
    const tours = await run(['account', 'set', '--email', email, '--tours-seen'], env);
    expect(tours.code).toBe(0);
    const seen = await call(ctx.app, '/profile/session', undefined, { token: content.session.access_token });
    expect(seen.json().content.tour).toEqual({ dashboard: true, books: true });

    const other = uniqueEmail('cli-other');
    await registerActive(ctx, other);
    const list = await run(['account', 'list'], env);
    expect(list.code).toBe(0);
    const lines = list.stdout.trim().split('\n');
    expect(lines[0]).toBe('email\tactive\tprofile_type\taccount\ttype\tmode\tcreated');
    expect(lines.find((l) => l.startsWith(`${email}\t`))).toMatch(/\tyes\t2\tAda Books\tPLATINUM_DEMO\tPLATINUM\t\d{4}-/);
    expect(lines.find((l) => l.startsWith(`${other}\t`))).toMatch(/\tyes\t1\tAda Books\tFREE\tFREE\t/);
    expect(list.stderr).toMatch(/^\d+ profiles\n$/);
  });

  it('fails clearly: unknown address (1), bad values and usage (2), bad configuration (1)', async () => {
    const env = envOf(ctx.config);
    const unknown = await run(['account', 'set', '--email', 'nobody@example.com', '--mode', 'FREE'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no profile with the e-mail address nobody@example.com');

    for (const [args, text] of [
      [['account', 'set', '--email', 'a@b.co', '--mode', 'GOLD'], '--mode must be one of FREE, PREMIUM, PLATINUM'],
      [['account', 'set', '--email', 'a@b.co', '--profile-type', '7'], '--profile-type must be 0, 1, 2 or 3'],
      [['account', 'set', '--email', 'a@b.co'], 'nothing to change'],
      [['account', 'set', '--mode', 'FREE'], '--email is required'],
      [['account', 'set', '--email', 'a@b.co', '--color', 'red'], 'Unknown option'],
      [['account', 'delete'], 'unknown command'],
      [[], 'Usage:'],
    ] as const) {
      const res = await run([...args], env);
      expect(res.code, args.join(' ')).toBe(2);
      expect(res.stderr + res.stdout).toContain(text);
    }
    const noBook = await run(['book', 'feature', '--id', 'missing'], env);
    expect(noBook.code).toBe(1);
    expect(noBook.stderr).toContain('no book with the id missing');
    expect((await run(['book', 'feature'], env)).stderr).toContain('--id is required');
    const badConfig = await run(['account', 'list'], { ...env, QUIRE_TOKEN_TTL: 'soon' });
    expect(badConfig.code).toBe(1);
    expect(badConfig.stderr).toContain('quire: invalid configuration — QUIRE_TOKEN_TTL');
  });

  it('features a book for the explorer, and takes it back with --off', async () => {
    const email = uniqueEmail('cli-feature');
    await registerActive(ctx, email);
    const { content } = await login(ctx, email);
    const id = await makeBook(ctx.app, content.account.id, { name: 'Pick of the week' });
    const env = envOf(ctx.config);
    const featured = await run(['book', 'feature', '--id', id], env);
    expect(featured.code).toBe(0);
    expect(featured.stdout).toContain(`${id}: featured`);
    const list = await ctx.app.inject({ method: 'GET', url: '/explorer?tab=featured' });
    expect(list.body).toContain('Pick of the week');
    expect((await run(['book', 'feature', '--id', id, '--off'], env)).stdout).toContain(`${id}: not featured`);
    expect((await ctx.app.inject({ method: 'GET', url: '/explorer?tab=featured' })).body).not.toContain('Pick of the week');
  });
});
