import { describe, expect, it } from 'vitest';
import { createOrder, submitOrder } from '../../src/server/billing/orders';
import type { BillingConfig, Config } from '../../src/server/config';
import { register, uniqueEmail, useAccountsApp } from './accounts-support';
import { accountRow, BILLING_ENV, freeAccount } from './billing-support';
import { bundleServerEntry, cliEnv, runBundle } from './bundle-support';
import { DIALECTS } from './helpers';

const BUNDLE = bundleServerEntry('cli');

const envOf = (config: Config) => cliEnv(config, BILLING_ENV);
const run = (args: string[], env: Record<string, string>) => runBundle(BUNDLE, args, env);

describe.each(DIALECTS)('billing admin commands (bundled cli.js) on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, { env: BILLING_ENV });
  const submitted = async (accountId: string) =>
    submitOrder(
      ctx.app.db,
      await createOrder(
        ctx.app.db,
        ctx.config.billing as BillingConfig,
        {
          accountId,
          profileId: null,
          mode: 'PREMIUM',
          period: 'month',
          provider: 'manual',
          buyer: { name: 'B', address: '', country: 'FR', vat_id: '' },
          language: 'fr',
        },
        Date.now(),
      ),
      { providerRef: null, checkoutUrl: null },
      Date.now(),
    );

  it('order paid: the bank transfer arrived, the plan starts, the invoice is numbered; again: nothing changes', async () => {
    const env = envOf(ctx.config);
    const account = await freeAccount(ctx.app);
    const order = await submitted(account);
    const paid = await run(['order', 'paid', order.id], env);
    expect(paid.stderr).toBe('');
    expect(paid.code).toBe(0);
    expect(paid.stdout).toMatch(new RegExp(`^${order.id}: paid; invoice INV-\\d{6}; plan PREMIUM until `));
    expect(await accountRow(ctx.app, account)).toMatchObject({ mode: 'PREMIUM', type: 'PREMIUM' });
    const again = await run(['order', 'paid', order.id], env);
    expect(again).toMatchObject({ code: 0, stdout: `${order.id}: already paid, nothing changed\n` });
    const list = await run(['order', 'list', '--state', 'paid'], env);
    expect(list.stdout).toContain(order.id);
    expect(list.stdout).toMatch(/PREMIUM\/month\t11\.88 EUR/);
    // A paid order cannot be cancelled; it can be refunded (the account is free again).
    expect(await run(['order', 'cancel', order.id], env)).toMatchObject({ code: 1 });
    expect((await run(['order', 'refund', order.id], env)).stdout).toBe(`${order.id}: refunded\n`);
    expect((await accountRow(ctx.app, account)).mode).toBe('FREE');
    // The list's last column says what was refunded (the whole total here).
    const refunded = (await run(['order', 'list', '--state', 'refunded'], env)).stdout.split('\n');
    expect(refunded[0]?.split('\t').at(-1)).toBe('refunded');
    expect(
      refunded
        .find((l) => l.startsWith(order.id))
        ?.split('\t')
        .at(-1),
    ).toBe('11.88 EUR');
  });

  it('order cancel, unknown ids, usage errors, billing off', async () => {
    const env = envOf(ctx.config);
    const order = await submitted(await freeAccount(ctx.app));
    expect((await run(['order', 'cancel', order.id], env)).stdout).toBe(`${order.id}: cancelled\n`);
    const late = await run(['order', 'paid', order.id], env);
    expect(late.code).toBe(1);
    expect(late.stderr).toContain('is cancelled: it cannot be marked paid');
    expect((await run(['order', 'paid', 'nope'], env)).stderr).toContain('no order with the id nope');
    expect((await run(['order', 'paid'], env)).code).toBe(2);
    const off = await run(['order', 'paid', order.id], { ...env, QUIRE_BILLING_PROVIDERS: '' });
    expect(off).toMatchObject({ code: 1 });
    expect(off.stderr).toContain('billing is off');
  });

  it('a demo plan runs for its days; billing expire returns it to free', async () => {
    const env = envOf(ctx.config);
    const email = uniqueEmail('demo');
    await register(ctx, email);
    const set = await run(['account', 'set', '--email', email, '--type', 'PREMIUM_DEMO', '--days', '3'], env);
    expect(set.stderr).toBe('');
    expect(set.stdout).toMatch(/type PREMIUM_DEMO, mode PREMIUM until \d{4}-/);
    const profile = await ctx.app.db.selectFrom('profiles').select('account_id').where('email', '=', email).executeTakeFirstOrThrow();
    const row = await accountRow(ctx.app, profile.account_id);
    expect(row.expiration).toBeGreaterThan(Date.now() + 2.9 * 86_400_000);
    expect(row.expiration).toBeLessThan(Date.now() + 3.1 * 86_400_000);
    await ctx.app.db
      .updateTable('accounts')
      .set({ expiration: Date.now() - 1000 })
      .where('id', '=', profile.account_id)
      .execute();
    const expire = await run(['billing', 'expire'], env);
    expect(expire.stdout).toMatch(/^[1-9]\d* accounts? returned to free\n$/);
    expect(await accountRow(ctx.app, profile.account_id)).toMatchObject({ mode: 'FREE', type: 'FREE' });
    expect((await run(['account', 'set', '--email', email, '--mode', 'premium', '--days', '3'], env)).code).toBe(2);
  });
  it('account set --expires sets the plan’s end; a past one returns the account to free at the next expiry run; a bad date is a usage error', async () => {
    const env = envOf(ctx.config);
    const email = uniqueEmail('expires');
    await register(ctx, email);
    expect((await run(['account', 'set', '--email', email, '--mode', 'PREMIUM'], env)).code).toBe(0);
    const profile = await ctx.app.db.selectFrom('profiles').select('account_id').where('email', '=', email).executeTakeFirstOrThrow();
    const past = new Date(Date.now() - 60_000).toISOString();
    const set = await run(['account', 'set', '--email', email, '--expires', past], env);
    expect(set.stderr).toBe('');
    expect(set.stdout).toContain(`mode PREMIUM until ${past}`);
    expect((await accountRow(ctx.app, profile.account_id)).expiration).toBe(Date.parse(past));
    expect((await run(['billing', 'expire'], env)).code).toBe(0);
    expect(await accountRow(ctx.app, profile.account_id)).toMatchObject({ mode: 'FREE', type: 'FREE' });
    const bad = await run(['account', 'set', '--email', email, '--expires', 'someday'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--expires takes a date');
  });
});
