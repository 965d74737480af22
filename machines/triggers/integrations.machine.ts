import { assign, fromPromise, setup } from 'xstate';
import { INTEGRATION_NAME_MAX, type IntegrationKind, type TriggerConfig, WEBHOOK_URL_MAX } from '../../src/contracts/triggers';
import { errorMessageId } from '../accounts/errors';

/**
 * /account/integration: the account's integrations (lead form, webhooks). Loading → empty | loaded;
 * every change (create, enable/disable, new secret, delete) goes through `changeIntegration`, which
 * answers the list as it now is; a refused change keeps the list and shows the error.
 */
export type IntegrationChange =
  | { action: 'create'; kind: IntegrationKind; name: string; url?: string }
  | { action: 'toggle'; id: string; on: boolean }
  | { action: 'rotate'; id: string }
  | { action: 'delete'; id: string };

export interface IntegrationsContext {
  items: TriggerConfig[];
  error: string | null;
}

export type IntegrationsEvent =
  | { type: 'user.retry' }
  | { type: 'user.create'; kind: IntegrationKind; name: string; url?: string }
  | { type: 'user.toggle'; id: string; on: boolean }
  | { type: 'user.rotate'; id: string }
  | { type: 'user.delete'; id: string };

/** What the create form may send: a name, and for a webhook an http(s) URL (the server checks again). */
export function validIntegration(kind: IntegrationKind, name: string, url = ''): boolean {
  const n = name.trim();
  if (n.length === 0 || n.length > INTEGRATION_NAME_MAX) return false;
  return kind !== 'webhook' || (url.length <= WEBHOOK_URL_MAX && /^https?:\/\/[^/?#\s]+\S*$/i.test(url.trim()));
}

const has = (c: IntegrationsContext, id: string) => c.items.some((i) => i.id === id);

export const integrationsMachine = setup({
  types: { context: {} as IntegrationsContext, events: {} as IntegrationsEvent },
  actors: {
    loadIntegrations: fromPromise<TriggerConfig[]>(async () => []),
    changeIntegration: fromPromise<TriggerConfig[], IntegrationChange>(async () => []),
  },
  guards: {
    isEmpty: ({ context }) => context.items.length === 0,
    valid: (_, p: { kind: IntegrationKind; name: string; url?: string }) => validIntegration(p.kind, p.name, p.url),
    known: ({ context }, p: { id: string }) => has(context, p.id),
    isWebhook: ({ context }, p: { id: string }) => context.items.some((i) => i.id === p.id && i.kind === 'webhook'),
  },
}).createMachine({
  id: 'integrations',
  context: { items: [], error: null },
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
      states: {
        idle: {
          initial: 'check',
          states: {
            check: { always: [{ guard: 'isEmpty', target: 'empty' }, { target: 'loaded' }] },
            empty: {},
            loaded: {},
          },
          on: {
            'user.create': {
              guard: { type: 'valid', params: ({ event }) => ({ kind: event.kind, name: event.name, url: event.url }) },
              target: 'working',
            },
            'user.toggle': { guard: { type: 'known', params: ({ event }) => ({ id: event.id }) }, target: 'working' },
            'user.rotate': { guard: { type: 'isWebhook', params: ({ event }) => ({ id: event.id }) }, target: 'working' },
            'user.delete': { guard: { type: 'known', params: ({ event }) => ({ id: event.id }) }, target: 'working' },
          },
        },
        working: {
          invoke: {
            id: 'changeIntegration',
            src: 'changeIntegration',
            input: ({ event }) => {
              const e = event as IntegrationsEvent;
              if (e.type === 'user.create')
                return { action: 'create', kind: e.kind, name: e.name.trim(), ...(e.url ? { url: e.url.trim() } : {}) };
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
