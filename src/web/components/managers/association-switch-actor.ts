import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { type AssociationSwitchActorRef, associationSwitchMachine } from '../../../../machines/managers/association-switch.machine';
import { ASSOCIATION_STEP, AssociationListSchema } from '../../../contracts/managers';
import { useApp } from '../../app/context';
import { writeAssociation } from '../../session/user-store';

/**
 * The association-switch machine (SPEC §4 Impersonation) on the app: its children loaded as the manager
 * itself (`asSelf`: without the account id header, whatever account it acts for now); choosing stores
 * (a child) or clears (its own account) the association session in session storage and reloads. The
 * header's selector (AssociationBar) and the account centre's switches (AccountCenterSection) both run it.
 */
export function useAssociationSwitch(): AssociationSwitchActorRef {
  const { api } = useApp();
  return useActorRef(
    associationSwitchMachine.provide({
      actors: {
        loadChildren: fromPromise(
          async ({ signal }) =>
            (
              await api.call('account/manager/association/', {
                method: 'GET',
                schema: AssociationListSchema,
                signal,
                asSelf: true,
                ignoreAlerts: true,
                searchParams: { step: ASSOCIATION_STEP },
              })
            ).list,
        ),
      },
      actions: {
        storeAssociation: (_, params) => {
          const child = params.child;
          writeAssociation(
            globalThis.sessionStorage,
            child ? { id: child.child.id, name: child.name, mode: child.child.type.mode, type: child.child.type.id } : null,
          );
        },
        reload: () => globalThis.location.reload(),
      },
    }),
  );
}
