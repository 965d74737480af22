import type { Meta, StoryObj } from '@storybook/react-vite';
import { USAGE_CONTEXT_ERROR_ID } from '../../../machines/constants';
import { type ProField, type UsageContextContext, usageContextMachine } from '../../../machines/usage-context.machine';
import type { UsageContext } from '../../../src/contracts/accounts';
import { UsageContextModal } from '../../../src/web/components/account/UsageContextModal';
import { never, restoredActor, WithActors } from './support';

/** Calls never settle in stories: a submit stays busy. */
const machine = usageContextMachine.provide({ actors: { saveContext: never(), refreshUser: never() } });

interface UsageStoryProps {
  value: string;
  choice?: UsageContext | null;
  fields?: Partial<Record<ProField, string>>;
  emptyFields?: ProField[];
  error?: string | null;
}

function UsageContextStory({ value, choice = null, fields = {}, emptyFields = [], error = null }: UsageStoryProps) {
  const context: UsageContextContext = {
    mode: 'modal',
    choice,
    fields: { company_activity_sector: '', job_title: '', company_size: '', ...fields },
    emptyFields,
    error,
    user: null,
  };
  return (
    <WithActors build={() => ({ usage: restoredActor(machine, value, context) })} deps={context}>
      {({ usage }) => <UsageContextModal actor={usage} />}
    </WithActors>
  );
}

const meta = {
  title: 'Components/Account/Usage context modal',
  component: UsageContextStory,
  args: { value: 'choosing' },
} satisfies Meta<typeof UsageContextStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** `choosing`: three cards, no validate button yet. */
export const Choosing: Story = {};
/** `chosen` student: the validate button appears. */
export const Student: Story = { args: { value: 'chosen', choice: 'edu' } };
/** `chosen` professional: the three selects (sector and job title sorted, "Other" last). */
export const Professional: Story = { args: { value: 'chosen', choice: 'pro' } };
/** Professional, all selects filled. */
export const ProfessionalFilled: Story = {
  args: {
    value: 'chosen',
    choice: 'pro',
    fields: { company_activity_sector: 'arts_culture', job_title: 'editor_journalist', company_size: '2-10' },
  },
};
/** Professional after a submit with empty selects: marked, with account.info.context.activate.error. */
export const ProfessionalErrors: Story = {
  args: {
    value: 'chosen',
    choice: 'pro',
    fields: { company_activity_sector: 'health_care' },
    emptyFields: ['job_title', 'company_size'],
    error: USAGE_CONTEXT_ERROR_ID,
  },
};
/** `submitting`: busy. */
export const Submitting: Story = {
  args: {
    value: 'submitting',
    choice: 'pro',
    fields: { company_activity_sector: 'it_software', job_title: 'manager', company_size: '51-200' },
  },
};
/** `chosen` after a failed save. */
export const SaveFailed: Story = { args: { value: 'chosen', choice: 'ind', error: 'commons.requestError' } };
/** `thanking`: the thank-you message before the modal closes. */
export const Thanking: Story = { args: { value: 'thanking', choice: 'ind' } };
