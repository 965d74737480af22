import { fromPromise } from 'xstate';

/** The browser's clipboard as the copy machine's `copyText` actor (machines/share/copy.machine.ts). */
export const clipboardText = fromPromise<void, { text: string }>(({ input }) => navigator.clipboard.writeText(input.text));
