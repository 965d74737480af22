import type { MachineEntry } from '../registry-types';
import { shareMachine } from '../share.machine';
import { copyMachine } from './copy.machine';
import { ownShare, visitorShare } from './fixtures';

/** Registry entry of the share machine (spread into machines/index.ts). */
export const shareMachines: MachineEntry[] = [
  {
    id: 'share',
    title: 'Share modal',
    description:
      'Share a publication or an account: six services (beacon unless it is your own), unknown service → share.error, copy link through its copy child (1 s indicator or share.copy.msg.error), whose success sends the beacon unless it is your own; share_mode 0 → sharing off.',
    machine: shareMachine,
    paths: {
      inputs: [visitorShare, ownShare],
      events: () => [
        { type: 'user.share', service: 'facebook' },
        { type: 'user.share', service: 'myspace' },
        { type: 'user.copy' },
        { type: 'user.dismissError' },
        { type: 'user.close' },
        { type: 'xstate.done.actor.loadShareMode', output: 1 },
        { type: 'xstate.done.actor.loadShareMode', output: 0 },
        { type: 'xstate.error.actor.loadShareMode', error: new Error('offline') },
        { type: 'copy.copied' },
      ],
      serializeState: (s) => `${JSON.stringify(s.value)}|${(s.context as { currentAccountId: string | null }).currentAccountId}`,
    },
  },
  {
    id: 'copy',
    title: 'Copy a link',
    description:
      'A link shown beside its Copy button (the private link of the book settings, the share modal’s link): copied for 1 s, or the copy failed and the user selects it; copying again restarts.',
    machine: copyMachine,
    paths: {
      events: () => [
        { type: 'user.copy', text: 'https://quire.example/read/b1?token=abc' },
        { type: 'user.dismissError' },
        { type: 'xstate.done.actor.copyText', output: undefined },
        { type: 'xstate.error.actor.copyText', error: new Error('denied') },
        { type: 'xstate.after.copyIndicator.copy.copied' },
      ],
    },
  },
];
