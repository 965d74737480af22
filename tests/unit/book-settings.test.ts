import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AlertRequest } from '../../machines/alert.machine';
import { FOLDERS, NOW, PRESETS, privateBook, settingsBook } from '../../machines/book-settings/fixtures';
import {
  bulkForm,
  canApplyDate,
  changedFields,
  customFlags,
  fieldError,
  formOfBook,
  payloadOf,
  presetFallback,
  presetsOf,
  rightsOf,
  roundUpToStep,
} from '../../machines/book-settings/form';
import { type BookSettingsInput, bookSettingsMachine, type RenewInput, type SaveInput } from '../../machines/book-settings.machine';
import { bookPresetsOf } from '../../src/api/presets';
import type { AccountMode } from '../../src/contracts/accounts';
import type { Book, BulkItemResult } from '../../src/contracts/books';

const MIN = 60_000;
const renewedBook: Book = { ...privateBook, url: { ...privateBook.url, private: '/read/b2?token=new' } };

describe('book settings rules', () => {
  it('rounds times up to the next 5 minutes, keeping exact steps', () => {
    expect(new Date(roundUpToStep(NOW)).toISOString()).toBe('2026-03-02T09:05:00.000Z');
    expect(roundUpToStep(Date.UTC(2026, 0, 1, 10, 5))).toBe(Date.UTC(2026, 0, 1, 10, 5));
    expect(roundUpToStep(Date.UTC(2026, 0, 1, 10, 5, 0, 1))).toBe(Date.UTC(2026, 0, 1, 10, 10));
  });

  it('applies a date only from now (rounded up) to the end of current + 10 years', () => {
    expect(canApplyDate(NOW - 10 * MIN, NOW)).toBe(false);
    expect(canApplyDate(NOW, NOW)).toBe(true); // rounds up to 09:05
    expect(canApplyDate(NOW + 86_400_000, NOW)).toBe(true);
    expect(canApplyDate(new Date(2037, 0, 1).getTime(), NOW)).toBe(false);
    expect(canApplyDate(new Date(2036, 5, 1).getTime(), NOW)).toBe(true);
    expect(canApplyDate(null, NOW)).toBe(false);
  });

  it('gates scheduling to premium and up and hides the custom-URL help for platinum', () => {
    const modes: AccountMode[] = ['FREE', 'PREMIUM', 'PLATINUM'];
    expect(modes.map(rightsOf)).toEqual([
      { schedule: false, customHelp: true },
      { schedule: true, customHelp: true },
      { schedule: true, customHelp: false },
    ]);
  });

  it('validates with the contract rules (SPEC §5)', () => {
    const form = formOfBook(settingsBook);
    const custom = customFlags(form, PRESETS);
    const check = (field: Parameters<typeof fieldError>[0], value: unknown, flags = custom) =>
      fieldError(field, { ...form, [field]: value } as typeof form, flags, NOW);
    expect(check('name', '  ')).toBe('validation.required');
    expect(check('name', 'Fine')).toBeNull();
    expect(check('logo.link', 'not a url')).toBe('validation.url');
    expect(check('logo.link', 'javascript:alert(1)')).toBe('validation.url');
    expect(check('logo.link', 'https://example.org')).toBeNull();
    expect(check('skin.url', 'javascript:alert(1)')).toBe('validation.invalid');
    expect(check('skin.url', 'resource:abc123')).toBeNull();
    // In URL mode a selector takes only http(s) addresses, not tokens.
    expect(check('skin.url', 'classic', { ...custom, 'skin.url': true })).toBe('validation.url');
    expect(check('music.url', 'ftp://x.org/a.mp3')).toBe('validation.url');
    expect(check('license_mode', 'xyz')).toBe('validation.invalid');
    expect(check('comment_mode', 3)).toBe('validation.invalid');
    expect(check('publishing_mode', 7)).toBe('validation.invalid');
    expect(check('publish_date', Math.floor((NOW - MIN) / 1000))).toBe('book.settings.schedule.past');
    expect(check('publish_date', Math.floor((NOW + 10 * MIN) / 1000))).toBeNull();
    expect(check('publish_date', null)).toBeNull();
  });

  it('starts the custom-URL switch on for values that are no preset', () => {
    const flags = customFlags(formOfBook(settingsBook), PRESETS);
    expect(flags['logo.link']).toBe(true);
    expect(flags['skin.url']).toBe(false);
    expect(flags['bg.url']).toBe(false);
    expect(presetFallback('logo.link', 'https://example.org/about', PRESETS)).toBe('');
    expect(presetFallback('skin.url', 'https://x.org/skin', PRESETS)).toBe('2021');
    expect(presetFallback('bg.url', 'resource:a2', PRESETS)).toBe('resource:a2');
  });

  it('sends what changed for one book and what was touched in a bulk edit', () => {
    const saved = formOfBook(settingsBook);
    const changed = { ...saved, 'document.view': 'slide', 'bg.url': '' };
    expect(changedFields(changed, saved, [], false)).toEqual(['document.view']);
    const bulk = bulkForm('PREMIUM');
    expect(changedFields(bulk, bulk, ['download_mode', 'name'], true)).toEqual(['download_mode']);
    expect(payloadOf({ ...saved, 'logo.url': '' }, ['logo.url', 'name'])).toEqual({ 'logo.url': null, name: 'Annual report 2025' });
  });
});

interface Harness {
  saves: SaveInput[];
  alerts: AlertRequest[];
  closed: boolean[];
  stored: (Record<string, unknown> | null)[];
  renewals: RenewInput[];
}

function start(
  input: BookSettingsInput,
  fakes: { presets?: () => Promise<unknown>; save?: (i: SaveInput) => Promise<BulkItemResult[]>; renew?: () => Promise<Book> } = {},
) {
  const h: Harness = { saves: [], alerts: [], closed: [], stored: [], renewals: [] };
  const books: Record<string, Book> = { b1: settingsBook, b2: privateBook };
  const machine = bookSettingsMachine.provide({
    actors: {
      loadPresets: fromPromise(async () => (fakes.presets ? ((await fakes.presets()) as typeof PRESETS) : PRESETS)),
      loadFolders: fromPromise(async () => FOLDERS),
      loadBook: fromPromise(async ({ input }: { input: { ids: string[] } }) =>
        input.ids.length === 1 ? (books[input.ids[0] ?? ''] ?? null) : null,
      ),
      saveBooks: fromPromise(async ({ input }: { input: SaveInput }) => {
        h.saves.push(input);
        return fakes.save ? fakes.save(input) : input.ids.map((id) => ({ id, status: 'ok' as const }));
      }),
      renewLink: fromPromise(async ({ input }: { input: RenewInput }) => {
        h.renewals.push(input);
        return fakes.renew ? fakes.renew() : renewedBook;
      }),
    },
    actions: {
      notify: (_, { alerts }) => void h.alerts.push(...alerts),
      close: (_, { saved }) => void h.closed.push(saved),
      storePresets: (_, { presets }) => void h.stored.push(presets),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, h, ctx: () => actor.getSnapshot().context };
}

const editing = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches('editing'));

describe('book settings machine', () => {
  it('loads presets, folders and the book, then checks rights', async () => {
    const { actor, ctx } = start({ ids: ['b1'], mode: 'FREE' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await editing(actor);
    expect(ctx().rights).toEqual({ schedule: false, customHelp: true });
    expect(ctx().values.name).toBe('Annual report 2025');
    expect(ctx().folders).toHaveLength(2);
    expect(ctx().custom['logo.link']).toBe(true);
    // Free accounts cannot open the picker.
    expect(actor.getSnapshot().can({ type: 'user.openPicker', now: NOW })).toBe(false);
  });

  it('closes with an alert when the presets fail (SPEC §8)', async () => {
    const { actor, h } = start({ ids: ['b1'], mode: 'PREMIUM' }, { presets: () => Promise.reject({ kind: 'network', status: 0 }) });
    await waitFor(actor, (s) => s.status === 'done');
    expect(h.closed).toEqual([false]);
    expect(h.alerts).toEqual([{ type: 'error', message: { id: 'commons.requestError' } }]);
  });

  it('refuses an invalid form before sending: the tab of the field, publish.form.error', async () => {
    const { actor, ctx, h } = start({ ids: ['b1'], mode: 'PREMIUM' });
    await editing(actor);
    actor.send({ type: 'user.tab', tab: 'sound' });
    actor.send({ type: 'user.field', field: 'name', value: '' });
    expect(ctx().errors.name).toBe('validation.required');
    actor.send({ type: 'user.save', now: NOW });
    expect(h.saves).toHaveLength(0);
    expect(ctx().tab).toBe('general');
    expect(ctx().formError).toBe('publish.form.error');
  });

  it('saves only the changed fields, alerts publish.updateSuccess, closes saved and stores presets when asked', async () => {
    const { actor, h } = start({ ids: ['b1'], mode: 'PREMIUM' });
    await editing(actor);
    actor.send({ type: 'user.field', field: 'document.view', value: 'slide' });
    actor.send({ type: 'user.field', field: 'skin.url', value: 'night' });
    actor.send({ type: 'user.savePresets', on: true });
    actor.send({ type: 'user.save', now: NOW });
    await waitFor(actor, (s) => s.status === 'done');
    expect(h.saves).toEqual([{ ids: ['b1'], fields: { 'document.view': 'slide', 'skin.url': 'night' } }]);
    expect(h.alerts).toContainEqual({ type: 'success', message: { id: 'publish.updateSuccess' } });
    expect(h.closed).toEqual([true]);
    expect(h.stored[0]).toMatchObject({ 'document.view': 'slide', 'skin.url': 'night', 'logo.link': 'https://example.org/about' });
  });

  it('restores the previous attributes when the server refuses, on the tab of the refused field', async () => {
    const refusal = { kind: 'server', type: 'VALIDATION', code: 1, content: { fields: ['logo.link'] } };
    const { actor, ctx, h } = start({ ids: ['b1'], mode: 'PREMIUM' }, { save: () => Promise.reject(refusal) });
    await editing(actor);
    const before = ctx().saved;
    actor.send({ type: 'user.field', field: 'logo.link', value: 'https://example.org/new' });
    actor.send({ type: 'user.save', now: NOW });
    await waitFor(actor, (s) => s.matches('editing') && s.context.formError !== null);
    expect(ctx().saved).toEqual(before);
    expect(ctx().values['logo.link']).toBe('https://example.org/new');
    expect(ctx().tab).toBe('branding');
    expect(ctx().errors['logo.link']).toBe('validation.invalid');
    expect(h.alerts).toEqual([{ type: 'error', message: { id: 'errors.VALIDATION.1' } }]);
    expect(h.closed).toEqual([]);
  });

  it('schedules in 5-minute steps and cancelling resets to now', async () => {
    const { actor, ctx } = start({ ids: ['b1'], mode: 'PREMIUM' });
    await editing(actor);
    actor.send({ type: 'user.openPicker', now: NOW });
    expect(ctx().draft).toBe(roundUpToStep(NOW));
    actor.send({ type: 'user.pickDate', at: NOW - 3_600_000 });
    expect(actor.getSnapshot().can({ type: 'user.applyDate', now: NOW })).toBe(false);
    actor.send({ type: 'user.pickDate', at: NOW + 3_600_000 + 1000 });
    actor.send({ type: 'user.applyDate', now: NOW });
    expect(ctx().values.publish_date).toBe(Date.UTC(2026, 2, 2, 10, 5) / 1000);
    actor.send({ type: 'user.openPicker', now: NOW });
    expect(ctx().draft).toBe(Date.UTC(2026, 2, 2, 10, 5));
    actor.send({ type: 'user.cancelPicker' });
    expect(ctx().values.publish_date).toBeNull();
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
  });

  it('refuses a scheduled date that passed while the form was open', async () => {
    const { actor, ctx, h } = start({ ids: ['b1'], mode: 'PREMIUM' });
    await editing(actor);
    actor.send({ type: 'user.openPicker', now: NOW });
    actor.send({ type: 'user.applyDate', now: NOW });
    actor.send({ type: 'user.save', now: NOW + 3_600_000 });
    expect(h.saves).toHaveLength(0);
    expect(ctx().errors.publish_date).toBe('book.settings.schedule.past');
  });

  it('bulk: starts from the defaults, sends the touched fields to every id, keeps per-item refusals', async () => {
    const { actor, ctx, h } = start(
      { ids: ['b1', 'b2'], mode: 'PLATINUM' },
      {
        save: (i) =>
          Promise.resolve([
            { id: i.ids[0] ?? '', status: 'ok' },
            { id: i.ids[1] ?? '', status: 'error', code: 423 },
          ]),
      },
    );
    await editing(actor);
    expect(ctx().book).toBeNull();
    expect(ctx().rights?.customHelp).toBe(false);
    expect(actor.getSnapshot().can({ type: 'user.field', field: 'name', value: 'x' })).toBe(false);
    actor.send({ type: 'user.field', field: 'download_mode', value: 0 });
    actor.send({ type: 'user.save', now: NOW });
    await waitFor(actor, (s) => s.status === 'done');
    expect(h.saves).toEqual([{ ids: ['b1', 'b2'], fields: { download_mode: 0 } }]);
    expect(h.alerts).toEqual([
      { type: 'error', message: { id: 'errors.BULK.423' } },
      { type: 'success', message: { id: 'publish.updateSuccess' } },
    ]);
    expect(h.closed).toEqual([true]);
  });

  it('bulk refused as a whole stays open with the form error', async () => {
    const { actor, ctx, h } = start(
      { ids: ['b1', 'b2'], mode: 'PREMIUM' },
      { save: (i) => Promise.resolve(i.ids.map((id) => ({ id, status: 'error' as const, code: 404 }))) },
    );
    await editing(actor);
    actor.send({ type: 'user.field', field: 'share_mode', value: 0 });
    actor.send({ type: 'user.save', now: NOW });
    await waitFor(actor, (s) => s.matches('editing') && s.context.formError !== null);
    expect(h.closed).toEqual([]);
    expect(h.alerts).toEqual([{ type: 'error', message: { id: 'errors.BULK.404' } }]);
    expect(ctx().formError).toBe('publish.form.error');
    // The saved attributes are back: the change is still pending and a retry sends it again.
    expect(ctx().saved.share_mode).toBe(1);
    expect(ctx().values.share_mode).toBe(0);
  });

  it('renews the private link after a confirmation, shows the new one and closes as changed', async () => {
    const { actor, ctx, h } = start({ ids: ['b2'], mode: 'PREMIUM' });
    await editing(actor);
    actor.send({ type: 'user.renewLink' });
    expect(actor.getSnapshot().matches({ editing: 'confirmingRenew' })).toBe(true);
    // Cancelling sends nothing.
    actor.send({ type: 'user.cancelRenew' });
    expect(actor.getSnapshot().matches({ editing: { idle: 'ready' } })).toBe(true);
    actor.send({ type: 'user.renewLink' });
    actor.send({ type: 'user.confirmRenew' });
    expect(actor.getSnapshot().matches('renewing')).toBe(true);
    // No save and no close while the server renews.
    expect(actor.getSnapshot().can({ type: 'user.save', now: NOW })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'user.close' })).toBe(false);
    await waitFor(actor, (s) => s.matches({ editing: { idle: 'renewed' } }));
    expect(h.renewals).toEqual([{ id: 'b2' }]);
    expect(ctx().book?.url.private).toBe('/read/b2?token=new');
    expect(h.alerts).toEqual([]);
    // Closing without a save still tells the list the book changed (its covers carry new tokens).
    actor.send({ type: 'user.close' });
    expect(h.closed).toEqual([true]);
    expect(h.saves).toHaveLength(0);
  });

  it('keeps the previous link when the renewal fails, with the error alert', async () => {
    const { actor, ctx, h } = start({ ids: ['b2'], mode: 'PREMIUM' }, { renew: () => Promise.reject({ kind: 'network', status: 0 }) });
    await editing(actor);
    actor.send({ type: 'user.renewLink' });
    actor.send({ type: 'user.confirmRenew' });
    await waitFor(actor, (s) => s.matches({ editing: { idle: 'renewFailed' } }));
    expect(ctx().book?.url.private).toBe('/read/b2?token=abc');
    expect(h.alerts).toEqual([{ type: 'error', message: { id: 'commons.requestError' } }]);
    // It may be tried again; closing reports no change.
    expect(actor.getSnapshot().can({ type: 'user.renewLink' })).toBe(true);
    actor.send({ type: 'user.close' });
    expect(h.closed).toEqual([false]);
  });

  it('offers renewal only while a private link is shown', async () => {
    const { actor } = start({ ids: ['b1'], mode: 'PREMIUM' });
    await editing(actor);
    expect(actor.getSnapshot().can({ type: 'user.renewLink' })).toBe(false);
    const priv = start({ ids: ['b2'], mode: 'PREMIUM' });
    await editing(priv.actor);
    expect(priv.actor.getSnapshot().can({ type: 'user.renewLink' })).toBe(true);
    // Switched off in the form (not saved yet): the link is hidden, so is its renewal, and an open
    // confirmation goes away.
    priv.actor.send({ type: 'user.renewLink' });
    priv.actor.send({ type: 'user.field', field: 'private_url', value: 0 });
    expect(priv.actor.getSnapshot().matches({ editing: { idle: 'ready' } })).toBe(true);
    expect(priv.actor.getSnapshot().can({ type: 'user.renewLink' })).toBe(false);
  });

  it('closes unsaved when nothing changed', async () => {
    const { actor, h } = start({ ids: ['b1'], mode: 'PREMIUM' });
    await editing(actor);
    actor.send({ type: 'user.save', now: NOW });
    expect(actor.getSnapshot().status).toBe('done');
    expect(h.saves).toHaveLength(0);
    expect(h.closed).toEqual([false]);
  });
});

describe('saved presets for later uploads', () => {
  it('keeps valid presentation fields of config.bookPresets only', () => {
    const user = {
      config: {
        bookPresets: {
          'skin.url': 'night',
          'document.view': 'slide',
          'logo.link': 'javascript:alert(1)',
          'music.url': null,
          'bg.url': '',
          'sfx.mode': 1,
          name: 'not a preset field',
          download_mode: 0,
        },
      },
    };
    expect(bookPresetsOf(user)).toEqual({ 'skin.url': 'night', 'document.view': 'slide', 'sfx.mode': 1 });
    expect(bookPresetsOf(null)).toEqual({});
    expect(bookPresetsOf({ config: { bookPresets: 'x' } })).toEqual({});
  });

  it('round-trips what the modal stores', () => {
    const stored = presetsOf({ ...formOfBook(settingsBook), 'skin.url': 'classic', 'bg.url': 'resource:a2' });
    expect(bookPresetsOf({ config: { bookPresets: stored } })).toEqual({
      'document.view': 'auto',
      read_mode: 0,
      'skin.url': 'classic',
      'bg.url': 'resource:a2',
      'logo.link': 'https://example.org/about',
      'music.mode': 0,
      'sfx.mode': 0,
    });
  });
});
