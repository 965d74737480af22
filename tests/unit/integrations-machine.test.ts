import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { leadForm, webhook } from '../../machines/triggers/fixtures';
import { type IntegrationChange, integrationsMachine } from '../../machines/triggers/integrations.machine';
import type { TriggerConfig } from '../../src/contracts/triggers';

/** The integrations machine with a fake server: the list loads empty; a create fails when `refuse` says so. */
function start(refuse: () => boolean) {
  const sent: IntegrationChange[] = [];
  const actor = createActor(
    integrationsMachine.provide({
      actors: {
        loadIntegrations: fromPromise<TriggerConfig[]>(async () => []),
        changeIntegration: fromPromise(async ({ input }: { input: IntegrationChange }) => {
          sent.push(input);
          if (refuse()) throw { kind: 'server', type: 'VALIDATION', code: 400 };
          return [leadForm, webhook];
        }),
      },
    }),
  ).start();
  return { actor, sent };
}

describe('integrations machine: the create form', () => {
  it('keeps what was typed when the server refuses the create, and clears it once created', async () => {
    let refuse = true;
    const { actor, sent } = start(() => refuse);
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'user.setKind', kind: 'webhook' });
    actor.send({ type: 'user.setName', name: '  CRM  ' });
    actor.send({ type: 'user.setUrl', url: 'https://hooks.example.com/q' });
    actor.send({ type: 'user.create' });
    // Typing goes on while the call is on its way.
    expect(actor.getSnapshot().matches({ ready: 'creating' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(sent).toEqual([{ action: 'create', kind: 'webhook', name: 'CRM', url: 'https://hooks.example.com/q' }]);
    expect(actor.getSnapshot().context.error).toBe('errors.VALIDATION.400');
    expect(actor.getSnapshot().context.draft).toEqual({ kind: 'webhook', name: '  CRM  ', url: 'https://hooks.example.com/q' });

    refuse = false;
    actor.send({ type: 'user.create' });
    await waitFor(actor, (s) => s.matches({ ready: { idle: 'loaded' } }));
    expect(actor.getSnapshot().context).toMatchObject({ error: null, draft: { kind: 'webhook', name: '', url: '' } });
  });

  it('sends no URL for a lead form and refuses an invalid draft', async () => {
    const { actor, sent } = start(() => false);
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'user.create' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    actor.send({ type: 'user.setUrl', url: 'https://x.example' });
    actor.send({ type: 'user.setName', name: 'Form' });
    actor.send({ type: 'user.create' });
    await waitFor(actor, (s) => s.matches({ ready: { idle: 'loaded' } }));
    expect(sent).toEqual([{ action: 'create', kind: 'leadform', name: 'Form' }]);
  });
});
