import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { WIDGET_PALETTE_STORAGE_KEY } from '../../../../machines/constants';
import { cleanPalette, type WidgetInput, widgetMachine } from '../../../../machines/widget.machine';
import { useApp } from '../../app/context';
import { WidgetModalView } from './WidgetModalView';

/** What is embedded: an account's (or a folder's) library, or one publication (SPEC §2 widget modal). */
export interface WidgetTarget {
  accountId: string;
  /** A folder of the account (library of that folder only). */
  folderId?: string;
  /** One publication: the single-book embed snippet. */
  bookId?: string;
  name: string;
}

export interface WidgetModalProps {
  target: WidgetTarget;
  onClose: () => void;
}

function readPalette(): string[] {
  try {
    return cleanPalette(JSON.parse(localStorage.getItem(WIDGET_PALETTE_STORAGE_KEY) ?? '[]'));
  } catch {
    return [];
  }
}

/** The input of the widget machine for a target (hosts from the client configuration). */
export function widgetInput(
  target: WidgetTarget,
  hosts: { embed: string; viewer: string },
  origin: string,
  palette: string[],
): WidgetInput {
  const common = { name: target.name, embed: hosts.embed, viewer: hosts.viewer, origin, palette };
  if (target.bookId) return { ...common, mode: 'book', id: target.bookId };
  if (target.folderId) return { ...common, mode: 'library', type: 'folder', id: target.folderId };
  return { ...common, mode: 'library', type: 'account', id: target.accountId };
}

/**
 * The widget (embed) modal, loaded on demand by the book list: runs the widget machine with the
 * browser's clipboard and local storage (recent colours) and renders it (WidgetModalView).
 */
export default function WidgetModal({ target, onClose }: WidgetModalProps) {
  const { config } = useApp();
  const input = useMemo(() => widgetInput(target, config, location.origin, readPalette()), [target, config]);
  const machine = useMemo(
    () =>
      widgetMachine.provide({
        actors: { copyCode: fromPromise(({ input: { code } }) => navigator.clipboard.writeText(code)) },
        actions: {
          savePalette: (_, { palette }) => {
            try {
              localStorage.setItem(WIDGET_PALETTE_STORAGE_KEY, JSON.stringify(palette));
            } catch {
              // Storage full or disabled: the palette lasts for this modal only.
            }
          },
        },
      }),
    [],
  );
  const actor = useActorRef(machine, { input });
  return <WidgetModalView actor={actor} onClose={onClose} />;
}
