import type { Meta, StoryObj } from '@storybook/react-vite';
import { type TermsContext, termsMachine } from '../../../machines/terms.machine';
import { TermsModal } from '../../../src/web/components/account/TermsModal';
import { never, restoredActor, WithActors } from './support';

/** Calls never settle in stories: a submit stays busy. */
const machine = termsMachine.provide({ actors: { acceptTerms: never(), refreshUser: never() } });

function TermsStory({ value, error = null }: { value: string; error?: string | null }) {
  const context: TermsContext = { error, user: null };
  return (
    <WithActors build={() => ({ terms: restoredActor(machine, value, context) })} deps={{ value, error }}>
      {({ terms }) => <TermsModal actor={terms} />}
    </WithActors>
  );
}

const meta = {
  title: 'Components/Account/Terms modal',
  component: TermsStory,
  args: { value: 'unchecked' },
  argTypes: { value: { control: 'select', options: ['unchecked', 'checked', 'submitting', 'refreshingUser'] } },
} satisfies Meta<typeof TermsStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** `unchecked`: the submit is disabled until the box is ticked. */
export const Unchecked: Story = {};
/** `checked`: submit enabled. */
export const Checked: Story = { args: { value: 'checked' } };
/** `submitting`: busy. */
export const Submitting: Story = { args: { value: 'submitting' } };
/** `checked` after a failed submit: the message, the box still ticked. */
export const Failed: Story = { args: { value: 'checked', error: 'errors.SERVER.500' } };
