import type { Meta, StoryObj } from '@storybook/react-vite';
import { consentsMachine } from '../../../machines/consents.machine';
import { type PostLoginContext, type PostLoginStep, postLoginMachine } from '../../../machines/post-login.machine';
import { termsMachine } from '../../../machines/terms.machine';
import { usageContextMachine } from '../../../machines/usage-context.machine';
import { PostLoginModals } from '../../../src/web/components/account/PostLoginModals';
import { type ChildState, never, restoredActor, WithActors } from './support';

/** The steps' calls never settle in stories. */
const machine = postLoginMachine.provide({
  actors: {
    terms: termsMachine.provide({ actors: { acceptTerms: never(), refreshUser: never() } }),
    usageContext: usageContextMachine.provide({ actors: { saveContext: never(), refreshUser: never() } }),
    consents: consentsMachine.provide({ actors: { loadPrefs: never(), savePrefs: never(), refreshUser: never() } }),
  },
});

const run: PostLoginContext['run'] = {
  user: { tos: { required: true }, profile: { type: 2 }, account: { context: null }, subscriptions: { modification: 1_500_000_000 } },
  isManagerInAssociation: false,
  bypassTerms: false,
  redirectPath: null,
};

const STEPS: Record<PostLoginStep, ChildState> = {
  terms: { machine: termsMachine, value: 'unchecked', context: { error: null, user: null } },
  usageContext: {
    machine: usageContextMachine,
    value: 'choosing',
    context: {
      choice: null,
      fields: { company_activity_sector: '', job_title: '', company_size: '' },
      emptyFields: [],
      error: null,
      user: null,
    },
  },
  consents: {
    machine: consentsMachine,
    value: 'editing',
    context: {
      values: { newsletter: false, product_updates: false, comments: true, subscribers: true, statistics_digest: true },
      error: null,
      user: null,
    },
  },
};

function PostLoginStory({ step }: { step: PostLoginStep | null }) {
  const build = () => ({
    postLogin: step
      ? restoredActor(machine, { running: step }, { run }, { [step]: STEPS[step] })
      : restoredActor(machine, 'idle', { run: null }),
  });
  return (
    <WithActors build={build} deps={{ step }}>
      {({ postLogin }) => <PostLoginModals actor={postLogin} />}
    </WithActors>
  );
}

const meta = {
  title: 'Components/Account/Post-login modals',
  component: PostLoginStory,
  args: { step: 'terms' },
  argTypes: { step: { control: 'select', options: [null, 'terms', 'usageContext', 'consents'] } },
} satisfies Meta<typeof PostLoginStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** `running.terms`: the terms child shows as its full-screen modal. */
export const TermsStep: Story = {};
/** `running.usageContext`. */
export const UsageContextStep: Story = { args: { step: 'usageContext' } };
/** `running.consents`. */
export const ConsentsStep: Story = { args: { step: 'consents' } };
/** `idle`: nothing shows. */
export const Idle: Story = { args: { step: null } };
