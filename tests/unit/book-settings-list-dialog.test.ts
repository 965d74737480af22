import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { fullPage } from '../../machines/book-list/fixtures';
import { bookListMachine, type LoadInput } from '../../machines/book-list.machine';

/** The book list's dialog region: which book opens which dialog, and what closing does to the list. */
async function start() {
  const loads: LoadInput[] = [];
  const machine = bookListMachine.provide({
    actors: {
      loadBooks: fromPromise(async ({ input }: { input: LoadInput }) => {
        loads.push(input);
        return fullPage;
      }),
    },
  });
  const actor = createActor(machine, { input: {} }).start();
  await waitFor(actor, (s) => s.matches({ list: 'ready' }));
  return { actor, loads, dialog: () => actor.getSnapshot().context.dialog };
}

describe('book list dialogs', () => {
  it('opens the settings of a valid book (a converting one included) but not of a blocked one', async () => {
    const { actor, dialog } = await start();
    expect(actor.getSnapshot().can({ type: 'user.openSettings', id: 'b5' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'user.openSettings', id: 'b3' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'user.openSettings', id: 'nope' })).toBe(false);
    actor.send({ type: 'user.openSettings', id: 'b1' });
    expect(dialog()).toEqual({ kind: 'settings', ids: ['b1'] });
    // One dialog at a time.
    expect(actor.getSnapshot().can({ type: 'user.openShare', id: 'b1' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'user.openEmbedLibrary' })).toBe(false);
  });

  it('opens the bulk settings with the selection only when there is one', async () => {
    const { actor, dialog } = await start();
    expect(actor.getSnapshot().can({ type: 'user.openBulkSettings' })).toBe(false);
    actor.send({ type: 'user.toggle', id: 'b1' });
    actor.send({ type: 'user.toggle', id: 'b2' });
    actor.send({ type: 'user.openBulkSettings' });
    expect(dialog()).toEqual({ kind: 'settings', ids: ['b1', 'b2'] });
  });

  it('shares and embeds finished valid books only; the library widget needs no book', async () => {
    const { actor, dialog } = await start();
    for (const id of ['b3', 'b4', 'b5']) {
      expect(actor.getSnapshot().can({ type: 'user.openShare', id })).toBe(false);
      expect(actor.getSnapshot().can({ type: 'user.openEmbed', id })).toBe(false);
    }
    actor.send({ type: 'user.openShare', id: 'b2' });
    expect(dialog()).toMatchObject({ kind: 'share', book: { id: 'b2' } });
    actor.send({ type: 'dialog.closed' });
    actor.send({ type: 'user.openEmbed', id: 'b1' });
    expect(dialog()).toMatchObject({ kind: 'embed', book: { id: 'b1' } });
    actor.send({ type: 'dialog.closed' });
    actor.send({ type: 'user.openEmbedLibrary' });
    expect(dialog()).toEqual({ kind: 'embed', book: null });
  });

  it('reloads the page when the settings closed saved, not otherwise', async () => {
    const { actor, loads, dialog } = await start();
    expect(loads).toHaveLength(1);
    actor.send({ type: 'user.openSettings', id: 'b1' });
    actor.send({ type: 'dialog.closed' });
    expect(dialog()).toBeNull();
    expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true);
    expect(loads).toHaveLength(1);
    actor.send({ type: 'user.openSettings', id: 'b1' });
    actor.send({ type: 'dialog.closed', saved: true });
    expect(dialog()).toBeNull();
    expect(actor.getSnapshot().matches({ list: 'loading' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(loads).toHaveLength(2);
  });
});
