import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { sampleAudit, sampleChildren, sampleInvitation } from '../../../machines/managers/fixtures';
import { type InvitationContext, invitationMachine } from '../../../machines/managers/invitation.machine';
import {
  EMPTY_CHILD_DRAFT,
  type ManagerOverview,
  type ManagerSectionContext,
  managerSectionMachine,
} from '../../../machines/managers/manager-section.machine';
import type { AssociationChild, InvitationView } from '../../../src/contracts/managers';
import { InvitationPanel, ManagerSectionView } from '../../../src/web/components/managers/ManagerSection';
import { actorAt, StoryApp, useStoryActor } from '../../support/StoryApp';

/**
 * /account/manager (issue 20) in each state of the managed-accounts machine, and the mailed invitation in
 * each state of its machine. Loads never settle; create, invite, detach and accept answer after a moment.
 */
const pending = <T,>() => new Promise<T>(() => {});
const after = <T,>(value: T) => new Promise<T>((r) => setTimeout(() => r(value), 800));

const story = managerSectionMachine.provide({
  actors: {
    loadOverview: fromPromise(() => pending<ManagerOverview>()),
    createChild: fromPromise(({ input }) => after({ email: input.email })),
    inviteAccount: fromPromise(({ input }) => after({ email: input.email })),
    detachChild: fromPromise(({ input }) => after<AssociationChild[]>(sampleChildren.filter((c) => c.child.id !== input.id))),
  },
});
const invitationStory = invitationMachine.provide({
  actors: {
    loadInvitation: fromPromise(() => pending<InvitationView>()),
    acceptInvitation: fromPromise(() => after({ manager: { name: 'Boss Media' } })),
  },
});

const first = sampleChildren[0] as AssociationChild;
const base: ManagerSectionContext = {
  children: sampleChildren,
  audit: sampleAudit,
  error: null,
  dialog: 'create',
  draft: EMPTY_CHILD_DRAFT,
  draftErrors: null,
  sentTo: null,
  detaching: null,
};
const filled = { name: 'Local Choir', email: 'choir@example.com' };

const SCENARIOS = {
  loading: { value: 'loading', context: { ...base, children: [], audit: [] } },
  failed: { value: 'failed', context: { ...base, children: [], audit: [], error: 'commons.requestError' } },
  empty: { value: { ready: { list: 'empty' } }, context: { ...base, children: [], audit: [] } },
  items: { value: { ready: { list: 'items' } }, context: base },
  detachFailed: { value: { ready: { list: 'items' } }, context: { ...base, error: 'errors.MANAGER.1104' } },
  create: { value: { ready: { dialog: 'editing' } }, context: base },
  createInvalid: {
    value: { ready: { dialog: 'editing' } },
    context: { ...base, draft: { name: '', email: 'nope' }, draftErrors: { name: 'validation.required', email: 'validation.email' } },
  },
  createLimit: { value: { ready: { dialog: 'editing' } }, context: { ...base, draft: filled, error: 'errors.MANAGER.1108' } },
  saving: { value: { ready: { dialog: 'saving' } }, context: { ...base, draft: filled } },
  invite: { value: { ready: { dialog: 'editing' } }, context: { ...base, dialog: 'invite' as const } },
  sending: { value: { ready: { dialog: 'sending' } }, context: { ...base, dialog: 'invite' as const, draft: filled } },
  sentCreated: { value: { ready: 'sent' }, context: { ...base, sentTo: filled.email } },
  sentInvited: { value: { ready: 'sent' }, context: { ...base, dialog: 'invite' as const, sentTo: filled.email } },
  confirmDetach: { value: { ready: 'confirmDetach' }, context: { ...base, detaching: first } },
  detaching: { value: { ready: 'detaching' }, context: { ...base, detaching: first } },
} as const;
type Scenario = keyof typeof SCENARIOS;

const INVITATION_BASE: InvitationContext = { token: 'sample-token-of-twenty-chars', invitation: sampleInvitation, error: null };
const INVITATIONS = {
  loading: { value: 'loading', context: { ...INVITATION_BASE, invitation: null } },
  invalid: { value: 'invalid', context: { ...INVITATION_BASE, invitation: null, error: 'errors.MANAGER.1105' } },
  review: { value: 'review', context: INVITATION_BASE },
  refused: { value: 'review', context: { ...INVITATION_BASE, error: 'errors.MANAGER.1106' } },
  accepting: { value: 'accepting', context: INVITATION_BASE },
  accepted: { value: 'accepted', context: INVITATION_BASE },
} as const;
type InvitationScenario = keyof typeof INVITATIONS;

function ManagerStory({
  scenario,
  owner,
  invitation,
  width,
}: {
  scenario: Scenario;
  /** An account that is no manager: its own log. */
  owner?: boolean;
  invitation?: InvitationScenario;
  width?: number;
}) {
  const actor = useStoryActor(() => {
    const p = SCENARIOS[scenario] ?? SCENARIOS.items;
    return actorAt(story, p.value, owner ? { ...p.context, children: [] } : p.context).start();
  }, [scenario, owner]);
  const invitationActor = useStoryActor(() => {
    const p = INVITATIONS[invitation ?? 'review'];
    return actorAt(invitationStory, p.value, p.context, { token: INVITATION_BASE.token }).start();
  }, [invitation]);
  return (
    <StoryApp>
      <div className="container page account-page" style={{ paddingTop: 24, ...(width ? { maxWidth: width, paddingInline: 8 } : {}) }}>
        <div className="managers-stack">
          {invitation && <InvitationPanel actor={invitationActor} />}
          <ManagerSectionView actor={actor} isManager={!owner} />
        </div>
      </div>
    </StoryApp>
  );
}

const meta = {
  title: 'Components/Account/Managed accounts',
  component: ManagerStory,
  args: { scenario: 'items' },
  argTypes: {
    scenario: { control: 'select', options: Object.keys(SCENARIOS) },
    invitation: { control: 'select', options: Object.keys(INVITATIONS) },
  },
} satisfies Meta<typeof ManagerStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** `loading`. */
export const Loading: Story = { args: { scenario: 'loading' } };
/** The list could not load (`failed`), with a retry. */
export const Failed: Story = { args: { scenario: 'failed' } };
/** No managed account yet (`ready.list.empty`). */
export const Empty: Story = { args: { scenario: 'empty' } };
/** Managed accounts with their figures and the audit log (`ready.list.items`). */
export const Items: Story = { args: { scenario: 'items' } };
/** A detach the server refused: the reason above the list. */
export const DetachFailed: Story = { args: { scenario: 'detachFailed' } };
/** The create dialog (`ready.dialog.editing`, create). */
export const CreateDialog: Story = { args: { scenario: 'create' } };
/** Create with no name and a bad address: each field says why. */
export const CreateInvalid: Story = { args: { scenario: 'createInvalid' } };
/** The limit of managed accounts: the dialog keeps what was typed and says why. */
export const CreateLimit: Story = { args: { scenario: 'createLimit' } };
/** Right after Create (`ready.dialog.saving`). */
export const Saving: Story = { args: { scenario: 'saving' } };
/** The invite dialog (`ready.dialog.editing`, invite). */
export const InviteDialog: Story = { args: { scenario: 'invite' } };
/** Right after Send (`ready.dialog.sending`). */
export const Sending: Story = { args: { scenario: 'sending' } };
/** After a create (`ready.sent`). */
export const SentCreated: Story = { args: { scenario: 'sentCreated' } };
/** After an invitation (`ready.sent`). */
export const SentInvited: Story = { args: { scenario: 'sentInvited' } };
/** The detach confirmation (`ready.confirmDetach`). */
export const ConfirmDetach: Story = { args: { scenario: 'confirmDetach' } };
/** Right after the confirmation (`ready.detaching`). */
export const Detaching: Story = { args: { scenario: 'detaching' } };
/** An account that is no manager: what managers did on its behalf. */
export const OwnerLog: Story = { args: { scenario: 'items', owner: true } };
/** The mailed invitation, loading. */
export const InvitationLoading: Story = { args: { scenario: 'items', owner: true, invitation: 'loading' } };
/** An invalid invitation link (used, expired, another address). */
export const InvitationInvalid: Story = { args: { scenario: 'items', owner: true, invitation: 'invalid' } };
/** The invitation: accept or decline. */
export const InvitationReview: Story = { args: { scenario: 'items', owner: true, invitation: 'review' } };
/** An accept the server refused (already managed). */
export const InvitationRefused: Story = { args: { scenario: 'items', owner: true, invitation: 'refused' } };
/** Right after Accept. */
export const InvitationAccepting: Story = { args: { scenario: 'items', owner: true, invitation: 'accepting' } };
/** Accepted. */
export const InvitationAccepted: Story = { args: { scenario: 'items', owner: true, invitation: 'accepted' } };
/** On a 320 px screen. */
export const Narrow: Story = { args: { scenario: 'items', width: 320 } };
