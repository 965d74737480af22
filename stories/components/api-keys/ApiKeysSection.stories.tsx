import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { type ApiKeysContext, apiKeysMachine, EMPTY_KEY_DRAFT } from '../../../machines/account-sections/api-keys.machine';
import { API_KEYS_TODAY, createdApiKey, sampleApiKeys } from '../../../machines/account-sections/fixtures';
import type { ApiKey, ApiKeyCreated } from '../../../src/contracts/api-keys';
import { ApiKeysView } from '../../../src/web/components/api-keys/ApiKeysSection';
import { actorAt, StoryApp, useStoryActor } from '../../support/StoryApp';

/**
 * /account/apikey (issue 18) in each state of the API keys machine. Loads never settle; create and revoke
 * answer after a moment. "Now" is the fixtures' day, so the statuses (active, expired, revoked) stay put.
 */
const pending = <T,>() => new Promise<T>(() => {});
const after = <T,>(value: T) => new Promise<T>((r) => setTimeout(() => r(value), 800));

const story = apiKeysMachine.provide({
  actors: {
    loadKeys: fromPromise(() => pending<ApiKey[]>()),
    createKey: fromPromise(() => after<ApiKeyCreated>(createdApiKey)),
    revokeKey: fromPromise(({ input }) =>
      after<ApiKey[]>(sampleApiKeys.map((k) => (k.id === input.id ? { ...k, revoked_at: Date.UTC(2026, 10, 29, 10) } : k))),
    ),
  },
});

const NOW = Date.UTC(2026, 10, 29, 10);
const API_BASE = 'https://quire.example/api';
const first = sampleApiKeys[0] as ApiKey;
const base: ApiKeysContext = {
  today: API_KEYS_TODAY,
  items: sampleApiKeys,
  error: null,
  draft: EMPTY_KEY_DRAFT,
  draftErrors: null,
  created: null,
  stored: false,
  revoking: null,
};
const filled = { name: 'Nightly import', rights: ['read', 'publish'] as ApiKey['rights'], expiry: '2027-06-30' };

const SCENARIOS = {
  loading: { value: 'loading', context: { ...base, items: [] } },
  failed: { value: 'failed', context: { ...base, items: [], error: 'commons.requestError' } },
  empty: { value: { ready: { list: 'empty' } }, context: { ...base, items: [] } },
  items: { value: { ready: { list: 'items' } }, context: base },
  revokeFailed: { value: { ready: { list: 'items' } }, context: { ...base, error: 'errors.APIKEY.1002' } },
  dialog: { value: { ready: { dialog: 'editing' } }, context: base },
  dialogInvalid: {
    value: { ready: { dialog: 'editing' } },
    context: {
      ...base,
      draft: { name: '', rights: [], expiry: '2026-11-01' },
      draftErrors: { name: 'validation.required', rights: 'apikey.rights.required', expiry: 'apikey.expiry.past' },
    },
  },
  dialogLimit: { value: { ready: { dialog: 'editing' } }, context: { ...base, draft: filled, error: 'errors.APIKEY.1001' } },
  saving: { value: { ready: { dialog: 'saving' } }, context: { ...base, draft: filled } },
  created: {
    value: { ready: 'created' },
    context: { ...base, items: [createdApiKey.key, ...sampleApiKeys], created: createdApiKey },
  },
  createdStored: {
    value: { ready: 'created' },
    context: { ...base, items: [createdApiKey.key, ...sampleApiKeys], created: createdApiKey, stored: true },
  },
  confirmRevoke: { value: { ready: 'confirmRevoke' }, context: { ...base, revoking: first } },
  revoking: { value: { ready: 'revoking' }, context: { ...base, revoking: first } },
} as const;
type Scenario = keyof typeof SCENARIOS;

function ApiKeysStory({ scenario, width }: { scenario: Scenario; width?: number }) {
  const actor = useStoryActor(() => {
    const p = SCENARIOS[scenario] ?? SCENARIOS.items;
    return actorAt(story, p.value, p.context, { today: API_KEYS_TODAY }).start();
  }, [scenario]);
  return (
    <StoryApp>
      <div className="container page account-page" style={{ paddingTop: 24, ...(width ? { maxWidth: width, paddingInline: 8 } : {}) }}>
        <ApiKeysView actor={actor} apiBase={API_BASE} now={NOW} />
      </div>
    </StoryApp>
  );
}

const meta = {
  title: 'Components/Account/API keys',
  component: ApiKeysStory,
  args: { scenario: 'items' },
  argTypes: { scenario: { control: 'select', options: Object.keys(SCENARIOS) } },
} satisfies Meta<typeof ApiKeysStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** `loading`. */
export const Loading: Story = { args: { scenario: 'loading' } };
/** The list could not load (`failed`), with a retry. */
export const Failed: Story = { args: { scenario: 'failed' } };
/** No keys yet (`ready.list.empty`): the create button and the how-to panel. */
export const Empty: Story = { args: { scenario: 'empty' } };
/** Keys: active (used, never used), expired and revoked (`ready.list.items`). */
export const Items: Story = { args: { scenario: 'items' } };
/** A revoke the server refused: the reason above the list. */
export const RevokeFailed: Story = { args: { scenario: 'revokeFailed' } };
/** The create dialog (`ready.dialog.editing`). */
export const CreateDialog: Story = { args: { scenario: 'dialog' } };
/** Create with no name, no right and a past expiry: each field says why. */
export const CreateInvalid: Story = { args: { scenario: 'dialogInvalid' } };
/** The live-key limit: the dialog keeps what was typed and says why. */
export const CreateLimit: Story = { args: { scenario: 'dialogLimit' } };
/** Right after Create (`ready.dialog.saving`). */
export const Saving: Story = { args: { scenario: 'saving' } };
/** The new key and its secret, shown once; Done waits for "I have stored the secret" (`ready.created`). */
export const Created: Story = { args: { scenario: 'created' } };
/** The box ticked: Done closes. */
export const CreatedStored: Story = { args: { scenario: 'createdStored' } };
/** The revoke confirmation (`ready.confirmRevoke`). */
export const ConfirmRevoke: Story = { args: { scenario: 'confirmRevoke' } };
/** Right after the confirmation (`ready.revoking`). */
export const Revoking: Story = { args: { scenario: 'revoking' } };
/** On a 320 px screen. */
export const Narrow: Story = { args: { scenario: 'items', width: 320 } };
/** The secret dialog on a 320 px screen. */
export const NarrowCreated: Story = { args: { scenario: 'created', width: 320 } };
