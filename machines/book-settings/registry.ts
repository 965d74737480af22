import { type BookSettingsContext, bookSettingsMachine } from '../book-settings.machine';
import type { MachineEntry } from '../registry-types';
import { FOLDERS, NOW, PRESETS, privateBook, settingsBook } from './fixtures';
import { changedFields } from './form';

/** Registry entry of the book settings machine (spread into machines/index.ts). */

type Snap = { value: unknown; context: unknown };
type Offered = { type: string; [key: string]: unknown };
const ctx = (s: Snap) => s.context as BookSettingsContext;
const DAY = 86_400_000;
const validationError = {
  name: 'ApiCallError',
  kind: 'server',
  status: 400,
  type: 'VALIDATION',
  code: 1,
  content: { fields: ['logo.link'] },
};
const networkError = { name: 'ApiCallError', kind: 'network', status: 0, message: 'network' };
/** The private book as the renewal answers it: a new link. */
const renewedBook = { ...privateBook, url: { ...privateBook.url, private: '/read/b2?token=def' } };

const loadingEvents: Offered[] = [
  { type: 'xstate.done.actor.loadPresets', output: PRESETS },
  { type: 'xstate.error.actor.loadPresets', error: networkError },
  { type: 'xstate.done.actor.loadFolders', output: FOLDERS },
  { type: 'xstate.error.actor.loadFolders', error: networkError },
  { type: 'xstate.done.actor.loadBook', output: settingsBook },
  { type: 'xstate.done.actor.loadBook', output: privateBook },
  { type: 'xstate.done.actor.loadBook', output: null },
  { type: 'xstate.error.actor.loadBook', error: networkError },
  { type: 'user.close' },
];

/** The form as loaded: nothing changed, no refusal shown. Most events are offered only from here. */
const atHome = (c: BookSettingsContext) => c.touched.length === 0 && !c.savePresets && c.formError === null;

function editingEvents(c: BookSettingsContext, picking: boolean): Offered[] {
  if (picking)
    return [
      { type: 'user.pickDate', at: NOW + DAY },
      { type: 'user.pickDate', at: NOW - DAY },
      { type: 'user.applyDate', now: NOW },
      { type: 'user.cancelPicker' },
      { type: 'user.scheduleNow' },
    ];
  // Away from home: only what ends the edit, so the explored forms stay few.
  if (!atHome(c)) return [{ type: 'user.save', now: NOW }, { type: 'user.close' }];
  return [
    { type: 'user.field', field: 'name', value: '' },
    { type: 'user.field', field: 'name', value: 'New name' },
    { type: 'user.field', field: 'description', value: 'Bulk text' },
    { type: 'user.field', field: 'download_mode', value: 0 },
    { type: 'user.field', field: 'publish_date', value: 1 },
    { type: 'user.field', field: 'bogus', value: 1 },
    { type: 'user.custom', field: 'logo.link', on: true },
    { type: 'user.custom', field: 'logo.link', on: false },
    { type: 'user.custom', field: 'name', on: true },
    { type: 'user.tab', tab: 'sound' },
    { type: 'user.tab', tab: 'elsewhere' },
    { type: 'user.scheduleNow' },
    { type: 'user.openPicker', now: NOW },
    { type: 'user.renewLink' },
    { type: 'user.savePresets', on: true },
    { type: 'user.save', now: NOW },
    { type: 'user.close' },
  ];
}

export const bookSettingsMachines: MachineEntry[] = [
  {
    id: 'book-settings',
    title: 'Book settings',
    description:
      'The settings modal of one book or a selection: presets, folders and the book load in parallel (a failure closes it with an alert), rights are checked once the presets are in, then tabs, fields, custom-URL switches, the scheduling picker (premium; 5-minute steps, never before now) and "save as presets"; a save is checked first, a refusal shows the tab of the invalid field and restores the saved attributes. A private book\'s link can be renewed after a confirmation; a failed renewal keeps the previous link.',
    machine: bookSettingsMachine,
    paths: {
      inputs: [
        { ids: ['b1'], mode: 'PREMIUM' },
        { ids: ['b1'], mode: 'FREE' },
        { ids: ['b1', 'b2'], mode: 'PLATINUM' },
      ],
      events: (s) => {
        const v = JSON.stringify(s.value);
        const c = ctx(s);
        if (v.startsWith('{"loading"')) return loadingEvents;
        if (v === '"saving"')
          return [
            { type: 'xstate.done.actor.saveBooks', output: c.ids.map((id) => ({ id, status: 'ok' })) },
            { type: 'xstate.done.actor.saveBooks', output: c.ids.map((id) => ({ id, status: 'error', code: 423 })) },
            { type: 'xstate.error.actor.saveBooks', error: validationError },
            { type: 'xstate.error.actor.saveBooks', error: networkError },
          ];
        if (v === '"renewing"')
          return [
            { type: 'xstate.done.actor.renewLink', output: renewedBook },
            { type: 'xstate.error.actor.renewLink', error: networkError },
          ];
        if (v.includes('confirmingRenew'))
          return [
            { type: 'user.confirmRenew' },
            { type: 'user.cancelRenew' },
            { type: 'user.field', field: 'private_url', value: 0 },
            { type: 'user.close' },
          ];
        if (v.startsWith('{"editing"')) return editingEvents(c, v.includes('picking'));
        return [];
      },
      serializeState: (s) => {
        const c = ctx(s);
        return [
          JSON.stringify(s.value),
          c.ids.length,
          c.mode,
          c.book?.id ?? '-',
          c.presets ? 'p' : '-',
          c.tab === 'general',
          changedFields(c.values, c.saved, c.touched, c.ids.length > 1).join(','),
          c.touched.length,
          Object.keys(c.errors).join(','),
          c.formError ?? '-',
          JSON.stringify(c.custom),
          c.values.publish_date === null,
          c.draft === null ? '-' : c.draft > NOW,
          c.savePresets,
          c.previous ? 'prev' : '-',
          c.book?.url.private ?? '-',
          c.renewed,
        ].join('|');
      },
      limit: 5000,
    },
  },
];
