import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { associationSwitchMachine } from '../../../machines/managers/association-switch.machine';
import { sampleChildren } from '../../../machines/managers/fixtures';
import type { AssociationChild } from '../../../src/contracts/managers';
import { AssociationSwitchView, ManagedBanner } from '../../../src/web/components/managers/AssociationBar';
import { actorAt, StoryApp, useStoryActor } from '../../support/StoryApp';

/**
 * The bar under the header (issue 20) in each state of the child-account selector, and a managed
 * account's banner. The list never loads; choosing does nothing here (no storage, no reload).
 */
const story = associationSwitchMachine.provide({
  actors: { loadChildren: fromPromise(() => new Promise<AssociationChild[]>(() => {})) },
  actions: { storeAssociation: () => {}, reload: () => {} },
});
const first = sampleChildren[1] as AssociationChild;
const acting = { id: first.child.id, name: first.name, mode: first.child.type.mode, type: first.child.type.id };

const SCENARIOS = {
  loading: { value: 'loading', context: { children: [], error: null, chosen: null }, current: null },
  own: { value: 'ready', context: { children: sampleChildren, error: null, chosen: null }, current: null },
  acting: { value: 'ready', context: { children: sampleChildren, error: null, chosen: null }, current: acting },
  failed: { value: 'failed', context: { children: [], error: 'commons.requestError', chosen: null }, current: acting },
  switching: { value: 'switching', context: { children: sampleChildren, error: null, chosen: first }, current: null },
} as const;
type Scenario = keyof typeof SCENARIOS;

function BarStory({ scenario, managed, width }: { scenario: Scenario; managed?: boolean; width?: number }) {
  const p = SCENARIOS[scenario] ?? SCENARIOS.own;
  const actor = useStoryActor(() => actorAt(story, p.value, p.context).start(), [scenario]);
  return (
    <StoryApp>
      <div style={width ? { maxWidth: width } : undefined}>
        {managed ? <ManagedBanner /> : <AssociationSwitchView actor={actor} current={p.current} />}
      </div>
    </StoryApp>
  );
}

const meta = {
  title: 'Components/Account/Child-account selector',
  component: BarStory,
  args: { scenario: 'own' },
  argTypes: { scenario: { control: 'select', options: Object.keys(SCENARIOS) } },
} satisfies Meta<typeof BarStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The children loading (`loading`). */
export const Loading: Story = { args: { scenario: 'loading' } };
/** The manager as itself (`ready`, no association session). */
export const OwnAccount: Story = { args: { scenario: 'own' } };
/** Acting for a child: the banner (not clickable) and the selector on it. */
export const Acting: Story = { args: { scenario: 'acting' } };
/** The list could not load: the stored child stays, its own account can still be chosen. */
export const Failed: Story = { args: { scenario: 'failed' } };
/** A child chosen: storing and reloading (`switching`). */
export const Switching: Story = { args: { scenario: 'switching' } };
/** A managed (association) account: its banner opens /account/manager. */
export const ManagedAccount: Story = { args: { scenario: 'own', managed: true } };
/** Acting, on a 320 px screen. */
export const Narrow: Story = { args: { scenario: 'acting', width: 320 } };
