import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { consentsOutdated, contextErrors } from '../../../machines/activation.machine';
import { errors, HASH, loginContent } from '../../../machines/sign-up/fixtures';
import { provideActivation } from '../../../machines/sign-up/provide';
import { fakeServices, rejecting, until } from './sign-up-fakes';

function start(services = fakeServices()) {
  const actor = createActor(provideActivation(services), { input: { hash: HASH } });
  actor.start();
  return { actor, services };
}

describe('usage context rule (SPEC §5)', () => {
  it('ind and edu need nothing more; pro needs its three selects', () => {
    const fields = { company_activity_sector: '', job_title: 'cto', company_size: '' };
    expect(contextErrors({ usageContext: 'ind', fields })).toEqual({});
    expect(contextErrors({ usageContext: 'pro', fields })).toEqual({
      company_activity_sector: 'account.info.context.activate.error',
      company_size: 'account.info.context.activate.error',
    });
  });
  it('consents are outdated before the renewal date', () => {
    expect(consentsOutdated(loginContent({ modification: 1_500_000_000 }))).toBe(true);
    expect(consentsOutdated(loginContent({ modification: 1_700_000_000 }))).toBe(false);
  });
});

describe('activation machine (SPEC §4 Activation)', () => {
  it('no validate button before a context is chosen', () => {
    const { actor } = start();
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
    actor.send({ type: 'user.choose', context: 'pro' });
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(true);
  });

  it('an empty pro select shows the error and marks the empty fields; no call is made', () => {
    const { actor, services } = start();
    actor.send({ type: 'user.choose', context: 'pro' });
    actor.send({ type: 'user.setField', field: 'job_title', value: 'cto' });
    actor.send({ type: 'user.submit' });
    const s = actor.getSnapshot();
    expect(s.value).toBe('choosingContext');
    expect(s.context.errorId).toBe('account.info.context.activate.error');
    expect(Object.keys(s.context.errors).sort()).toEqual(['company_activity_sector', 'company_size']);
    actor.send({ type: 'user.setField', field: 'company_size', value: '11-50' });
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(['company_activity_sector']);
    expect(services.activate).not.toHaveBeenCalled();
  });

  it('activates with the pro fields, confirms with the answered hash, ends notif when consents are outdated', async () => {
    const { actor, services } = start(fakeServices({ confirmLogin: async () => loginContent({ modification: 1_500_000_000 }) }));
    actor.send({ type: 'user.choose', context: 'pro' });
    actor.send({ type: 'user.setField', field: 'company_activity_sector', value: 'publishing' });
    actor.send({ type: 'user.setField', field: 'job_title', value: 'other' });
    actor.send({ type: 'user.setField', field: 'company_size', value: '11-50' });
    actor.send({ type: 'user.submit' });
    const done = await until(actor, (s) => s.status === 'done');
    expect(services.activate.mock.calls[0]?.[0]).toEqual({
      hash: HASH,
      context: 'pro',
      fields: { company_activity_sector: 'publishing', job_title: 'other', company_size: '11-50' },
    });
    expect(services.confirmLogin.mock.calls[0]?.[0]).toEqual({ hash: 'l'.repeat(32) });
    expect(done.value).toBe('notif');
    expect(done.output).toEqual({ kind: 'notif', content: loginContent({ modification: 1_500_000_000 }) });
    // The marketing tracker's pro account activation (SPEC §7) hears of it once.
    expect(services.activated.mock.calls).toEqual([['pro']]);
  });

  it('ends success when consents are current (ind sends no fields)', async () => {
    const { actor, services } = start();
    actor.send({ type: 'user.choose', context: 'ind' });
    actor.send({ type: 'user.submit' });
    const done = await until(actor, (s) => s.status === 'done');
    expect(services.activate.mock.calls[0]?.[0]).toEqual({ hash: HASH, context: 'ind', fields: {} });
    expect(done.output).toEqual({ kind: 'success', content: loginContent() });
    expect(services.activated.mock.calls).toEqual([['ind']]);
  });

  it.each([
    ['activate', { activate: rejecting(errors.invalidReset) }, 'errors.AUTH.110'],
    ['confirm login', { confirmLogin: rejecting(errors.timeout) }, 'commons.requestTooLong'],
  ])('a failed %s ends failed with the message', async (_, overrides, id) => {
    const { actor, services } = start(fakeServices(overrides));
    actor.send({ type: 'user.choose', context: 'edu' });
    actor.send({ type: 'user.submit' });
    const done = await until(actor, (s) => s.status === 'done');
    expect(done.output).toEqual({ kind: 'failed', errorId: id });
    expect(services.activated).not.toHaveBeenCalled();
  });
});
