import type { BookTrigger } from '../../src/contracts/triggers';
import type { MachineEntry } from '../registry-types';
import { type TriggerContext, type TriggerPending, triggerMachine } from '../trigger.machine';
import { disabledForm, leadForm, openTrigger, sampleLead, webhook } from './fixtures';
import { type IntegrationDraft, integrationsMachine, validIntegration } from './integrations.machine';
import { LEADS_STEP, leadsMachine } from './leads.machine';

/** Registry entry of the trigger machine (spread into machines/index.ts). */

type Snap = { value: unknown; context: unknown };
const ctx = (s: Snap) => s.context as TriggerContext;
const has = (s: Snap, state: string) => JSON.stringify(s.value).includes(`"${state}"`);

/** What the server answers for the change in flight: the optimistic model with a real id. */
function savedOf(c: TriggerContext): BookTrigger | undefined {
  const pending = c.pending as TriggerPending | null;
  if (!pending || !('save' in pending)) return undefined;
  const save = pending.save;
  const id = save.kind === 'create' ? save.tempId : save.id;
  const model = c.triggers.find((t) => t.id === id);
  return model && { ...model, id: save.kind === 'create' ? `t-${save.type}` : model.id };
}

type Offered = { type: string; [key: string]: unknown };

function editingEvents(c: TriggerContext): Offered[] {
  const first = c.triggers[0];
  return [
    // Bounded: at most two triggers (one per integration kind) make every rule reachable.
    ...(c.triggers.length < 2
      ? [
          { type: 'user.add', triggerType: 1, config: leadForm.id },
          { type: 'user.add', triggerType: 2, config: webhook.id },
          { type: 'user.add', triggerType: 3, config: disabledForm.id },
        ]
      : []),
    ...(first
      ? [
          { type: 'user.setMandatory', id: first.id, value: !first.is_mandatory },
          { type: 'user.setRepeating', id: first.id, mode: 1 },
          { type: 'user.setRepeating', id: first.id, mode: 2 },
          { type: 'user.setRepeating', id: first.id, mode: 3 },
          { type: 'user.remove', id: first.id },
        ]
      : []),
    { type: 'modes.changed', downloadMode: c.downloadMode === 0 ? 2 : 0, printMode: 2 },
  ];
}

export const triggerMachines: MachineEntry[] = [
  {
    id: 'trigger',
    title: 'Book triggers',
    description:
      'The trigger tab: loading, none available, empty, loaded; add a type once per book (download/print need their mode), mandatory and repeating mode with the SPEC §4 rules, saves and deletes restored on failure.',
    machine: triggerMachine,
    paths: {
      inputs: [
        { bookId: 'b1', downloadMode: 2, printMode: 2 },
        { bookId: 'b1', downloadMode: 0, printMode: 0 },
      ],
      events: (s) => {
        const c = ctx(s);
        if (s.value === 'loading')
          return [
            { type: 'xstate.done.actor.loadTriggers', output: { triggers: [], integrations: [] } },
            { type: 'xstate.done.actor.loadTriggers', output: { triggers: [], integrations: [leadForm, webhook, disabledForm] } },
            {
              type: 'xstate.done.actor.loadTriggers',
              output: { triggers: [openTrigger], integrations: [leadForm, webhook, disabledForm] },
            },
            { type: 'xstate.error.actor.loadTriggers', error: { kind: 'network' } },
          ];
        if (s.value === 'failed') return [{ type: 'user.retry' }];
        if (has(s, 'saving')) {
          const saved = savedOf(c);
          return [
            ...(saved ? [{ type: 'xstate.done.actor.saveTrigger', output: saved }] : []),
            { type: 'xstate.error.actor.saveTrigger', error: { kind: 'server', type: 'TRIGGER', code: 702 } },
          ];
        }
        if (has(s, 'deleting'))
          return [
            { type: 'xstate.done.actor.deleteTrigger', output: undefined },
            { type: 'xstate.error.actor.deleteTrigger', error: { kind: 'network' } },
          ];
        if (has(s, 'editing')) return editingEvents(c);
        return [{ type: 'modes.changed', downloadMode: 2, printMode: 2 }];
      },
      serializeState: (s) => {
        const c = ctx(s);
        const list = c.triggers.map((t) => `${t.id}:${t.type}:${t.config}:${t.is_mandatory ? 1 : 0}:${t.repeating_mode}`).join(',');
        return `${JSON.stringify(s.value)}|${list}|${c.downloadMode}|${c.printMode}|${c.integrations.length}|${c.pending ? ('save' in c.pending ? c.pending.save.kind : 'remove') : ''}`;
      },
      limit: 3000,
    },
  },
  {
    id: 'integrations',
    title: 'Integrations (account)',
    description:
      '/account/integration: loading, empty or loaded; create a lead form or a webhook (http/https URL), enable or disable, new secret, delete; a refused change keeps the list.',
    machine: integrationsMachine,
    paths: {
      events: (s) => {
        const items = (s.context as { items: { id: string }[] }).items;
        if (s.value === 'loading')
          return [
            { type: 'xstate.done.actor.loadIntegrations', output: [] },
            { type: 'xstate.done.actor.loadIntegrations', output: [leadForm, webhook] },
            { type: 'xstate.error.actor.loadIntegrations', error: { kind: 'network' } },
          ];
        if (s.value === 'failed') return [{ type: 'user.retry' }];
        const draft = [
          { type: 'user.setKind', kind: 'webhook' },
          { type: 'user.setKind', kind: 'leadform' },
          { type: 'user.setName', name: 'Hook' },
          { type: 'user.setUrl', url: 'javascript:alert(1)' },
          { type: 'user.setUrl', url: 'https://hooks.example/q' },
        ];
        if (has(s, 'creating'))
          return [
            ...draft,
            { type: 'xstate.done.actor.createIntegration', output: [leadForm, webhook] },
            { type: 'xstate.error.actor.createIntegration', error: { kind: 'server', type: 'VALIDATION', code: 400 } },
          ];
        if (has(s, 'working'))
          return [
            { type: 'xstate.done.actor.changeIntegration', output: [leadForm, webhook] },
            { type: 'xstate.done.actor.changeIntegration', output: [] },
            { type: 'xstate.error.actor.changeIntegration', error: { kind: 'server', type: 'TRIGGER', code: 705 } },
          ];
        return [
          ...draft,
          { type: 'user.create' },
          ...items.flatMap((i) => [
            { type: 'user.toggle', id: i.id, on: false },
            { type: 'user.rotate', id: i.id },
            { type: 'user.delete', id: i.id },
          ]),
        ];
      },
      serializeState: (s) => {
        const c = s.context as { items: { id: string }[]; error: unknown; draft: IntegrationDraft };
        const valid = validIntegration(c.draft.kind, c.draft.name, c.draft.url);
        return `${JSON.stringify(s.value)}|${c.items.map((i) => i.id).join()}|${c.error}|${c.draft.kind}|${valid}`;
      },
    },
  },
  {
    id: 'leads',
    title: 'Leads (account)',
    description: '/account/trigger: the leads readers left, loading, empty or loaded, paging, and the CSV export.',
    machine: leadsMachine,
    paths: {
      events: (s) => {
        if (s.value === 'loading')
          return [
            { type: 'xstate.done.actor.loadLeads', output: { list: [], total: 0 } },
            { type: 'xstate.done.actor.loadLeads', output: { list: [sampleLead], total: LEADS_STEP + 1 } },
            { type: 'xstate.error.actor.loadLeads', error: { kind: 'network' } },
          ];
        if (s.value === 'failed') return [{ type: 'user.retry' }];
        if (has(s, 'exporting'))
          return [
            { type: 'xstate.done.actor.exportLeads', output: 'created,name\r\n' },
            { type: 'xstate.error.actor.exportLeads', error: { kind: 'network' } },
          ];
        return [{ type: 'user.export' }, { type: 'user.page', start: LEADS_STEP }, { type: 'user.page', start: 0 }];
      },
      serializeState: (s) => {
        const c = s.context as { start: number; total: number; error: unknown };
        return `${JSON.stringify(s.value)}|${c.start}|${c.total}|${c.error}`;
      },
    },
  },
];
