import { type ActorRefFrom, assign, fromPromise, sendParent, sendTo, setup } from 'xstate';
import { isShareService, type ShareKind, type ShareService, type ShareSource, shareLink } from '../src/contracts/share';
import { withShareMarker } from '../src/contracts/stats-limits';
import { copyMachine } from './share/copy.machine';

/**
 * The share modal (issue 7; SPEC §2 share modal, §5 unknown share service, §8 copy and share failures,
 * §9 share services and the 1 s copy indicator). Shares one publication or a whole account:
 *   - share_mode 0 → `off`: nothing to share (the modal says sharing is off); `loading` asks the app
 *     for it first (`loadShareMode`: book list items do not carry it);
 *   - a service → its link opens (`openService`, in the click's own call stack so pop-up blockers let
 *     it through) and a beacon is sent (`sendBeacon`) unless the shared account is the user's own;
 *     an unknown service → `failed` (share.error);
 *   - copy link → the `copy` child (machines/share/copy.machine.ts: `copying` → `copied` for
 *     SHARE_COPY_INDICATOR_MS, or `failed`: share.copy.msg.error) copies the target's URL; each copy
 *     it reports (`copy.copied`) sends the beacon, unless the shared account is the user's own.
 * The link builders are pure (src/contracts/share.ts); the device class and cache-buster of the
 * beacon are the app's business (src/web/share/beacon.ts).
 */

export interface ShareTargetInput {
  kind: ShareKind;
  /** Book id or account id. */
  id: string;
  name: string;
  /** Absolute public URL shared. */
  url: string;
  /** The account the shared item belongs to. */
  accountId: string;
  image?: string;
  /** The book's share_mode (0 = sharing off); accounts are always shareable. */
  shareMode?: 0 | 1;
}

export interface ShareInput {
  target: ShareTargetInput;
  /** The signed-in user's account id (null when anonymous): its own shares are not counted. */
  currentAccountId: string | null;
}

export interface ShareContext extends ShareInput {
  /** The service of the last link opened, or the unknown name asked for (shown with share.error). */
  lastService: string | null;
}

export type ShareEvent =
  | { type: 'user.share'; service: string }
  /** Copy the target's link (the `copy` child copies it). */
  | { type: 'user.copy' }
  /** OK on the error shown: the unknown service's, and the copy child's. */
  | { type: 'user.dismissError' }
  | { type: 'user.close' }
  /** From the `copy` child: the link is in the clipboard. */
  | { type: 'copy.copied' };

/**
 * The share modal's `copy` child: the copy machine reporting each copy to the share machine (its
 * beacon). The app gives it the clipboard: `shareCopyMachine.provide({ actors: { copyText } })`.
 */
export const shareCopyMachine = copyMachine.provide({ actions: { reportCopied: sendParent({ type: 'copy.copied' }) } });

/** Message ids the modal shows (SPEC §8). */
/**
 * A service's share link to the target with the service's marker on the target's address (`?src=x`,
 * like the reader's share menu): the statistics count the visits it brings as shared by that service.
 */
const markedLink = (service: ShareService, target: ShareTargetInput): string =>
  shareLink(service, { ...target, url: withShareMarker(target.url, service) });

export const SHARE_MESSAGES = { shareError: 'share.error', copyError: 'share.copy.msg.error' } as const;

/** What the beacon reports for one share (the app adds the device class and the cache-buster). */
export interface ShareBeaconParams {
  source: ShareSource;
  kind: ShareKind;
  accountId: string;
  bookId?: string;
}

const beaconOf = (context: ShareContext, source: ShareSource): ShareBeaconParams => ({
  source,
  kind: context.target.kind,
  accountId: context.target.accountId,
  ...(context.target.kind === 'book' ? { bookId: context.target.id } : {}),
});

export const shareMachine = setup({
  types: {
    context: {} as ShareContext,
    events: {} as ShareEvent,
    input: {} as ShareInput,
  },
  actors: {
    /** Copies the link (shareCopyMachine; the app provides its clipboard). */
    copy: shareCopyMachine,
    /** The target's share_mode (the app: the known one, 1 for accounts, else the owner's book call). */
    loadShareMode: fromPromise<number, { target: ShareTargetInput }>(async ({ input }) => input.target.shareMode ?? 1),
  },
  actions: {
    /** Opens a service's share URL (the app: window.open, or the mail client for mailto:). */
    openService: (_, _params: { service: ShareService; url: string }) => {},
    /** Sends the usage beacon (the app: src/web/share/beacon.ts). */
    sendBeacon: (_, _params: ShareBeaconParams) => {},
    /** The modal is done (the app unmounts it). */
    close: () => {},
    /** The copy child copies the target's URL. */
    copyLink: sendTo('copy', ({ context }) => ({ type: 'user.copy' as const, text: context.target.url })),
    dismissCopyError: sendTo('copy', { type: 'user.dismissError' as const }),
  },
  guards: {
    sharingOff: (_, params: { shareMode: number }) => params.shareMode === 0,
    unknownService: (_, params: { service: string }) => !isShareService(params.service),
    ownAccount: ({ context }) => context.currentAccountId !== null && context.currentAccountId === context.target.accountId,
  },
}).createMachine({
  id: 'share',
  context: ({ input }) => ({ ...input, lastService: null }),
  initial: 'loading',
  on: { 'user.close': { target: '.closed' } },
  states: {
    // The book list's items do not carry share_mode: the app reads it (or answers the known one).
    loading: {
      invoke: {
        id: 'loadShareMode',
        src: 'loadShareMode',
        input: ({ context }) => ({ target: context.target }),
        onDone: [
          { guard: { type: 'sharingOff', params: ({ event }) => ({ shareMode: event.output }) }, target: 'off' },
          { target: 'open' },
        ],
        // Unknown (e.g. not the caller's book): the default share_mode 1 (SPEC §3 Book defaults).
        onError: { target: 'open' },
      },
    },
    off: {},
    open: {
      invoke: { id: 'copy', src: 'copy' },
      initial: 'idle',
      on: {
        'user.share': [
          {
            guard: { type: 'unknownService', params: ({ event }) => ({ service: event.service }) },
            target: '.failed',
            actions: assign({ lastService: ({ event }) => event.service }),
          },
          {
            guard: 'ownAccount',
            target: '.idle',
            actions: [
              assign({ lastService: ({ event }) => event.service }),
              {
                type: 'openService',
                params: ({ context, event }) => ({
                  service: event.service as ShareService,
                  url: markedLink(event.service as ShareService, context.target),
                }),
              },
            ],
          },
          {
            target: '.idle',
            actions: [
              assign({ lastService: ({ event }) => event.service }),
              {
                type: 'openService',
                params: ({ context, event }) => ({
                  service: event.service as ShareService,
                  url: markedLink(event.service as ShareService, context.target),
                }),
              },
              { type: 'sendBeacon', params: ({ context, event }) => beaconOf(context, event.service as ShareService) },
            ],
          },
        ],
        'user.copy': { actions: 'copyLink' },
        'user.dismissError': { target: '.idle', actions: 'dismissCopyError' },
        // The beacon is the share machine's reaction to the copy child's success.
        'copy.copied': [{ guard: 'ownAccount' }, { actions: { type: 'sendBeacon', params: ({ context }) => beaconOf(context, 'copy') } }],
      },
      states: {
        idle: {},
        /** An unknown service was asked for (share.error). */
        failed: {},
      },
    },
    closed: { type: 'final', entry: 'close' },
  },
});

/** A running shareMachine, as the views get it. */
export type ShareActorRef = ActorRefFrom<typeof shareMachine>;
