import type { Meta, StoryObj } from '@storybook/react-vite';
import { createActor, fromPromise } from 'xstate';
import { accountShare, visitorShare } from '../../../machines/share/fixtures';
import { type ShareEvent, type ShareInput, shareCopyMachine, shareMachine } from '../../../machines/share.machine';
import { ShareModalView } from '../../../src/web/components/share/ShareModalView';
import { StoryApp, useStoryActor } from '../../support/StoryApp';

/**
 * The share modal (issue 7) in each state of the share machine and of its `copy` child, reached by
 * the events a person sends. Side effects are inert: services log the URL they would open, the
 * clipboard answers as the scenario says (never, at once, or refused), the beacon is not sent, and
 * "Copied!" stays on screen.
 */
const SCENARIOS = ['loading', 'off', 'ready', 'account', 'serviceFailed', 'copying', 'copied', 'copyFailed'] as const;
type Scenario = (typeof SCENARIOS)[number];

const never = <T,>() => new Promise<T>(() => {});

function storyMachine(scenario: Scenario) {
  const clipboard =
    scenario === 'copying' ? never<void>() : scenario === 'copyFailed' ? Promise.reject(new Error('denied')) : Promise.resolve();
  clipboard.catch(() => {});
  return shareMachine.provide({
    actors: {
      loadShareMode: fromPromise(() => (scenario === 'loading' ? never<number>() : Promise.resolve(scenario === 'off' ? 0 : 1))),
      copy: shareCopyMachine.provide({
        actors: { copyText: fromPromise(() => clipboard) },
        // The indicator stays for the story.
        delays: { copyIndicator: 24 * 3600 * 1000 },
      }),
    },
    actions: {
      openService: (_, { url }) => console.info('share: would open', url),
    },
  });
}

/** What the person did once the modal opened. */
const STEPS: Partial<Record<Scenario, ShareEvent>> = {
  serviceFailed: { type: 'user.share', service: 'myspace' },
  copying: { type: 'user.copy' },
  copied: { type: 'user.copy' },
  copyFailed: { type: 'user.copy' },
};

function ShareStory({ scenario }: { scenario: Scenario }) {
  const actor = useStoryActor(() => {
    const input: ShareInput = scenario === 'account' ? accountShare : visitorShare;
    const made = createActor(storyMachine(scenario), { input });
    const step = STEPS[scenario];
    if (step) {
      const sub = made.subscribe((s) => {
        if (!s.matches('open')) return;
        sub.unsubscribe();
        made.send(step);
      });
    }
    return made.start();
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
/** The copy child writes to the clipboard. */
export const Copying: Story = { args: { scenario: 'copying' } };
/** Copied: the indicator shows (1 s in the app). */
export const Copied: Story = { args: { scenario: 'copied' } };
/** The clipboard refused: share.copy.msg.error. */
export const CopyFailed: Story = { args: { scenario: 'copyFailed' } };
