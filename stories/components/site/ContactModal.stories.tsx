import type { Meta, StoryObj } from '@storybook/react-vite';
import { createActor, fromPromise } from 'xstate';
import { type ContactContext, contactMachine } from '../../../machines/contact.machine';
import { ContactModal } from '../../../src/web/components/contact/ContactModal';
import { StoryApp, useStoryActor } from '../../support/StoryApp';

/**
 * The contact modal (SPEC §2 Other, §4 Contact submit) in each state of the contact machine, in its
 * two variants, signed out (name and e-mail shown) and signed in (hidden). Sending waits a moment and
 * succeeds; the captcha shows its placeholder.
 */
const SCENARIOS = [
  'editing',
  'invalid',
  'submitting',
  'callFailed',
  'success',
  'deletion',
  'deletionSignedIn',
  'deletionSuccess',
  'devMode',
] as const;
type Scenario = (typeof SCENARIOS)[number];

const empty = { name: '', email: '', text: '', phone: '', url: 'https://quire.example/upgrade', 'g-recaptcha-response': '' };
const filled = { ...empty, name: 'Ada Lovelace', email: 'ada@example.com', text: 'How do I embed a publication in my site?' };
const base: ContactContext = { subject: 'support', signedIn: false, devMode: false, values: empty, errors: {}, errorId: null };
const deletion: ContactContext = { ...base, subject: 'deletion', values: { ...empty, url: '' } };

const PRESETS: Record<Scenario, { value: string; context: ContactContext }> = {
  editing: { value: 'editing', context: base },
  invalid: {
    value: 'editing',
    context: {
      ...base,
      values: { ...empty, email: 'ada@' },
      errors: { email: 'validation.email', text: 'validation.required', 'g-recaptcha-response': 'validation.required' },
    },
  },
  submitting: { value: 'submitting', context: { ...base, values: { ...filled, 'g-recaptcha-response': 'dG9rZW4=' } } },
  callFailed: { value: 'editing', context: { ...base, values: filled, errorId: 'errors.API.429' } },
  success: { value: 'success', context: { ...base, values: filled } },
  deletion: { value: 'editing', context: deletion },
  deletionSignedIn: {
    value: 'editing',
    context: { ...deletion, signedIn: true, values: { ...deletion.values, name: 'Ada', email: 'ada@example.com' } },
  },
  deletionSuccess: { value: 'success', context: { ...deletion, signedIn: true } },
  devMode: { value: 'editing', context: { ...base, devMode: true } },
};

const storyMachine = contactMachine.provide({
  actors: { send: fromPromise(() => new Promise<{ id: string }>((resolve) => setTimeout(() => resolve({ id: 'm1' }), 800))) },
});

function ContactStory({ scenario }: { scenario: Scenario }) {
  const actor = useStoryActor(() => {
    const { value, context } = PRESETS[scenario];
    const snapshot = storyMachine.resolveState({ value, context } as never);
    return createActor(storyMachine, { snapshot } as never).start();
  }, [scenario]);
  return (
    <StoryApp>
      <ContactModal key={scenario} actor={actor} />
    </StoryApp>
  );
}

const meta = {
  title: 'Components/Site/Contact modal',
  component: ContactStory,
  args: { scenario: 'editing' },
  argTypes: { scenario: { control: 'select', options: SCENARIOS } },
} satisfies Meta<typeof ContactStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** `editing`, normal variant, signed out: name, e-mail, phone, page, message, captcha. */
export const Editing: Story = { args: { scenario: 'editing' } };
/** After a submit with a bad e-mail, no message and no captcha (SPEC §5). */
export const Invalid: Story = { args: { scenario: 'invalid' } };
/** `submitting`: the button shows it is busy. */
export const Submitting: Story = { args: { scenario: 'submitting' } };
/** The call failed (here: too many messages): its message, and the captcha is solved again. */
export const CallFailed: Story = { args: { scenario: 'callFailed' } };
/** `success`: the thanks, then the modal closes. */
export const Success: Story = { args: { scenario: 'success' } };
/** The deletion request, signed out (no page field). */
export const Deletion: Story = { args: { scenario: 'deletion' } };
/** The deletion request, signed in: name and e-mail hidden (the account's). */
export const DeletionSignedIn: Story = { args: { scenario: 'deletionSignedIn' } };
/** The deletion request sent. */
export const DeletionSuccess: Story = { args: { scenario: 'deletionSuccess' } };
/** Dev mode (QUIRE_DEV=1): no captcha. */
export const DevMode: Story = { args: { scenario: 'devMode' } };
