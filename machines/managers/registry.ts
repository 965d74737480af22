import type { MachineEntry } from '../registry-types';
import { accountCenterMachine } from './account-center.machine';
import { associationSwitchMachine } from './association-switch.machine';
import { emptyCenter, sampleAudit, sampleCenter, sampleChildren, sampleInvitation } from './fixtures';
import { invitationMachine } from './invitation.machine';
import { type ManagerSectionContext, managerSectionMachine } from './manager-section.machine';

/** Registry entries of the managers' machines (issue 20; spread into machines/index.ts). */

type Snap = { value: unknown; context: unknown };
const networkError = { name: 'ApiCallError', kind: 'network', status: 0, message: 'network' };

export const managerMachines: MachineEntry[] = [
  {
    id: 'managerSection',
    title: 'Managed accounts',
    description:
      '/account/manager (issue 20): a manager’s child accounts and the audit log; loading, empty, failed with retry; creating a child account or inviting an existing one (validated before it is sent, then the address the mail went to), detaching a child after a confirmation; refusals (the limit, the network) shown.',
    machine: managerSectionMachine,
    paths: {
      events: (s: Snap) => {
        const c = s.context as ManagerSectionContext;
        return [
          { type: 'user.retry' },
          { type: 'xstate.done.actor.loadOverview', output: { children: sampleChildren, audit: sampleAudit } },
          { type: 'xstate.done.actor.loadOverview', output: { children: [], audit: [] } },
          { type: 'xstate.error.actor.loadOverview', error: networkError },
          { type: 'user.openCreate' },
          { type: 'user.openInvite' },
          { type: 'user.name', value: c.draft.name === '' ? 'Local Choir' : '' },
          { type: 'user.email', value: c.draft.email === '' ? 'choir@example.com' : '' },
          { type: 'user.submit' },
          { type: 'user.cancel' },
          { type: 'xstate.done.actor.createChild', output: { email: 'choir@example.com' } },
          {
            type: 'xstate.error.actor.createChild',
            error: { name: 'ApiCallError', kind: 'server', type: 'MANAGER', code: 1108, status: 409 },
          },
          { type: 'xstate.done.actor.reloadOverview', output: { children: sampleChildren, audit: sampleAudit } },
          { type: 'xstate.error.actor.reloadOverview', error: networkError },
          { type: 'xstate.done.actor.inviteAccount', output: { email: 'choir@example.com' } },
          { type: 'xstate.error.actor.inviteAccount', error: networkError },
          { type: 'user.close' },
          { type: 'user.detach', id: c.children[0]?.child.id ?? 'c1' },
          { type: 'user.detach', id: 'missing' },
          { type: 'user.confirmDetach' },
          { type: 'user.cancelDetach' },
          { type: 'xstate.done.actor.detachChild', output: c.children.slice(1) },
          { type: 'xstate.error.actor.detachChild', error: networkError },
        ];
      },
      serializeState: (s) => {
        const c = s.context as ManagerSectionContext;
        // Only what guards read: any children, the dialog, the draft's validity.
        return `${JSON.stringify(s.value)}|${c.children.length > 0}|${c.dialog}|${c.draft.name !== ''}${c.draft.email !== ''}`;
      },
    },
  },
  {
    id: 'managerInvitation',
    title: 'Manager invitation',
    description:
      'The mailed invitation of a manager, opened by the invited account’s owner at /account/manager#invitation-…: who invites, then accept or decline; an invalid link (used, expired, another address) says so; a refused accept keeps the invitation on screen with its reason.',
    machine: invitationMachine,
    paths: {
      input: { token: 'sample-token-of-twenty-chars' },
      events: () => [
        { type: 'xstate.done.actor.loadInvitation', output: sampleInvitation },
        {
          type: 'xstate.error.actor.loadInvitation',
          error: { name: 'ApiCallError', kind: 'server', type: 'MANAGER', code: 1105, status: 404 },
        },
        { type: 'user.retry' },
        { type: 'user.accept' },
        { type: 'user.decline' },
        { type: 'xstate.done.actor.acceptInvitation', output: { manager: { name: 'Boss Media' } } },
        {
          type: 'xstate.error.actor.acceptInvitation',
          error: { name: 'ApiCallError', kind: 'server', type: 'MANAGER', code: 1106, status: 409 },
        },
      ],
    },
  },
  {
    id: 'associationSwitch',
    title: 'Child-account selector',
    description:
      'The header’s selector of a manager (SPEC §4 Impersonation): its children load as itself; choosing a child stores the association session and reloads, choosing its own account clears it and reloads (also when the list failed).',
    machine: associationSwitchMachine,
    paths: {
      events: () => [
        { type: 'xstate.done.actor.loadChildren', output: sampleChildren },
        { type: 'xstate.error.actor.loadChildren', error: networkError },
        { type: 'user.retry' },
        { type: 'user.choose', id: 'c1' },
        { type: 'user.choose', id: null },
        { type: 'user.choose', id: 'missing' },
      ],
    },
  },
  {
    id: 'accountCenter',
    title: 'Account centre',
    description:
      '/account/account-center (issue 20): a manager’s child accounts with their figures and the totals over all of them; loading, empty, failed with retry; switching to a child, or back to its own account inside an association session, is the header selector’s switch (it stores or clears the association session and reloads).',
    machine: accountCenterMachine,
    paths: {
      // As itself, and inside an association session (acting for c2): "Back to my account" only there.
      inputs: [{ current: null }, { current: 'c2' }],
      events: () => [
        { type: 'xstate.done.actor.loadCenter', output: sampleCenter },
        { type: 'xstate.done.actor.loadCenter', output: emptyCenter },
        { type: 'xstate.error.actor.loadCenter', error: networkError },
        { type: 'user.retry' },
        { type: 'user.switch', id: 'c1' },
        { type: 'user.switch', id: 'c2' },
        { type: 'user.switch', id: 'missing' },
        { type: 'user.back' },
      ],
    },
  },
];
