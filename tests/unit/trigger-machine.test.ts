import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type TriggerLoadOutput, type TriggerSave, triggerMachine } from '../../machines/trigger.machine';
import { disabledForm, downloadTrigger, leadForm, openTrigger, webhook } from '../../machines/triggers/fixtures';
import { type BookTrigger, effectiveRepeatingMode, shouldAsk, typeAllowed } from '../../src/contracts/triggers';

/** The trigger machine with a fake server: loads `load`, answers saves with `save` (or fails). */
function start(load: TriggerLoadOutput, options: { modes?: [number, number]; failSave?: boolean; failDelete?: boolean } = {}) {
  const saves: TriggerSave[] = [];
  const settle: { resolve?: () => void } = {};
  const actor = createActor(
    triggerMachine.provide({
      actors: {
        loadTriggers: fromPromise(async () => load),
        saveTrigger: fromPromise(async ({ input }: { input: TriggerSave }) => {
          saves.push(input);
          await new Promise<void>((resolve) => {
            settle.resolve = resolve;
          });
          if (options.failSave) throw { kind: 'server', type: 'TRIGGER', code: 702 };
          const id = input.kind === 'create' ? `t-${input.type}` : input.id;
          return { ...openTrigger, ...input, id } as BookTrigger;
        }),
        deleteTrigger: fromPromise(async () => {
          if (options.failDelete) throw { kind: 'network' };
        }),
      },
    }),
    { input: { bookId: 'b1', downloadMode: options.modes?.[0] ?? 2, printMode: options.modes?.[1] ?? 2 } },
  ).start();
  return { actor, saves, settle };
}
const until = (actor: ReturnType<typeof start>['actor'], check: () => boolean) =>
  new Promise<void>((resolve) => {
    if (check()) return resolve();
    const sub = actor.subscribe(() => {
      if (check()) {
        sub.unsubscribe();
        resolve();
      }
    });
  });

describe('SPEC §4 repeating_mode rule', () => {
  it('switches once to until done when mandatory, and until done to always without support', () => {
    expect(effectiveRepeatingMode(true, 1, 65536)).toBe(2);
    expect(effectiveRepeatingMode(true, 1, 0)).toBe(3);
    expect(effectiveRepeatingMode(false, 1, 0)).toBe(1);
    expect(effectiveRepeatingMode(false, 2, 0)).toBe(3);
    expect(effectiveRepeatingMode(false, 2, 65536 | 1)).toBe(2);
    expect(effectiveRepeatingMode(true, 3, 65536)).toBe(3);
  });
  it('types 2 and 3 need their mode on (SPEC §5)', () => {
    expect(typeAllowed(1, { download_mode: 0, print_mode: 0 })).toBe(true);
    expect(typeAllowed(2, { download_mode: 0, print_mode: 2 })).toBe(false);
    expect(typeAllowed(2, { download_mode: 1, print_mode: 0 })).toBe(true);
    expect(typeAllowed(3, { download_mode: 2, print_mode: 0 })).toBe(false);
  });
});

describe('trigger machine', () => {
  it('lands in none available, empty or loaded', async () => {
    const none = start({ triggers: [], integrations: [disabledForm] });
    await until(none.actor, () => !none.actor.getSnapshot().matches('loading'));
    expect(none.actor.getSnapshot().matches({ ready: 'none' })).toBe(true);
    const empty = start({ triggers: [], integrations: [leadForm] });
    await until(empty.actor, () => !empty.actor.getSnapshot().matches('loading'));
    expect(empty.actor.getSnapshot().matches({ ready: { editing: 'empty' } })).toBe(true);
    const loaded = start({ triggers: [openTrigger], integrations: [leadForm] });
    await until(loaded.actor, () => !loaded.actor.getSnapshot().matches('loading'));
    expect(loaded.actor.getSnapshot().matches({ ready: { editing: 'loaded' } })).toBe(true);
  });

  it('adds a new trigger not mandatory with mode 3, once per type, download only when on', async () => {
    const { actor, saves, settle } = start({ triggers: [openTrigger], integrations: [leadForm, webhook] }, { modes: [0, 2] });
    await until(actor, () => actor.getSnapshot().matches('ready'));
    const s = actor.getSnapshot();
    expect(s.can({ type: 'user.add', triggerType: 1, config: leadForm.id })).toBe(false);
    expect(s.can({ type: 'user.add', triggerType: 2, config: leadForm.id })).toBe(false);
    expect(s.can({ type: 'user.add', triggerType: 3, config: 'nope' })).toBe(false);
    actor.send({ type: 'user.add', triggerType: 3, config: leadForm.id });
    expect(saves[0]).toMatchObject({ kind: 'create', type: 3, is_mandatory: false, repeating_mode: 3 });
    settle.resolve?.();
    await until(actor, () => actor.getSnapshot().matches({ ready: 'editing' }));
    expect(actor.getSnapshot().context.triggers.map((t) => t.id)).toEqual(['t-open', 't-3']);
    // The settings modal turns download on: type 2 becomes possible.
    actor.send({ type: 'modes.changed', downloadMode: 2, printMode: 2 });
    expect(actor.getSnapshot().can({ type: 'user.add', triggerType: 2, config: leadForm.id })).toBe(true);
  });

  it('mandatory switches once to until done; once is refused while mandatory; until done needs support', async () => {
    const once = { ...openTrigger, repeating_mode: 1 as const };
    const hooked = {
      ...downloadTrigger,
      id: 't-hook',
      type: 2 as const,
      config: webhook.id,
      is_mandatory: false,
      repeating_mode: 3 as const,
    };
    const { actor, saves, settle } = start({ triggers: [once, hooked], integrations: [leadForm, webhook] });
    await until(actor, () => actor.getSnapshot().matches('ready'));
    actor.send({ type: 'user.setMandatory', id: once.id, value: true });
    expect(saves[0]).toEqual({ kind: 'update', id: once.id, is_mandatory: true, repeating_mode: 2 });
    settle.resolve?.();
    await until(actor, () => actor.getSnapshot().matches({ ready: 'editing' }));
    const s = actor.getSnapshot();
    expect(s.can({ type: 'user.setRepeating', id: once.id, mode: 1 })).toBe(false);
    expect(s.can({ type: 'user.setRepeating', id: once.id, mode: 3 })).toBe(true);
    expect(s.can({ type: 'user.setRepeating', id: hooked.id, mode: 2 })).toBe(false);
    expect(s.can({ type: 'user.setRepeating', id: hooked.id, mode: 1 })).toBe(true);
  });

  it('restores the previous attributes, or removes a new trigger, when a save fails', async () => {
    const { actor, settle } = start({ triggers: [openTrigger], integrations: [leadForm] }, { failSave: true });
    await until(actor, () => actor.getSnapshot().matches('ready'));
    actor.send({ type: 'user.setMandatory', id: openTrigger.id, value: true });
    expect(actor.getSnapshot().context.triggers[0]).toMatchObject({ is_mandatory: true, repeating_mode: 3 });
    settle.resolve?.();
    await until(actor, () => actor.getSnapshot().matches({ ready: 'editing' }));
    expect(actor.getSnapshot().context.triggers).toEqual([openTrigger]);
    expect(actor.getSnapshot().context.error).toBe('errors.TRIGGER.702');
    actor.send({ type: 'user.add', triggerType: 2, config: leadForm.id });
    expect(actor.getSnapshot().context.triggers).toHaveLength(2);
    settle.resolve?.();
    await until(actor, () => actor.getSnapshot().matches({ ready: 'editing' }));
    expect(actor.getSnapshot().context.triggers).toEqual([openTrigger]);
  });

  it('puts a trigger back where it was when a delete fails', async () => {
    const { actor } = start({ triggers: [openTrigger, downloadTrigger], integrations: [leadForm] }, { failDelete: true });
    await until(actor, () => actor.getSnapshot().matches('ready'));
    actor.send({ type: 'user.remove', id: openTrigger.id });
    expect(actor.getSnapshot().context.triggers.map((t) => t.id)).toEqual([downloadTrigger.id]);
    await until(actor, () => actor.getSnapshot().matches({ ready: 'editing' }));
    expect(actor.getSnapshot().context.triggers.map((t) => t.id)).toEqual([openTrigger.id, downloadTrigger.id]);
    expect(actor.getSnapshot().context.error).toBe('commons.requestError');
  });
});

describe('reader repeating modes', () => {
  const t = (repeating_mode: 1 | 2 | 3) => ({ id: 't', type: 2 as const, is_mandatory: false, repeating_mode });
  it('once asks only the first time, until done until sent, always always', () => {
    expect([null, 'shown', 'done'].map((r) => shouldAsk(t(1), r))).toEqual([true, false, false]);
    expect([null, 'shown', 'done'].map((r) => shouldAsk(t(2), r))).toEqual([true, true, false]);
    expect([null, 'shown', 'done'].map((r) => shouldAsk(t(3), r))).toEqual([true, true, true]);
  });
});
