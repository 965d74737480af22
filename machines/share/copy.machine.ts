import { type ActorRefFrom, fromPromise, setup } from 'xstate';
import { SHARE_COPY_INDICATOR_MS } from '../constants';

/**
 * Copying a link to the clipboard (SPEC §8 copy failures, §9 the 1 s copy indicator), for a view that
 * shows the link itself (the book settings' private link, the share modal): `copying` → `copied` for
 * SHARE_COPY_INDICATOR_MS, or `failed` (share.copy.msg.error: select the link and copy it yourself).
 * The clipboard is the app's `copyText` actor.
 */
export type CopyEvent = { type: 'user.copy'; text: string } | { type: 'user.dismissError' };

export const copyMachine = setup({
  types: { events: {} as CopyEvent },
  actors: {
    /** Writes the text to the clipboard; the app provides it. */
    copyText: fromPromise<void, { text: string }>(async () => {}),
  },
  actions: {
    /** The text is in the clipboard (the share modal counts the copy: `shareCopyMachine`). */
    reportCopied: () => {},
  },
  delays: { copyIndicator: SHARE_COPY_INDICATOR_MS },
}).createMachine({
  id: 'copy',
  initial: 'idle',
  states: {
    idle: { on: { 'user.copy': { target: 'copying' } } },
    copying: {
      invoke: {
        id: 'copyText',
        src: 'copyText',
        input: ({ event }) => ({ text: event.type === 'user.copy' ? event.text : '' }),
        onDone: { target: 'copied', actions: 'reportCopied' },
        onError: { target: 'failed' },
      },
    },
    copied: {
      after: { copyIndicator: { target: 'idle' } },
      on: { 'user.copy': { target: 'copying' } },
    },
    failed: { on: { 'user.copy': { target: 'copying' }, 'user.dismissError': { target: 'idle' } } },
  },
});

export type CopyActorRef = ActorRefFrom<typeof copyMachine>;
