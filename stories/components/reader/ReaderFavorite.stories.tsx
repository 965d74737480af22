import { useLingui } from '@lingui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useRef } from 'react';
import { createActor, fromPromise } from 'xstate';
import { type FavoriteHeartContext, favoriteHeartMachine } from '../../../machines/favorites/heart.machine';
import { sampleBook } from '../../../machines/reader/fixtures';
import type { FavoriteState } from '../../../src/contracts/favorites';
import { FavoriteView } from '../../../src/viewer/render/favorite';
import '../../../src/viewer/reader.css';

/**
 * The reader's heart (src/viewer/render/favorite.ts, plain DOM) in each state of the heart machine: a
 * real actor put in the state (resolveState) with calls that never settle.
 */
const PRESETS = {
  checking: { value: 'checking', context: { signedIn: true, problem: null } },
  off: { value: 'off', context: { signedIn: true, problem: null } },
  on: { value: 'on', context: { signedIn: true, problem: null } },
  adding: { value: 'adding', context: { signedIn: true, problem: null } },
  removing: { value: 'removing', context: { signedIn: true, problem: null } },
  limit: { value: 'off', context: { signedIn: true, problem: 'limit' } },
  failed: { value: 'on', context: { signedIn: true, problem: 'failed' } },
  private: { value: 'off', context: { signedIn: true, problem: 'private' } },
  session: { value: 'off', context: { signedIn: true, problem: 'session' } },
  signedOut: { value: { signedOut: 'idle' }, context: { signedIn: false, problem: null } },
  prompt: { value: { signedOut: 'prompt' }, context: { signedIn: false, problem: null } },
  promptInEmbed: { value: { signedOut: 'prompt' }, context: { signedIn: false, problem: null }, embedded: true },
  unavailable: { value: 'unavailable', context: { signedIn: true, problem: null } },
} satisfies Record<string, { value: unknown; context: FavoriteHeartContext; embedded?: boolean }>;
type Scenario = keyof typeof PRESETS;

const pending = <T,>() => new Promise<T>(() => {});
const storyMachine = favoriteHeartMachine.provide({
  actors: {
    loadFavorite: fromPromise(() => pending<FavoriteState>()),
    addFavorite: fromPromise(() => pending<FavoriteState>()),
    removeFavorite: fromPromise(() => pending<unknown>()),
  },
});

function ReaderFavoriteStory({ scenario }: { scenario: Scenario }) {
  const { i18n } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const p: { value: unknown; context: FavoriteHeartContext; embedded?: boolean } = PRESETS[scenario];
    const snapshot = storyMachine.resolveState({ value: p.value, context: p.context } as never);
    const actor = createActor(storyMachine, { snapshot, input: { signedIn: p.context.signedIn } } as never);
    const top = document.createElement('header');
    top.className = 'qr-top';
    const tools = document.createElement('div');
    tools.className = 'qr-tools';
    tools.style.marginLeft = 'auto';
    top.append(tools);
    root.replaceChildren(top);
    const view = new FavoriteView(root, i18n, sampleBook, !!p.embedded, (e) => actor.send(e));
    tools.append(view.button);
    actor.subscribe((s) => view.sync(s));
    actor.start();
    view.sync(actor.getSnapshot());
    return () => {
      actor.stop();
      view.note.remove();
      root.replaceChildren();
    };
  }, [scenario, i18n]);
  return <div ref={ref} className="qr" style={{ position: 'relative', height: 260 }} />;
}

const meta = {
  title: 'Components/Reader/Favourite heart',
  component: ReaderFavoriteStory,
  args: { scenario: 'off' },
  argTypes: { scenario: { control: 'select', options: Object.keys(PRESETS) } },
} satisfies Meta<typeof ReaderFavoriteStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** `checking`: the heart waits for the server (disabled). */
export const Checking: Story = { args: { scenario: 'checking' } };
/** `off`: "Add to favourites". */
export const Off: Story = { args: { scenario: 'off' } };
/** `on`: "In your favourites" (pressed, filled). */
export const On: Story = { args: { scenario: 'on' } };
/** `adding`: on its way (disabled). */
export const Adding: Story = { args: { scenario: 'adding' } };
/** `removing`: on its way (disabled, still pressed). */
export const Removing: Story = { args: { scenario: 'removing' } };
/** Refused: the reader keeps 5,000 favourites. */
export const Limit: Story = { args: { scenario: 'limit' } };
/** Refused for another reason (network, server): the heart is back as it was. */
export const Failed: Story = { args: { scenario: 'failed' } };
/** Refused: a private book (read through its link). */
export const Private: Story = { args: { scenario: 'private' } };
/** Refused: the session ended; sign in again. */
export const Session: Story = { args: { scenario: 'session' } };
/** `signedOut.idle`: the heart for a reader who is not signed in. */
export const SignedOut: Story = { args: { scenario: 'signedOut' } };
/** `signedOut.prompt`: signing in comes first, and leads back to the book. */
export const Prompt: Story = { args: { scenario: 'prompt' } };
/** `signedOut.prompt` inside an embed on another site: the publication page opens in a new tab. */
export const PromptInEmbed: Story = { args: { scenario: 'promptInEmbed' } };
/** `unavailable`: no heart (a private book read through its link). */
export const Unavailable: Story = { args: { scenario: 'unavailable' } };
