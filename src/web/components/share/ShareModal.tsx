import { useActorRef, useSelector } from '@xstate/react';
import { useSyncExternalStore } from 'react';
import { fromPromise } from 'xstate';
import { shareCopyMachine, shareMachine } from '../../../../machines/share.machine';
import { useApp } from '../../app/context';
import { sendShareBeacon } from '../../share/beacon';
import { clipboardText } from '../../share/clipboard';
import { ShareModalView } from './ShareModalView';

/** What is shared: one publication or a whole account (SPEC §2 share modal). */
export interface ShareTarget {
  kind: 'book' | 'account';
  /** Book id or account id. */
  id: string;
  name: string;
  /** The public URL shared (publication overview or publisher page). */
  url: string;
  /** The account the shared item belongs to (the beacon's aid; skipped when it is the current user's). */
  accountId: string;
  /** Optional image for services that take one (pinterest). */
  image?: string;
  /** The book's share_mode when known (0 = sharing off); else the modal asks the owner's book call. */
  shareMode?: 0 | 1;
}

export interface ShareModalProps {
  target: ShareTarget;
  onClose: () => void;
}

/** Relative URLs (e.g. `/read/x`) become absolute: a service needs the full address. */
const absolute = (url: string) => new URL(url, window.location.origin).href;

/**
 * The share modal (issue 7), loaded lazily by whoever opens it (book list, publisher page). It runs
 * the share machine with the app's side effects: pop-ups, the clipboard, the beacon, the book call.
 */
export default function ShareModal({ target, onClose }: ShareModalProps) {
  const { config, api, auth, session } = useApp();
  const loggedIn = useSelector(session, (s) => s.matches('loggedIn'));
  const user = useSyncExternalStore(auth.store.subscribe, auth.store.get);
  const currentAccountId = loggedIn ? (user?.account.id ?? null) : null;
  const actor = useActorRef(
    shareMachine.provide({
      actors: {
        copy: shareCopyMachine.provide({ actors: { copyText: clipboardText } }),
        loadShareMode: fromPromise(async ({ input, signal }) => {
          const t = input.target;
          if (t.shareMode !== undefined || t.kind === 'account') return t.shareMode ?? 1;
          const book = await api.call<{ share_mode?: number }>('account/book/get', {
            searchParams: { id: t.id },
            ignoreAlerts: true,
            signal,
          });
          return book.share_mode ?? 1;
        }),
      },
      actions: {
        openService: (_, { service, url }) => {
          if (service === 'mail') window.location.assign(url);
          else window.open(url, '_blank', 'noopener,noreferrer,width=640,height=560');
        },
        sendBeacon: (_, params) => {
          sendShareBeacon(config.beacon, params, currentAccountId);
        },
        close: () => onClose(),
      },
    }),
    {
      input: {
        target: { ...target, url: absolute(target.url), image: target.image ? absolute(target.image) : undefined },
        currentAccountId,
      },
    },
  );
  return <ShareModalView actor={actor} />;
}
