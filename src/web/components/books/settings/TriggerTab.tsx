import { useActorRef } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { type TriggerSave, triggerMachine } from '../../../../../machines/trigger.machine';
import { useApp } from '../../../app/context';
import { triggersApi } from '../../triggers/api';
import { TriggerTabView } from '../../triggers/TriggerTabView';

export interface TriggerTabProps {
  bookId: string;
  /** The book's current (possibly unsaved) modes: trigger types 2 and 3 need them enabled (SPEC §5). */
  downloadMode: number;
  printMode: number;
}

/**
 * The settings modal's trigger tab (loaded lazily by the modal): the trigger machine with the real
 * trigger calls. Changes save at once, independently of the modal's own save button.
 */
export default function TriggerTab({ bookId, downloadMode, printMode }: TriggerTabProps) {
  const { api } = useApp();
  const calls = useMemo(() => triggersApi(api), [api]);
  const actor = useActorRef(
    triggerMachine.provide({
      actors: {
        loadTriggers: fromPromise(({ input, signal }: { input: { bookId: string }; signal: AbortSignal }) =>
          calls.load(input.bookId, signal),
        ),
        saveTrigger: fromPromise(({ input }: { input: TriggerSave }) => calls.save(input)),
        deleteTrigger: fromPromise(({ input }: { input: { id: string } }) => calls.remove(input.id)),
      },
    }),
    { input: { bookId, downloadMode, printMode } },
  );
  useEffect(() => {
    actor.send({ type: 'modes.changed', downloadMode, printMode });
  }, [actor, downloadMode, printMode]);
  return <TriggerTabView actor={actor} />;
}
