import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { LoadBookInput, RenewInput, SaveInput } from '../../../../../machines/book-settings.machine';
import { bookSettingsMachine } from '../../../../../machines/book-settings.machine';
import { booksApi } from '../../../../api/books';
import { presetsApi } from '../../../../api/presets';
import type { BookSettings, BulkItemResult } from '../../../../contracts/books';
import { useApp } from '../../../app/context';
import { BookSettingsView } from './BookSettingsView';

export interface BookSettingsModalProps {
  /** One book, or a selection (bulk edit with per-item results). */
  ids: string[];
  /** `saved` tells the list to reload what changed. */
  onClose: (saved: boolean) => void;
}

/**
 * The book settings modal with its real side effects (DESIGN §4): the books (and private-link renewal), presets and folders calls,
 * alerts, and the current user's record for "save as presets" (config.bookPresets, SPEC §3 Current user).
 */
export default function BookSettingsModal({ ids, onClose }: BookSettingsModalProps) {
  const { api, alerts, auth } = useApp();
  const books = useMemo(() => booksApi(api), [api]);
  const lookups = useMemo(() => presetsApi(api), [api]);
  const mode = auth.store.get()?.account.mode ?? 'FREE';
  const actor = useActorRef(
    bookSettingsMachine.provide({
      actors: {
        loadPresets: fromPromise(({ signal }) => lookups.presets(signal)),
        loadFolders: fromPromise(({ signal }) => lookups.folders(signal)),
        loadBook: fromPromise(async ({ input, signal }: { input: LoadBookInput; signal: AbortSignal }) =>
          input.ids.length === 1 && input.ids[0] ? books.get(input.ids[0], signal) : null,
        ),
        saveBooks: fromPromise(async ({ input, signal }: { input: SaveInput; signal: AbortSignal }): Promise<BulkItemResult[]> => {
          const fields = input.fields as BookSettings;
          const [only] = input.ids;
          if (input.ids.length === 1 && only) {
            await books.update(only, fields, signal);
            return [{ id: only, status: 'ok' }];
          }
          return books.updateMany(input.ids, fields, signal);
        }),
        renewLink: fromPromise(({ input, signal }: { input: RenewInput; signal: AbortSignal }) => books.renewPrivateLink(input.id, signal)),
      },
      actions: {
        notify: (_, { alerts: list }) => {
          for (const alert of list) alerts.send({ type: 'alert.push', alert });
        },
        close: (_, { saved }) => onClose(saved),
        storePresets: (_, { presets }) => {
          const user = auth.store.get();
          if (!presets || !user) return;
          auth.store.set({ ...user, config: { ...user.config, bookPresets: presets } });
        },
      },
    }),
    { input: { ids, mode } },
  );
  return <BookSettingsView actor={actor} />;
}
