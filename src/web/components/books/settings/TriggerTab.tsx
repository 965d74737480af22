import { useActorRef } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { type TriggerSave, triggerMachine } from '../../../../../machines/trigger.machine';
import { useApp } from '../../../app/context';
import { access, menuItemOf, viewerOfUser } from '../../../session/menu';
import { UpgradePanel } from '../../account-nav/UpgradePanel';
import { triggersApi } from '../../triggers/api';
import { TriggerTabView } from '../../triggers/TriggerTabView';

export interface TriggerTabProps {
  bookId: string;
  /** The book's current (possibly unsaved) modes: trigger types 2 and 3 need them enabled (SPEC §5). */
  downloadMode: number;
  printMode: number;
}

/** The gating table's triggers page: a publication's triggers and the integrations they use follow its gates. */
const TRIGGERS = menuItemOf('/account/trigger');

/**
 * The settings modal's trigger tab (loaded lazily by the modal). Triggers follow the gating table's
 * `trigger` rule, as the server's trigger and integration calls do (SPEC §6: triggers need the free and
 * premium gates, i.e. platinum): an account it does not enable sees the upgrade panel, and no call is made.
 */
export default function TriggerTab(props: TriggerTabProps) {
  const { auth } = useApp();
  const user = auth.store.get();
  const viewer = user ? viewerOfUser(user) : null;
  if (viewer && TRIGGERS && access(TRIGGERS, viewer) !== 'enabled') return <UpgradePanel item={TRIGGERS} viewer={viewer} compact />;
  return <LiveTriggerTab {...props} />;
}

/** The trigger machine with the real trigger calls. Changes save at once, independently of the modal's own save button. */
function LiveTriggerTab({ bookId, downloadMode, printMode }: TriggerTabProps) {
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
