import * as v from 'valibot';
import { type ActorRefFrom, and, assign, fromPromise, setup } from 'xstate';
import {
  type AssociationChild,
  type AuditEntry,
  type ChildCreate,
  ChildCreateSchema,
  type InvitationCreate,
  InvitationCreateSchema,
} from '../../src/contracts/managers';
import { errorMessageId } from '../accounts/errors';

/**
 * /account/manager (issue 20) for a manager: its child accounts and what was done on their behalf.
 * loading → ready (empty | items) or failed (retry). Three flows, each from the list and back to it:
 *  - create a child account (dialog `create`: name and address, validated before anything is sent →
 *    saving → the list reloads → `sent`, which names the address the mail went to);
 *  - invite an existing account (dialog `invite`: the address → sending → `sent`);
 *  - detach a child (confirmDetach → detaching → the list the server answers).
 * A refused call keeps what was there and shows its translated reason (in the dialog, or above the list).
 */

export interface ChildDraft {
  name: string;
  email: string;
}
export interface ChildDraftErrors {
  name: string | null;
  email: string | null;
}
export interface ManagerOverview {
  children: AssociationChild[];
  audit: AuditEntry[];
}

export interface ManagerSectionContext {
  children: AssociationChild[];
  audit: AuditEntry[];
  error: string | null;
  /** Which dialog the draft belongs to. */
  dialog: 'create' | 'invite';
  draft: ChildDraft;
  draftErrors: ChildDraftErrors | null;
  /** The address the last create or invite mailed (shown in `sent`). */
  sentTo: string | null;
  detaching: AssociationChild | null;
}

export type ManagerSectionEvent =
  | { type: 'user.retry' }
  | { type: 'user.openCreate' }
  | { type: 'user.openInvite' }
  | { type: 'user.name'; value: string }
  | { type: 'user.email'; value: string }
  | { type: 'user.submit' }
  | { type: 'user.cancel' }
  | { type: 'user.close' }
  | { type: 'user.detach'; id: string }
  | { type: 'user.confirmDetach' }
  | { type: 'user.cancelDetach' };

export const EMPTY_CHILD_DRAFT: ChildDraft = { name: '', email: '' };

const firstMessage = (result: { success: boolean; issues?: readonly { message: string }[] }) =>
  result.success ? null : (result.issues?.[0]?.message ?? 'validation.invalid');

/** The draft's field errors by the create or invite contract (the name only for a new account). */
export function childDraftErrors(draft: ChildDraft, dialog: 'create' | 'invite'): ChildDraftErrors {
  return {
    name: dialog === 'create' ? firstMessage(v.safeParse(ChildCreateSchema.entries.name, draft.name)) : null,
    email: firstMessage(v.safeParse(InvitationCreateSchema.entries.email, draft.email)),
  };
}
const hasErrors = (e: ChildDraftErrors) => e.name !== null || e.email !== null;

export const managerSectionMachine = setup({
  types: {
    context: {} as ManagerSectionContext,
    events: {} as ManagerSectionEvent,
  },
  actors: {
    /** `GET {api}/account/manager/association/?step=200` and `GET {api}/account/manager/audit/`. */
    loadOverview: fromPromise<ManagerOverview>(async () => ({ children: [], audit: [] })),
    /** `POST {api}/account/manager/child/create {name, email}` → `{email}`. */
    createChild: fromPromise<{ email: string }, ChildCreate>(async ({ input }) => ({ email: input.email })),
    /** `POST {api}/account/manager/invitation/create {email}` → `{email}`. */
    inviteAccount: fromPromise<{ email: string }, InvitationCreate>(async ({ input }) => ({ email: input.email })),
    /** `POST {api}/account/manager/child/detach {id}` → the children as they now are. */
    detachChild: fromPromise<AssociationChild[], { id: string }>(async () => []),
  },
  actions: {
    failed: assign({ error: ({ event }) => errorMessageId((event as { error?: unknown }).error) }),
    overview: assign({
      children: ({ event }) => (event as unknown as { output: ManagerOverview }).output.children,
      audit: ({ event }) => (event as unknown as { output: ManagerOverview }).output.audit,
    }),
  },
  guards: {
    noChildren: ({ context }) => context.children.length === 0,
    draftValid: ({ context }) => !hasErrors(childDraftErrors(context.draft, context.dialog)),
    isCreate: ({ context }) => context.dialog === 'create',
    knownChild: ({ context }, params: { id: string }) => context.children.some((c) => c.child.id === params.id),
  },
}).createMachine({
  id: 'managerSection',
  context: {
    children: [],
    audit: [],
    error: null,
    dialog: 'create',
    draft: EMPTY_CHILD_DRAFT,
    draftErrors: null,
    sentTo: null,
    detaching: null,
  },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadOverview',
        src: 'loadOverview',
        onDone: { target: 'ready', actions: 'overview' },
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
            check: { always: [{ guard: 'noChildren', target: 'empty' }, { target: 'items' }] },
            empty: {},
            items: {},
          },
          on: {
            'user.openCreate': {
              target: 'dialog',
              actions: assign({ dialog: 'create', draft: EMPTY_CHILD_DRAFT, draftErrors: null, error: null }),
            },
            'user.openInvite': {
              target: 'dialog',
              actions: assign({ dialog: 'invite', draft: EMPTY_CHILD_DRAFT, draftErrors: null, error: null }),
            },
            'user.detach': {
              guard: { type: 'knownChild', params: ({ event }) => ({ id: event.id }) },
              target: 'confirmDetach',
              actions: assign({
                detaching: ({ context, event }) => context.children.find((c) => c.child.id === event.id) ?? null,
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
                      context.draftErrors && childDraftErrors({ ...context.draft, name: event.value }, context.dialog),
                  }),
                },
                'user.email': {
                  actions: assign({
                    draft: ({ context, event }) => ({ ...context.draft, email: event.value }),
                    draftErrors: ({ context, event }) =>
                      context.draftErrors && childDraftErrors({ ...context.draft, email: event.value }, context.dialog),
                  }),
                },
                'user.submit': [
                  { guard: and(['draftValid', 'isCreate']), target: 'saving', actions: assign({ draftErrors: null, error: null }) },
                  { guard: 'draftValid', target: 'sending', actions: assign({ draftErrors: null, error: null }) },
                  { actions: assign({ draftErrors: ({ context }) => childDraftErrors(context.draft, context.dialog) }) },
                ],
                'user.cancel': { target: '#managerSection.ready.list', actions: assign({ error: null }) },
              },
            },
            sending: {
              invoke: {
                id: 'inviteAccount',
                src: 'inviteAccount',
                input: ({ context }) => ({ email: context.draft.email.trim().toLowerCase() }),
                onDone: { target: '#managerSection.ready.sent', actions: assign({ sentTo: ({ event }) => event.output.email }) },
                onError: { target: 'editing', actions: 'failed' },
              },
            },
            saving: {
              invoke: {
                id: 'createChild',
                src: 'createChild',
                input: ({ context }) => ({ name: context.draft.name.trim(), email: context.draft.email.trim().toLowerCase() }),
                onDone: { target: 'reloading', actions: assign({ sentTo: ({ event }) => event.output.email }) },
                onError: { target: 'editing', actions: 'failed' },
              },
            },
            /** The new child shows in the list behind the confirmation. */
            reloading: {
              invoke: {
                id: 'reloadOverview',
                src: 'loadOverview',
                onDone: { target: '#managerSection.ready.sent', actions: 'overview' },
                onError: { target: '#managerSection.ready.sent' },
              },
            },
          },
        },
        /** "We sent a mail to …": closes back to the list. */
        sent: {
          on: { 'user.close': { target: 'list', actions: assign({ sentTo: null, draft: EMPTY_CHILD_DRAFT }) } },
        },
        confirmDetach: {
          on: {
            'user.confirmDetach': 'detaching',
            'user.cancelDetach': { target: 'list', actions: assign({ detaching: null }) },
          },
        },
        detaching: {
          invoke: {
            id: 'detachChild',
            src: 'detachChild',
            input: ({ context }) => ({ id: context.detaching?.child.id ?? '' }),
            onDone: { target: 'list', actions: assign({ children: ({ event }) => event.output, detaching: null }) },
            onError: { target: 'list', actions: ['failed', assign({ detaching: null })] },
          },
        },
      },
    },
  },
});

/** A running managerSectionMachine, as the view gets it. */
export type ManagerSectionActorRef = ActorRefFrom<typeof managerSectionMachine>;
