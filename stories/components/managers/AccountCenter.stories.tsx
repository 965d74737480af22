import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { type AccountCenterContext, accountCenterMachine } from '../../../machines/managers/account-center.machine';
import { associationSwitchMachine } from '../../../machines/managers/association-switch.machine';
import { emptyCenter, sampleCenter, sampleChildren } from '../../../machines/managers/fixtures';
import type { AccountCenter, AssociationChild } from '../../../src/contracts/managers';
import { AccountCenterView } from '../../../src/web/components/managers/AccountCenterSection';
import { actorAt, StoryApp, useStoryActor } from '../../support/StoryApp';

/**
 * /account/account-center (issue 20) in each state of the account-centre machine, beside the header's
 * switch machine it sends its choices to (ready with the children here). The load never settles; a
 * switch does nothing here (no storage, no reload).
 */
const story = accountCenterMachine.provide({
  actors: { loadCenter: fromPromise(() => new Promise<AccountCenter>(() => {})) },
});
const switchStory = associationSwitchMachine.provide({
  actors: { loadChildren: fromPromise(() => new Promise<AssociationChild[]>(() => {})) },
  actions: { storeAssociation: () => {}, reload: () => {} },
});

const base: AccountCenterContext = { current: null, center: sampleCenter, error: null, chosen: null };
const SCENARIOS = {
  loading: { value: 'loading', context: { ...base, center: null } },
  failed: { value: 'failed', context: { ...base, center: null, error: 'commons.requestError' } },
  failedActing: { value: 'failed', context: { ...base, current: 'c2', center: null, error: 'commons.requestError' } },
  empty: { value: 'empty', context: { ...base, center: emptyCenter } },
  list: { value: 'list', context: base },
  acting: { value: 'list', context: { ...base, current: 'c2' } },
  switching: { value: 'switching', context: { ...base, chosen: 'c1' } },
  goingBack: { value: 'switching', context: { ...base, current: 'c2', chosen: null } },
} as const;
type Scenario = keyof typeof SCENARIOS;

function CenterStory({ scenario, width }: { scenario: Scenario; width?: number }) {
  const actor = useStoryActor(() => {
    const p = SCENARIOS[scenario] ?? SCENARIOS.list;
    return actorAt(story, p.value, p.context, { current: p.context.current }).start();
  }, [scenario]);
  const switcher = useStoryActor(
    () => actorAt(switchStory, 'ready', { children: sampleChildren, error: null, chosen: null }).start(),
    [scenario],
  );
  return (
    <StoryApp>
      <div className="container page account-page" style={{ paddingTop: 24, ...(width ? { maxWidth: width, paddingInline: 8 } : {}) }}>
        <AccountCenterView actor={actor} switcher={switcher} />
      </div>
    </StoryApp>
  );
}

const meta = {
  title: 'Components/Account/Account centre',
  component: CenterStory,
  args: { scenario: 'list' },
  argTypes: { scenario: { control: 'select', options: Object.keys(SCENARIOS) } },
} satisfies Meta<typeof CenterStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** `loading`. */
export const Loading: Story = { args: { scenario: 'loading' } };
/** The centre could not load (`failed`), with a retry. */
export const Failed: Story = { args: { scenario: 'failed' } };
/** Failed inside an association session: "Back to my account" still works. */
export const FailedActing: Story = { args: { scenario: 'failedActing' } };
/** No managed account yet (`empty`): zero totals. */
export const Empty: Story = { args: { scenario: 'empty' } };
/** The managed accounts, their figures and the totals (`list`), as the manager itself. */
export const List: Story = { args: { scenario: 'list' } };
/** Inside an association session: the current account marked, "Back to my account". */
export const Acting: Story = { args: { scenario: 'acting' } };
/** A child chosen (`switching`): the header's switch stores it and reloads. */
export const Switching: Story = { args: { scenario: 'switching' } };
/** Back to its own account (`switching`, none chosen). */
export const GoingBack: Story = { args: { scenario: 'goingBack' } };
/** On a 320 px screen. */
export const Narrow: Story = { args: { scenario: 'acting', width: 320 } };
