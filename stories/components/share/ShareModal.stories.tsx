import type { Meta, StoryObj } from '@storybook/react-vite';
import { createActor, fromPromise } from 'xstate';
import { accountShare, visitorShare } from '../../../machines/share/fixtures';
import { type ShareContext, shareMachine } from '../../../machines/share.machine';
import { ShareModalView } from '../../../src/web/components/share/ShareModalView';
import { StoryApp, useStoryActor } from '../../support/StoryApp';

/**
 * The share modal (issue 7) in each state of the share machine. Side effects are inert: services log
 * the URL they would open, copying succeeds after a moment, the beacon is not sent.
 */
const SCENARIOS = ['loading', 'off', 'ready', 'account', 'serviceFailed', 'copying', 'copied', 'copyFailed'] as const;
type Scenario = (typeof SCENARIOS)[number];

const book: ShareContext = { ...visitorShare, lastService: null };
const account: ShareContext = { ...accountShare, lastService: null };
const open = (service: string, copy: string) => ({ open: { service, copy } });

const PRESETS: Record<Scenario, { value: unknown; context: ShareContext }> = {
  loading: { value: 'loading', context: book },
  off: { value: 'off', context: book },
  ready: { value: open('idle', 'idle'), context: book },
  account: { value: open('idle', 'idle'), context: account },
  serviceFailed: { value: open('failed', 'idle'), context: { ...book, lastService: 'myspace' } },
  copying: { value: open('idle', 'copying'), context: book },
  copied: { value: open('idle', 'copied'), context: book },
  copyFailed: { value: open('idle', 'failed'), context: book },
};

const storyMachine = shareMachine.provide({
  actors: {
    copyLink: fromPromise(() => new Promise<void>((r) => setTimeout(r, 400))),
    loadShareMode: fromPromise(() => new Promise<number>(() => {})),
  },
  actions: {
    openService: (_, { url }) => console.info('share: would open', url),
  },
});

function ShareStory({ scenario }: { scenario: Scenario }) {
  const actor = useStoryActor(() => {
    const { value, context } = PRESETS[scenario];
    const snapshot = storyMachine.resolveState({ value, context } as never);
    return createActor(storyMachine, { snapshot } as never).start();
  }, [scenario]);
  return (
    <StoryApp>
      <ShareModalView key={scenario} actor={actor} />
    </StoryApp>
  );
}

const meta = {
  title: 'Components/Share/Share modal',
  component: ShareStory,
  args: { scenario: 'ready' },
  argTypes: { scenario: { control: 'select', options: SCENARIOS } },
} satisfies Meta<typeof ShareStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** `loading`: the publication's share_mode is being read. */
export const Loading: Story = { args: { scenario: 'loading' } };
/** `off`: share_mode 0, nothing to share. */
export const SharingOff: Story = { args: { scenario: 'off' } };
/** `open`: the six services and the link to copy. */
export const Ready: Story = { args: { scenario: 'ready' } };
/** A publisher's page shared instead of a publication. */
export const Account: Story = { args: { scenario: 'account' } };
/** An unknown service was asked for: share.error. */
export const ServiceFailed: Story = { args: { scenario: 'serviceFailed' } };
/** Writing to the clipboard. */
export const Copying: Story = { args: { scenario: 'copying' } };
/** Copied: the indicator shows for 1 s. */
export const Copied: Story = { args: { scenario: 'copied' } };
/** The clipboard refused: share.copy.msg.error. */
export const CopyFailed: Story = { args: { scenario: 'copyFailed' } };
