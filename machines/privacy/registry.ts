import type { MachineEntry } from '../registry-types';
import { type DeletionContext, privacyDeletionMachine } from './deletion.machine';
import { type ExportContext, privacyExportMachine } from './export.machine';
import { exportView, PURGE_AT, privacyStatus } from './fixtures';
import { privacyMachine } from './privacy.machine';

/** Registry entries of /account/privacy's machines (spread into machines/index.ts). */

type Snap = { value: unknown; context: unknown };
const networkError = { name: 'ApiCallError', kind: 'network', status: 0, message: 'network' };
const serverError = (code: number) => ({ name: 'ApiCallError', kind: 'server', status: 400, type: 'PRIVACY', code, message: 'refused' });

export const privacyMachines: MachineEntry[] = [
  {
    id: 'privacy',
    title: 'Privacy section',
    description:
      '/account/privacy: loads the account’s privacy status, then runs the export and deletion flows side by side; a failed load can be retried.',
    machine: privacyMachine,
    paths: {
      events: () => [
        { type: 'user.retry' },
        { type: 'xstate.done.actor.loadStatus', output: privacyStatus(null) },
        { type: 'xstate.error.actor.loadStatus', error: networkError },
      ],
    },
  },
  {
    id: 'privacyExport',
    title: 'Download my data',
    description:
      'The account’s data export: start it, follow its progress (asking every 2 s), download it until its link expires, prepare it again; the server refuses a second export while one runs.',
    machine: privacyExportMachine,
    eventLabels: { 'xstate.after.poll': 'after 2 s' },
    paths: {
      inputs: [{ export: null }, { export: exportView('running', 1) }, { export: exportView('ready') }, { export: exportView('failed') }],
      events: () => [
        { type: 'user.start' },
        { type: 'user.retry' },
        { type: 'xstate.done.actor.startExport', output: privacyStatus(exportView('queued')) },
        { type: 'xstate.error.actor.startExport', error: serverError(931) },
        { type: 'xstate.after.poll.privacyExport.working' },
        { type: 'xstate.done.actor.loadStatus', output: privacyStatus(exportView('running', 2)) },
        { type: 'xstate.done.actor.loadStatus', output: privacyStatus(exportView('ready')) },
        { type: 'xstate.done.actor.loadStatus', output: privacyStatus(exportView('failed')) },
        { type: 'xstate.done.actor.loadStatus', output: privacyStatus(exportView('expired')) },
        { type: 'xstate.error.actor.loadStatus', error: networkError },
      ],
      serializeState: (s: Snap) => {
        const c = s.context as ExportContext;
        return `${JSON.stringify(s.value)}|${c.export?.state ?? 'none'}|${c.export?.done ?? ''}|${c.errorId}`;
      },
    },
  },
  {
    id: 'privacyDeletion',
    title: 'Delete my account',
    description:
      'Self-service deletion: confirm with the password, or with a mailed code for an account without one; the server schedules the deletion after the grace period (signing in cancels it) and this browser signs out. The contact form’s deletion request is offered too.',
    machine: privacyDeletionMachine,
    paths: {
      inputs: [{ reauth: 'password' }, { reauth: 'code' }],
      events: () => [
        { type: 'user.begin' },
        { type: 'user.cancel' },
        { type: 'user.setPassword', value: 'correct horse' },
        { type: 'user.setPassword', value: '' },
        { type: 'user.setCode', value: '123456' },
        { type: 'user.setCode', value: '12' },
        { type: 'user.sendCode' },
        { type: 'user.submit' },
        { type: 'user.contact' },
        { type: 'user.signOut' },
        { type: 'xstate.done.actor.sendCode', output: { email: 'ada@example.com', minutes: 10 } },
        { type: 'xstate.error.actor.sendCode', error: serverError(938) },
        { type: 'xstate.done.actor.deleteAccount', output: { purge_at: PURGE_AT } },
        { type: 'xstate.error.actor.deleteAccount', error: serverError(933) },
      ],
      serializeState: (s: Snap) => {
        const c = s.context as DeletionContext;
        return `${JSON.stringify(s.value)}|${c.reauth}|${c.password !== ''}|${c.code.length}|${c.email !== null}|${c.purgeAt !== null}|${c.errorId}`;
      },
      limit: 400,
    },
  },
];
