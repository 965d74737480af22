import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { INTEGRATION_NAME_MAX, type IntegrationKind, type TriggerConfig, WEBHOOK_URL_MAX } from '../../src/contracts/triggers';
import { errorMessageId } from '../accounts/errors';

/**
 * /account/integration: the account's integrations (lead form, webhooks). Loading → empty | loaded;
 * every change (create, enable/disable, new secret, delete) goes through `changeIntegration`, which
 * answers the list as it now is; a refused change keeps the list and shows the error. The create
 * form's draft lives here: it is cleared only when the server has created the integration, so a
 * refused create keeps what was typed.
 */
export type IntegrationChange =
  | { action: 'create'; kind: IntegrationKind; name: string; url?: string }
  | { action: 'toggle'; id: string; on: boolean }
  | { action: 'rotate'; id: string }
  | { action: 'delete'; id: string };

export interface IntegrationDraft {
  kind: IntegrationKind;
  name: string;
  url: string;
}

export interface IntegrationsContext {
  items: TriggerConfig[];
  error: string | null;
  draft: IntegrationDraft;
}

export type IntegrationsEvent =
  | { type: 'user.retry' }
  | { type: 'user.setKind'; kind: IntegrationKind }
  | { type: 'user.setName'; name: string }
  | { type: 'user.setUrl'; url: string }
  | { type: 'user.create' }
  | { type: 'user.toggle'; id: string; on: boolean }
  | { type: 'user.rotate'; id: string }
  | { type: 'user.delete'; id: string };

/** What the create form may send: a name, and for a webhook an http(s) URL (the server checks again). */
export function validIntegration(kind: IntegrationKind, name: string, url = ''): boolean {
  const n = name.trim();
  if (n.length === 0 || n.length > INTEGRATION_NAME_MAX) return false;
  return kind !== 'webhook' || (url.length <= WEBHOOK_URL_MAX && /^https?:\/\/[^/?#\s]+\S*$/i.test(url.trim()));
}

export const EMPTY_DRAFT: IntegrationDraft = { kind: 'leadform', name: '', url: '' };

/** The create call of a draft: the URL only for a webhook. */
export function createChange(draft: IntegrationDraft): IntegrationChange {
  return { action: 'create', kind: draft.kind, name: draft.name.trim(), ...(draft.kind === 'webhook' ? { url: draft.url.trim() } : {}) };
}

const has = (c: IntegrationsContext, id: string) => c.items.some((i) => i.id === id);

export const integrationsMachine = setup({
  types: { context: {} as IntegrationsContext, events: {} as IntegrationsEvent },
  actors: {
    loadIntegrations: fromPromise<TriggerConfig[]>(async () => []),
    changeIntegration: fromPromise<TriggerConfig[], IntegrationChange>(async () => []),
  },
  actions: {
    setKind: assign(({ context, event }) => (event.type === 'user.setKind' ? { draft: { ...context.draft, kind: event.kind } } : {})),
    setName: assign(({ context, event }) => (event.type === 'user.setName' ? { draft: { ...context.draft, name: event.name } } : {})),
    setUrl: assign(({ context, event }) => (event.type === 'user.setUrl' ? { draft: { ...context.draft, url: event.url } } : {})),
    clearDraft: assign(({ context }) => ({ draft: { ...EMPTY_DRAFT, kind: context.draft.kind } })),
  },
  guards: {
    isEmpty: ({ context }) => context.items.length === 0,
    draftValid: ({ context }) => validIntegration(context.draft.kind, context.draft.name, context.draft.url),
    known: ({ context }, p: { id: string }) => has(context, p.id),
    isWebhook: ({ context }, p: { id: string }) => context.items.some((i) => i.id === p.id && i.kind === 'webhook'),
  },
}).createMachine({
  id: 'integrations',
  context: { items: [], error: null, draft: EMPTY_DRAFT },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadIntegrations',
        src: 'loadIntegrations',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ items: event.output, error: null })) },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: errorMessageId(event.error) })) },
      },
    },
    failed: { on: { 'user.retry': 'loading' } },
    ready: {
      initial: 'idle',
      // The form stays editable while a change is on its way.
      on: {
        'user.setKind': { actions: 'setKind' },
        'user.setName': { actions: 'setName' },
        'user.setUrl': { actions: 'setUrl' },
      },
      states: {
        idle: {
          initial: 'check',
          states: {
            check: { always: [{ guard: 'isEmpty', target: 'empty' }, { target: 'loaded' }] },
            empty: {},
            loaded: {},
          },
          on: {
            'user.create': { guard: 'draftValid', target: 'creating' },
            'user.toggle': { guard: { type: 'known', params: ({ event }) => ({ id: event.id }) }, target: 'working' },
            'user.rotate': { guard: { type: 'isWebhook', params: ({ event }) => ({ id: event.id }) }, target: 'working' },
            'user.delete': { guard: { type: 'known', params: ({ event }) => ({ id: event.id }) }, target: 'working' },
          },
        },
        creating: {
          invoke: {
            id: 'createIntegration',
            src: 'changeIntegration',
            input: ({ context }) => createChange(context.draft),
            onDone: { target: 'idle', actions: [assign(({ event }) => ({ items: event.output, error: null })), 'clearDraft'] },
            onError: { target: 'idle', actions: assign(({ event }) => ({ error: errorMessageId(event.error) })) },
          },
        },
        working: {
          invoke: {
            id: 'changeIntegration',
            src: 'changeIntegration',
            input: ({ event }) => {
              const e = event as IntegrationsEvent;
              if (e.type === 'user.toggle') return { action: 'toggle', id: e.id, on: e.on };
              if (e.type === 'user.rotate') return { action: 'rotate', id: e.id };
              return { action: 'delete', id: (e as { id: string }).id };
            },
            onDone: { target: 'idle', actions: assign(({ event }) => ({ items: event.output, error: null })) },
            onError: { target: 'idle', actions: assign(({ event }) => ({ error: errorMessageId(event.error) })) },
          },
        },
      },
    },
  },
});

export type IntegrationsActorRef = ActorRefFrom<typeof integrationsMachine>;
