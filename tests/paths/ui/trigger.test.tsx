/**
 * The trigger tab through TriggerTabView, with the trigger calls of the settings modal
 * (src/web/components/triggers/api.ts, as books/settings/TriggerTab.tsx provides them) answered at the
 * network: a person adds a trigger, makes it mandatory, picks how often it asks, removes it; the
 * repeating-mode rules show as disabled choices.
 */
import { expect } from 'vitest';
import { page } from 'vitest/browser';
import { type Actor, type EventObject, fromPromise } from 'xstate';
import { type TriggerSave, triggerMachine } from '../../../machines/trigger.machine';
import { type BookTrigger, REPEATING_MODES, type RepeatingMode, type TriggerType } from '../../../src/contracts/triggers';
import { BOOK_TRIGGERS_URL, INTEGRATIONS_URL, triggersApi } from '../../../src/web/components/triggers/api';
import { TriggerTabView } from '../../../src/web/components/triggers/TriggerTabView';
import { describeUiPaths, message, see } from './harness';

type TriggerActor = Actor<typeof triggerMachine>;

const TYPES: Record<TriggerType, string> = { 1: 'When the publication opens', 2: 'Before a download', 3: 'Before printing' };
const MODES: Record<RepeatingMode, string> = { 1: 'Once', 2: 'Until done', 3: 'Always' };
const MANDATORY = 'Mandatory (the reader cannot skip it)';

const rows = () => page.getByRole('listitem');
const row = (t: Pick<BookTrigger, 'type'>) => rows().filter({ hasText: TYPES[t.type] });
const findTrigger = (actor: TriggerActor, id: string) => {
  const t = actor.getSnapshot().context.triggers.find((x) => x.id === id);
  if (!t) throw new Error(`no trigger ${id} in the list`);
  return t;
};

describeUiPaths<TriggerActor>('trigger', {
  mount: (run, input) => {
    const calls = triggersApi(run.api);
    const machine = triggerMachine.provide({
      actors: {
        loadTriggers: fromPromise(({ input: i, signal }: { input: { bookId: string }; signal: AbortSignal }) =>
          calls.load(i.bookId, signal),
        ),
        saveTrigger: fromPromise(({ input: save }: { input: TriggerSave }) => calls.save(save)),
        deleteTrigger: fromPromise(({ input: i }: { input: { id: string } }) => calls.remove(i.id)),
      },
    });
    const actor = run.create(machine, input);
    return { actor, view: <TriggerTabView actor={actor} /> };
  },
  async step(event, { net, actor }) {
    const e = event as unknown as { id: string; value: boolean; mode: RepeatingMode; triggerType: TriggerType; config: string };
    switch (event.type) {
      case 'user.retry':
        return page.getByRole('button', { name: 'Try again' }).click();
      case 'user.add': {
        const name = actor.getSnapshot().context.integrations.find((i) => i.id === e.config)?.name ?? e.config;
        await page.getByRole('combobox', { name: 'Show' }).selectOptions(TYPES[e.triggerType]);
        await page.getByRole('combobox', { name: 'Integration' }).selectOptions(name);
        return page.getByRole('button', { name: 'Add trigger' }).click();
      }
      case 'user.setMandatory':
        return row(findTrigger(actor, e.id)).getByRole('switch', { name: MANDATORY }).click();
      case 'user.setRepeating':
        return row(findTrigger(actor, e.id)).getByRole('radio', { name: MODES[e.mode] }).click();
      case 'user.remove': {
        const t = findTrigger(actor, e.id);
        return row(t)
          .getByRole('button', { name: `Remove the trigger “${TYPES[t.type]}”` })
          .click();
      }
      case 'modes.changed':
        // The settings modal's download and print switches (books/settings/TriggerTab.tsx sends this on a change).
        actor.send(event as EventObject as Parameters<TriggerActor['send']>[0]);
        return;
      case 'xstate.done.actor.loadTriggers':
      case 'xstate.error.actor.loadTriggers': {
        const list = await net.take('GET', BOOK_TRIGGERS_URL);
        const integrations = await net.take('GET', INTEGRATIONS_URL);
        expect(list.url.searchParams.get('book')).toBe(actor.getSnapshot().context.bookId);
        if (event.type.startsWith('xstate.error')) {
          net.answer(list, event);
          return net.answer(integrations, event);
        }
        const { output } = event as unknown as { output: { triggers: unknown; integrations: unknown } };
        net.ok(list, output.triggers);
        return net.ok(integrations, output.integrations);
      }
      case 'xstate.done.actor.saveTrigger':
      case 'xstate.error.actor.saveTrigger': {
        const pending = actor.getSnapshot().context.pending;
        const save = pending && 'save' in pending ? pending.save : null;
        if (!save) throw new Error('no save pending');
        const request =
          save.kind === 'create'
            ? await net.take('POST', `${BOOK_TRIGGERS_URL}create`)
            : await net.take('PATCH', `${BOOK_TRIGGERS_URL}update`);
        const { kind: _kind, tempId: _tempId, ...sent } = save as TriggerSave & { tempId?: string };
        expect(request.body).toEqual(sent);
        return net.answer(request, event);
      }
      case 'xstate.done.actor.deleteTrigger':
      case 'xstate.error.actor.deleteTrigger': {
        const request = await net.take('POST', `${BOOK_TRIGGERS_URL}delete`);
        const pending = actor.getSnapshot().context.pending;
        expect(request.body).toEqual({ id: pending && 'remove' in pending ? pending.remove.id : undefined });
        return net.answer(request, event);
      }
    }
    throw new Error(`no UI step for ${event.type}`);
  },
  async see(snapshot) {
    const { triggers, error } = snapshot.context;
    if (snapshot.matches('loading')) return see(page.getByText('Loading triggers…')).toBeVisible();
    // The last failure shows above the list until the next change (loading again hides it).
    const alert = page.getByRole('alert');
    if (error) await see(alert).toHaveTextContent(message(error));
    else await see(alert).not.toBeInTheDocument();
    if (snapshot.matches('failed')) return see(page.getByRole('button', { name: 'Try again' })).toBeEnabled();
    if (snapshot.matches({ ready: 'none' }))
      return see(page.getByRole('link', { name: 'Set up an integration' })).toHaveAttribute('href', '/account/integration');
    if (snapshot.matches({ ready: { editing: 'empty' } })) {
      await see(page.getByText('No trigger on this publication yet.')).toBeVisible();
      return see(rows()).not.toBeInTheDocument();
    }
    await expect.poll(() => rows().elements().length).toBe(triggers.length);
    const busy = snapshot.matches({ ready: 'saving' }) || snapshot.matches({ ready: 'deleting' });
    for (const t of triggers) {
      const r = row(t);
      const mandatory = see(r.getByRole('switch', { name: MANDATORY }));
      await mandatory.toHaveAttribute('aria-checked', String(t.is_mandatory));
      await (busy ? mandatory.toBeDisabled() : mandatory.toBeEnabled());
      for (const mode of REPEATING_MODES) {
        const radio = r.getByRole('radio', { name: MODES[mode] });
        await (t.repeating_mode === mode ? see(radio).toBeChecked() : see(radio).not.toBeChecked());
        // The rules: "once" cannot be chosen while the trigger is mandatory; nothing while a change saves.
        const allowed = mode === t.repeating_mode || snapshot.can({ type: 'user.setRepeating', id: t.id, mode });
        await (allowed && !t.id.startsWith('new-') ? see(radio).toBeEnabled() : see(radio).toBeDisabled());
        if (!busy && mode === 1 && t.is_mandatory && t.repeating_mode !== 1) await see(radio).toBeDisabled();
      }
    }
  },
});
