import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ConsentsContext, consentsMachine, type Prefs } from '../../../machines/consents.machine';
import { ConsentsModal } from '../../../src/web/components/account/ConsentsModal';
import { never, restoredActor, WithActors } from './support';

/** Calls never settle in stories: loading and submitting stay busy. */
const machine = consentsMachine.provide({ actors: { loadPrefs: never(), savePrefs: never(), refreshUser: never() } });

const LOADED: Prefs = { newsletter: false, product_updates: true, comments: true, subscribers: true, statistics_digest: false };

function ConsentsStory({
  value,
  values = LOADED,
  error = null,
  scripts = false,
}: {
  value: string;
  values?: Prefs;
  error?: string | null;
  /** The site loads a support chat and a page-testing tool (their consents show). */
  scripts?: boolean;
}) {
  const context: ConsentsContext = { mode: 'modal', values: value === 'loading' || value === 'failed' ? {} : values, error, user: null };
  const config = scripts
    ? { scripts: { support_chat: 'https://chat.example.com/loader.js', page_testing: 'https://tests.example.com/t.js' } }
    : {};
  return (
    <WithActors build={() => ({ consents: restoredActor(machine, value, context) })} deps={{ context, scripts }} state={{ config }}>
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
/** `editing` on a site with a support chat and a page-testing tool: their consents (SPEC §7) show too. */
export const WithThirdPartyScripts: Story = { args: { scripts: true, values: { ...LOADED, support_chat: true } } };
/** `submitting`: busy, switches locked. */
export const Submitting: Story = { args: { value: 'submitting' } };
/** `failed`: the load failed; retry. */
export const LoadFailed: Story = { args: { value: 'failed', error: 'commons.requestError' } };
/** `editing` after a failed save. */
export const SaveFailed: Story = { args: { value: 'editing', error: 'errors.SERVER.503' } };
