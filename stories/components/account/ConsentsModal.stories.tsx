import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ConsentsContext, consentsMachine, type Prefs } from '../../../machines/consents.machine';
import { ConsentsModal } from '../../../src/web/components/account/ConsentsModal';
import { never, restoredActor, WithActors } from './support';

/** Calls never settle in stories: loading and submitting stay busy. */
const machine = consentsMachine.provide({ actors: { loadPrefs: never(), savePrefs: never(), refreshUser: never() } });

const LOADED: Prefs = { newsletter: false, product_updates: true, comments: true, subscribers: true, statistics_digest: false };

function ConsentsStory({ value, values = LOADED, error = null }: { value: string; values?: Prefs; error?: string | null }) {
  const context: ConsentsContext = { values: value === 'loading' || value === 'failed' ? {} : values, error, user: null };
  return (
    <WithActors build={() => ({ consents: restoredActor(machine, value, context) })} deps={context}>
      {({ consents }) => <ConsentsModal actor={consents} />}
    </WithActors>
  );
}

const meta = {
  title: 'Components/Account/Consents modal',
  component: ConsentsStory,
  args: { value: 'editing' },
} satisfies Meta<typeof ConsentsStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** `loading`: the preferences are fetched. */
export const Loading: Story = { args: { value: 'loading' } };
/** `editing`: one switch per notification. */
export const Editing: Story = {};
/** `submitting`: busy, switches locked. */
export const Submitting: Story = { args: { value: 'submitting' } };
/** `failed`: the load failed; retry. */
export const LoadFailed: Story = { args: { value: 'failed', error: 'commons.requestError' } };
/** `editing` after a failed save. */
export const SaveFailed: Story = { args: { value: 'editing', error: 'errors.SERVER.503' } };
