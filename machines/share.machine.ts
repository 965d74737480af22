import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { isShareService, type ShareKind, type ShareService, type ShareSource, shareLink } from '../src/contracts/share';
import { SHARE_COPY_INDICATOR_MS } from './constants';

/**
 * The share modal (issue 7; SPEC §2 share modal, §5 unknown share service, §8 copy and share failures,
 * §9 share services and the 1 s copy indicator). Shares one publication or a whole account:
 *   - share_mode 0 → `off`: nothing to share (the modal says sharing is off); `loading` asks the app
 *     for it first (`loadShareMode`: book list items do not carry it);
 *   - a service → its link opens (`openService`, in the click's own call stack so pop-up blockers let
 *     it through) and a beacon is sent (`sendBeacon`) unless the shared account is the user's own;
 *     an unknown service → `failed` (share.error);
 *   - copy link → `copying` → `copied` for SHARE_COPY_INDICATOR_MS, or `failed` (share.copy.msg.error).
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
  | { type: 'user.copy' }
  | { type: 'user.dismissError' }
  | { type: 'user.close' };

/** Message ids the modal shows (SPEC §8). */
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
    /** Writes the URL to the clipboard (the app: navigator.clipboard). */
    copyLink: fromPromise<void, { url: string }>(async () => {}),
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
  },
  guards: {
    sharingOff: (_, params: { shareMode: number }) => params.shareMode === 0,
    unknownService: (_, params: { service: string }) => !isShareService(params.service),
    ownAccount: ({ context }) => context.currentAccountId !== null && context.currentAccountId === context.target.accountId,
  },
  delays: { copyIndicator: SHARE_COPY_INDICATOR_MS },
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
      type: 'parallel',
      states: {
        service: {
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
                      url: shareLink(event.service as ShareService, context.target),
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
                      url: shareLink(event.service as ShareService, context.target),
                    }),
                  },
                  { type: 'sendBeacon', params: ({ context, event }) => beaconOf(context, event.service as ShareService) },
                ],
              },
            ],
          },
          states: {
            idle: {},
            failed: { on: { 'user.dismissError': { target: 'idle' } } },
          },
        },
        copy: {
          initial: 'idle',
          states: {
            idle: { on: { 'user.copy': { target: 'copying' } } },
            copying: {
              invoke: {
                id: 'copyLink',
                src: 'copyLink',
                input: ({ context }) => ({ url: context.target.url }),
                onDone: [
                  { guard: 'ownAccount', target: 'copied' },
                  { target: 'copied', actions: { type: 'sendBeacon', params: ({ context }) => beaconOf(context, 'copy') } },
                ],
                onError: { target: 'failed' },
              },
            },
            copied: {
              after: { copyIndicator: { target: 'idle' } },
              on: { 'user.copy': { target: 'copying' } },
            },
            failed: { on: { 'user.copy': { target: 'copying' }, 'user.dismissError': { target: 'idle' } } },
          },
        },
      },
    },
    closed: { type: 'final', entry: 'close' },
  },
});

/** A running shareMachine, as the views get it. */
export type ShareActorRef = ActorRefFrom<typeof shareMachine>;
