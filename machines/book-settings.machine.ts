import { type ActorRefFrom, assign, fromPromise, not, setup } from 'xstate';
import type { Book, BulkItemResult } from '../src/contracts/books';
import type { Folder, PresetLists } from '../src/contracts/presets';
import { errorMessageId } from './accounts/errors';
import type { AlertRequest } from './alert.machine';
import { BULK_ERROR_PREFIX, GENERIC_ERROR_ID, UPDATE_SUCCESS_ID } from './book-list/outcome';
import {
  bulkForm,
  canApplyDate,
  changedFields,
  customFlags,
  FIELD_TAB,
  type FieldName,
  fieldError,
  firstInvalid,
  formErrors,
  formOfBook,
  isFieldName,
  isSelector,
  payloadOf,
  presetFallback,
  presetsOf,
  refusedFields,
  rightsOf,
  roundUpToStep,
  SETTINGS_TABS,
  shownPrivateLink,
} from './book-settings/form';
import type {
  BookSettingsContext,
  BookSettingsEvent,
  BookSettingsInput,
  LoadBookInput,
  RenewInput,
  SaveInput,
} from './book-settings/types';

export type {
  BookSettingsContext,
  BookSettingsEvent,
  BookSettingsInput,
  LoadBookInput,
  RenewInput,
  SaveInput,
} from './book-settings/types';

/** SPEC §5: a refused save shows this under the tabs (and the tab of the first invalid field). */
export const FORM_ERROR_ID = 'publish.form.error';

type Ctx = { context: BookSettingsContext };
const bulk = (context: BookSettingsContext) => context.ids.length > 1;
const toSend = (context: BookSettingsContext) => changedFields(context.values, context.saved, context.touched, bulk(context));
const loadFailed = ({ event }: { event: unknown }) => ({
  alerts: [{ type: 'error', message: { id: errorMessageId((event as { error?: unknown }).error) } }] as AlertRequest[],
});
const bulkAlerts = (results: readonly BulkItemResult[]): AlertRequest[] =>
  [...new Set(results.filter((r) => r.status === 'error').map((r) => r.code))].map((code) => ({
    type: 'error',
    message: { id: code === undefined ? GENERIC_ERROR_ID : `${BULK_ERROR_PREFIX}${code}` },
  }));
const outputOf = (event: unknown): BulkItemResult[] => (event as { output?: BulkItemResult[] }).output ?? [];

/**
 * The book settings modal (SPEC §2 Book settings modal; §4 Publish date, Save failure restore; §5; §6; §8):
 * loads the presets and folders in parallel with the book (one book; a selection starts from the book
 * defaults), checks the account's rights once the presets are in, then edits: tabs, fields, custom-URL
 * switches, the scheduling picker and "save as presets". A save is validated with the contract's rules
 * first; a refusal shows the tab of the first invalid field with publish.form.error and puts back the
 * attributes as they were. A presets, folders or book failure closes the modal with an alert. The private
 * link can be renewed after a confirmation (the server revokes the current one); a failure keeps it.
 */
export const bookSettingsMachine = setup({
  types: {
    context: {} as BookSettingsContext,
    events: {} as BookSettingsEvent,
    input: {} as BookSettingsInput,
  },
  actors: {
    /** GET {api}/account/book/preset/. */
    loadPresets: fromPromise<PresetLists>(async () => ({ skins: [], backgrounds: [], logos: [], logolinks: [], musics: [], sfx: [] })),
    /** GET {api}/account/subscription/. */
    loadFolders: fromPromise<Folder[]>(async () => []),
    /** GET {api}/account/book/get?id for one book; a selection resolves null (nothing to load). */
    loadBook: fromPromise<Book | null, LoadBookInput>(async () => null),
    /** POST {api}/account/book/update with {id} (rejects on refusal) or {ids} (per-item results). */
    saveBooks: fromPromise<BulkItemResult[], SaveInput>(async ({ input }) => input.ids.map((id) => ({ id, status: 'ok' as const }))),
    /** POST {api}/account/book/private/renew {id}: the book with its new private link (the old one stops working). */
    renewLink: fromPromise<Book, RenewInput>(async () => {
      throw new Error('renewLink is provided by the app');
    }),
  },
  actions: {
    // ── provided by the app (harmless defaults) ──
    notify: (_, _params: { alerts: AlertRequest[] }) => {},
    /** Closes the modal; `saved` reloads the list. */
    close: (_, _params: { saved: boolean }) => {},
    /** Keeps the presentation choices in the current user's config.bookPresets (SPEC §3, §7 user record save); null: not asked. */
    storePresets: (_, _params: { presets: Record<string, unknown> | null }) => {},
    // ── pure ──
    checkRights: assign(({ context }) => ({ rights: rightsOf(context.mode), custom: customFlags(context.values, context.presets) })),
    restore: assign(({ context }) => ({ saved: context.previous ?? context.saved, previous: null })),
    showInvalid: assign((_, errors: Partial<Record<FieldName, string>>) => {
      const first = firstInvalid(errors);
      return { errors, formError: FORM_ERROR_ID, ...(first ? { tab: FIELD_TAB[first] } : {}) };
    }),
  },
  guards: {
    knownTab: ({ event }) => event.type === 'user.tab' && (SETTINGS_TABS as readonly string[]).includes(event.tab),
    editable: ({ context, event }) =>
      event.type === 'user.field' &&
      isFieldName(event.field) &&
      event.field !== 'publish_date' &&
      (!bulk(context) || (event.field !== 'name' && event.field !== 'description')),
    selector: ({ event }) => event.type === 'user.custom' && isSelector(event.field),
    canSchedule: ({ context }) => context.rights?.schedule === true,
    dateApplicable: ({ context, event }) => event.type === 'user.applyDate' && canApplyDate(context.draft, event.now),
    invalid: ({ context, event }) =>
      event.type === 'user.save' && Object.keys(formErrors(toSend(context), context.values, context.custom, event.now)).length > 0,
    unchanged: ({ context }) => toSend(context).length === 0,
    hasPrivateLink: ({ context }) => shownPrivateLink(context.values, context.saved, context.book) !== undefined,
    allRefused: ({ event }) => {
      const results = outputOf(event);
      return results.length > 0 && results.every((r) => r.status === 'error');
    },
  },
}).createMachine({
  id: 'bookSettings',
  context: ({ input }) => {
    const values = bulkForm(input.mode);
    return {
      ids: input.ids,
      mode: input.mode,
      presets: null,
      folders: [],
      book: null,
      values,
      saved: values,
      previous: null,
      touched: [],
      custom: customFlags(values, null),
      tab: 'general',
      errors: {},
      formError: null,
      rights: null,
      draft: null,
      savePresets: false,
      renewed: false,
    };
  },
  initial: 'loading',
  states: {
    loading: {
      type: 'parallel',
      states: {
        presets: {
          initial: 'fetching',
          states: {
            fetching: {
              invoke: {
                id: 'loadPresets',
                src: 'loadPresets',
                onDone: { target: 'done', actions: assign({ presets: ({ event }) => event.output }) },
                onError: { target: '#bookSettings.closed', actions: { type: 'notify', params: loadFailed } },
              },
            },
            done: { type: 'final' },
          },
        },
        folders: {
          initial: 'fetching',
          states: {
            fetching: {
              invoke: {
                id: 'loadFolders',
                src: 'loadFolders',
                onDone: { target: 'done', actions: assign({ folders: ({ event }) => event.output }) },
                onError: { target: '#bookSettings.closed', actions: { type: 'notify', params: loadFailed } },
              },
            },
            done: { type: 'final' },
          },
        },
        book: {
          initial: 'fetching',
          states: {
            fetching: {
              invoke: {
                id: 'loadBook',
                src: 'loadBook',
                input: ({ context }) => ({ ids: context.ids }),
                onDone: {
                  target: 'done',
                  // A selection has no single book (null): it starts from the book defaults.
                  actions: assign(({ context, event }) => {
                    if (!event.output) return {};
                    const form = formOfBook(event.output);
                    return { book: event.output, values: form, saved: form, custom: customFlags(form, context.presets) };
                  }),
                },
                onError: { target: '#bookSettings.closed', actions: { type: 'notify', params: loadFailed } },
              },
            },
            done: { type: 'final' },
          },
        },
      },
      on: { 'user.close': 'closed' },
      onDone: 'checkingRights',
    },
    // SPEC §2: rights are checked after the presets load (and the custom-URL switches follow the values).
    checkingRights: { always: { target: 'editing', actions: 'checkRights' } },
    editing: {
      initial: 'idle',
      on: {
        'user.tab': { guard: 'knownTab', actions: assign({ tab: ({ event }) => event.tab }) },
        'user.field': {
          guard: 'editable',
          actions: assign(({ context, event }) => {
            const values = { ...context.values, [event.field]: event.value };
            const error = fieldError(event.field, values, context.custom, Number.NEGATIVE_INFINITY);
            const errors = { ...context.errors };
            if (error) errors[event.field] = error;
            else delete errors[event.field];
            return { values, errors, touched: [...new Set([...context.touched, event.field])] };
          }),
        },
        'user.custom': {
          guard: 'selector',
          actions: assign(({ context, event }) => {
            const value = event.on
              ? context.values[event.field]
              : presetFallback(event.field, context.values[event.field], context.presets);
            const errors = { ...context.errors };
            delete errors[event.field];
            return {
              custom: { ...context.custom, [event.field]: event.on },
              values: { ...context.values, [event.field]: value },
              errors,
              touched: [...new Set([...context.touched, event.field])],
            };
          }),
        },
        'user.scheduleNow': {
          target: '.idle',
          actions: assign(({ context }) => {
            const errors = { ...context.errors };
            delete errors.publish_date;
            return {
              values: { ...context.values, publish_date: null },
              errors,
              draft: null,
              touched: [...new Set([...context.touched, 'publish_date' as const])],
            };
          }),
        },
        'user.savePresets': { actions: assign({ savePresets: ({ event }) => event.on }) },
        'user.save': [
          {
            guard: 'invalid',
            actions: {
              type: 'showInvalid',
              params: ({ context, event }) => formErrors(toSend(context), context.values, context.custom, event.now),
            },
          },
          {
            // Nothing to send: the presets may still be kept, and the modal closes as it was.
            guard: 'unchanged',
            target: 'closed',
            actions: {
              type: 'storePresets',
              params: ({ context }) => ({ presets: context.savePresets ? presetsOf(context.values) : null }),
            },
          },
          {
            target: 'saving',
            // Optimistic: the form's values become the saved attributes; a refusal puts the previous ones back.
            actions: assign(({ context }) => ({
              previous: context.saved,
              saved: context.values,
              errors: {},
              formError: null,
              draft: null,
            })),
          },
        ],
        'user.close': 'closed',
      },
      states: {
        idle: {
          on: {
            'user.openPicker': {
              guard: 'canSchedule',
              target: 'picking',
              actions: assign({ draft: ({ context, event }) => (context.values.publish_date ?? 0) * 1000 || roundUpToStep(event.now) }),
            },
            'user.renewLink': { guard: 'hasPrivateLink', target: 'confirmingRenew' },
          },
          // What the last renewal of the private link gave, shown beside the link until the next step.
          initial: 'ready',
          states: {
            ready: {},
            /** The new link is shown: the previous one no longer opens the book. */
            renewed: {},
            /** The server refused or could not be reached: the previous link is kept and still works. */
            renewFailed: {},
          },
        },
        // "Renew private link" asks first: every copy of the current link (and its page addresses) stops working.
        confirmingRenew: {
          // The link was hidden meanwhile (switched off in the form): nothing left to renew.
          always: { guard: not('hasPrivateLink'), target: 'idle' },
          on: {
            'user.confirmRenew': '#bookSettings.renewing',
            'user.cancelRenew': 'idle',
          },
        },
        // The date picker (premium): apply takes the chosen time rounded up to 5 minutes; cancel resets to now.
        picking: {
          on: {
            'user.pickDate': { actions: assign({ draft: ({ event }) => event.at }) },
            'user.applyDate': {
              guard: 'dateApplicable',
              target: 'idle',
              actions: assign(({ context }) => {
                const errors = { ...context.errors };
                delete errors.publish_date;
                return {
                  values: { ...context.values, publish_date: Math.floor(roundUpToStep(context.draft ?? 0) / 1000) },
                  errors,
                  draft: null,
                  touched: [...new Set([...context.touched, 'publish_date' as const])],
                };
              }),
            },
            'user.cancelPicker': {
              target: 'idle',
              actions: assign(({ context }) => ({ values: { ...context.values, publish_date: null }, draft: null })),
            },
          },
        },
      },
    },
    saving: {
      invoke: {
        id: 'saveBooks',
        src: 'saveBooks',
        input: ({ context }): SaveInput => {
          const fields = changedFields(context.values, context.previous ?? context.saved, context.touched, bulk(context));
          return { ids: context.ids, fields: payloadOf(context.values, fields) };
        },
        onDone: [
          {
            // A selection the server refused as a whole: nothing changed.
            guard: 'allRefused',
            target: 'editing',
            actions: [
              { type: 'notify', params: ({ event }) => ({ alerts: bulkAlerts(event.output) }) },
              'restore',
              assign({ formError: FORM_ERROR_ID }),
            ],
          },
          {
            target: 'saved',
            actions: [
              { type: 'notify', params: ({ event }) => ({ alerts: bulkAlerts(event.output) }) },
              { type: 'storePresets', params: ({ context }) => ({ presets: context.savePresets ? presetsOf(context.values) : null }) },
            ],
          },
        ],
        onError: {
          target: 'editing',
          actions: [
            { type: 'notify', params: loadFailed },
            'restore',
            {
              type: 'showInvalid',
              params: ({ context, event }: Ctx & { event: { error: unknown } }) =>
                Object.fromEntries(refusedFields(event.error).map((f) => [f, context.errors[f] ?? 'validation.invalid'])),
            },
          ],
        },
      },
    },
    // The form waits (like a save) while the server replaces the book's token secret.
    renewing: {
      invoke: {
        id: 'renewLink',
        src: 'renewLink',
        input: ({ context }): RenewInput => ({ id: context.book?.id ?? '' }),
        onDone: {
          target: 'editing.idle.renewed',
          actions: assign({ book: ({ event }) => event.output, renewed: true }),
        },
        onError: { target: 'editing.idle.renewFailed', actions: { type: 'notify', params: loadFailed } },
      },
    },
    saved: {
      type: 'final',
      entry: [
        { type: 'notify', params: { alerts: [{ type: 'success', message: { id: UPDATE_SUCCESS_ID } }] } },
        { type: 'close', params: { saved: true } },
      ],
    },
    // A renewed link changed the book even when the form was not saved: the list reloads it.
    closed: { type: 'final', entry: { type: 'close', params: ({ context }) => ({ saved: context.renewed }) } },
  },
});

/** A running bookSettingsMachine, as the views get it. */
export type BookSettingsActorRef = ActorRefFrom<typeof bookSettingsMachine>;
