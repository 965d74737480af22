import * as v from 'valibot';
import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import {
  API_KEY_EXPIRY_MAX_DAYS,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyCreated,
  ApiKeyCreateSchema,
  type ApiKeyRight,
} from '../../src/contracts/api-keys';
import { errorMessageId } from '../accounts/errors';
import { addDays } from './stats-query';

/**
 * /account/apikey (issue 18): the account's API keys. loading → ready (empty | items) or failed (retry).
 * The create dialog (name, rights, optional expiry date) validates before anything is sent
 * (editing → saving); a created key's public key and secret are shown once (`created`), and the dialog
 * closes only after the person says they stored the secret. Revoking asks first (confirmRevoke →
 * revoking), then shows the list the server answers. A refused call keeps what was there and shows its
 * translated reason (the live-key limit in the dialog, a failed revoke above the list).
 */

export interface ApiKeyDraft {
  name: string;
  rights: ApiKeyRight[];
  /** `YYYY-MM-DD` of an `<input type="date">`, or '' for a key that does not expire. */
  expiry: string;
}

/** Validation message ids of the draft's fields (null: fine). */
export interface ApiKeyDraftErrors {
  name: string | null;
  rights: string | null;
  expiry: string | null;
}

export interface ApiKeysContext {
  /** The person's day (`YYYY-MM-DD`, local), which the expiry date is checked against. */
  today: string;
  items: ApiKey[];
  /** The message id of the last failure (loading, creating, revoking), cleared by the next attempt. */
  error: string | null;
  draft: ApiKeyDraft;
  /** Shown once the person tried to create (null before). */
  draftErrors: ApiKeyDraftErrors | null;
  /** The created key and its secret, while the dialog shows them. */
  created: ApiKeyCreated | null;
  /** The "I have stored the secret" box. */
  stored: boolean;
  /** The key whose revocation awaits confirmation (or is on its way). */
  revoking: ApiKey | null;
}

export type ApiKeysEvent =
  | { type: 'user.retry' }
  | { type: 'user.openCreate' }
  | { type: 'user.name'; value: string }
  | { type: 'user.right'; right: ApiKeyRight; on: boolean }
  | { type: 'user.expiry'; value: string }
  | { type: 'user.submit' }
  | { type: 'user.cancel' }
  | { type: 'user.stored'; on: boolean }
  | { type: 'user.close' }
  | { type: 'user.revoke'; id: string }
  | { type: 'user.confirmRevoke' }
  | { type: 'user.cancelRevoke' };

export const EMPTY_KEY_DRAFT: ApiKeyDraft = { name: '', rights: ['read'], expiry: '' };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The end of a chosen day in the person's time zone (epoch ms): when a key chosen to expire "on" it stops. */
export function endOfDay(day: string): number {
  const [, y, m, d] = DATE.exec(day) ?? [];
  return new Date(Number(y), Number(m) - 1, Number(d), 23, 59, 59, 999).getTime();
}

/** The earliest and latest expiry day the dialog offers: tomorrow … API_KEY_EXPIRY_MAX_DAYS ahead. */
export const expiryBounds = (today: string) => ({ min: addDays(today, 1), max: addDays(today, API_KEY_EXPIRY_MAX_DAYS) });

/** Why the expiry day is refused (message id), or null for none or a fine one. */
export function expiryError(expiry: string, today: string): string | null {
  if (expiry === '') return null;
  if (!DATE.test(expiry) || Number.isNaN(new Date(`${expiry}T00:00:00Z`).getTime())) return 'validation.invalid';
  const { min, max } = expiryBounds(today);
  if (expiry < min) return 'apikey.expiry.past';
  if (expiry > max) return 'apikey.expiry.far';
  return null;
}

/** The draft's field errors by the create contract (name, rights) and the expiry window. */
export function draftErrors(draft: ApiKeyDraft, today: string): ApiKeyDraftErrors {
  const name = v.safeParse(ApiKeyCreateSchema.entries.name, draft.name);
  const rights = v.safeParse(ApiKeyCreateSchema.entries.rights, draft.rights);
  return {
    name: name.success ? null : (name.issues[0]?.message ?? 'validation.invalid'),
    rights: rights.success ? null : (rights.issues[0]?.message ?? 'validation.invalid'),
    expiry: expiryError(draft.expiry, today),
  };
}

const hasErrors = (e: ApiKeyDraftErrors) => e.name !== null || e.rights !== null || e.expiry !== null;

/** The create call of a valid draft. */
export function createRequest(draft: ApiKeyDraft): ApiKeyCreate {
  return {
    name: draft.name.trim(),
    rights: [...draft.rights],
    expires_at: draft.expiry === '' ? null : endOfDay(draft.expiry),
  };
}

/** The rights in the order the page lists them, with one changed. */
function withRight(rights: readonly ApiKeyRight[], right: ApiKeyRight, on: boolean): ApiKeyRight[] {
  const rest = rights.filter((r) => r !== right);
  return on ? [...rest, right] : rest;
}

export const apiKeysMachine = setup({
  types: {
    context: {} as ApiKeysContext,
    events: {} as ApiKeysEvent,
    input: {} as { today: string },
  },
  actors: {
    /** `GET {api}/account/apikey/` → the keys. */
    loadKeys: fromPromise<ApiKey[]>(async () => []),
    /** `POST {api}/account/apikey/create` → the key and its secret. */
    createKey: fromPromise<ApiKeyCreated, ApiKeyCreate>(async () => {
      throw new Error('createKey is provided by the app');
    }),
    /** `POST {api}/account/apikey/delete {id}` → the keys as they now are. */
    revokeKey: fromPromise<ApiKey[], { id: string }>(async () => []),
  },
  actions: {
    failed: assign({ error: ({ event }) => errorMessageId((event as { error?: unknown }).error) }),
  },
  guards: {
    noKeys: ({ context }) => context.items.length === 0,
    draftValid: ({ context }) => !hasErrors(draftErrors(context.draft, context.today)),
    stored: ({ context }) => context.stored,
    knownLive: ({ context }, params: { id: string }) => context.items.some((k) => k.id === params.id && k.revoked_at === null),
  },
}).createMachine({
  id: 'apiKeys',
  context: ({ input }) => ({
    today: input.today,
    items: [],
    error: null,
    draft: EMPTY_KEY_DRAFT,
    draftErrors: null,
    created: null,
    stored: false,
    revoking: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadKeys',
        src: 'loadKeys',
        onDone: { target: 'ready', actions: assign({ items: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: 'failed' },
      },
    },
    failed: { on: { 'user.retry': 'loading' } },
    ready: {
      initial: 'list',
      states: {
        list: {
          initial: 'check',
          states: {
            check: { always: [{ guard: 'noKeys', target: 'empty' }, { target: 'items' }] },
            empty: {},
            items: {},
          },
          on: {
            'user.openCreate': {
              target: 'dialog',
              actions: assign({ draft: EMPTY_KEY_DRAFT, draftErrors: null, error: null }),
            },
            'user.revoke': {
              guard: { type: 'knownLive', params: ({ event }) => ({ id: event.id }) },
              target: 'confirmRevoke',
              actions: assign({
                revoking: ({ context, event }) => context.items.find((k) => k.id === event.id) ?? null,
                error: null,
              }),
            },
          },
        },
        dialog: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'user.name': {
                  actions: assign({
                    draft: ({ context, event }) => ({ ...context.draft, name: event.value }),
                    draftErrors: ({ context, event }) =>
                      context.draftErrors && draftErrors({ ...context.draft, name: event.value }, context.today),
                  }),
                },
                'user.right': {
                  actions: assign({
                    draft: ({ context, event }) => ({ ...context.draft, rights: withRight(context.draft.rights, event.right, event.on) }),
                    draftErrors: ({ context, event }) =>
                      context.draftErrors &&
                      draftErrors({ ...context.draft, rights: withRight(context.draft.rights, event.right, event.on) }, context.today),
                  }),
                },
                'user.expiry': {
                  actions: assign({
                    draft: ({ context, event }) => ({ ...context.draft, expiry: event.value }),
                    draftErrors: ({ context, event }) =>
                      context.draftErrors && draftErrors({ ...context.draft, expiry: event.value }, context.today),
                  }),
                },
                'user.submit': [
                  { guard: 'draftValid', target: 'saving', actions: assign({ draftErrors: null, error: null }) },
                  { actions: assign({ draftErrors: ({ context }) => draftErrors(context.draft, context.today) }) },
                ],
                'user.cancel': { target: '#apiKeys.ready.list', actions: assign({ error: null }) },
              },
            },
            saving: {
              invoke: {
                id: 'createKey',
                src: 'createKey',
                input: ({ context }) => createRequest(context.draft),
                onDone: {
                  target: '#apiKeys.ready.created',
                  actions: assign({
                    created: ({ event }) => event.output,
                    items: ({ context, event }) => [event.output.key, ...context.items],
                    stored: false,
                    draft: EMPTY_KEY_DRAFT,
                  }),
                },
                // The dialog stays open with what was typed and the reason (the limit, the network…).
                onError: { target: 'editing', actions: 'failed' },
              },
            },
          },
        },
        /** The secret on screen, once: the dialog closes only when the person says they stored it. */
        created: {
          on: {
            'user.stored': { actions: assign({ stored: ({ event }) => event.on }) },
            'user.close': { guard: 'stored', target: 'list', actions: assign({ created: null, stored: false }) },
          },
        },
        confirmRevoke: {
          on: {
            'user.confirmRevoke': 'revoking',
            'user.cancelRevoke': { target: 'list', actions: assign({ revoking: null }) },
          },
        },
        revoking: {
          invoke: {
            id: 'revokeKey',
            src: 'revokeKey',
            input: ({ context }) => ({ id: context.revoking?.id ?? '' }),
            onDone: { target: 'list', actions: assign({ items: ({ event }) => event.output, revoking: null }) },
            onError: { target: 'list', actions: ['failed', assign({ revoking: null })] },
          },
        },
      },
    },
  },
});

/** A running apiKeysMachine, as the view gets it. */
export type ApiKeysActorRef = ActorRefFrom<typeof apiKeysMachine>;
