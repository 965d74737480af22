import type { Meta, StoryObj } from '@storybook/react-vite';
import { copyMachine } from '../../../machines/share/copy.machine';
import { PrivateLinkCopy } from '../../../src/web/components/books/settings/PrivateOptions';
import { actorAt, useStoryActor } from '../../support/StoryApp';

/** The private link of the book settings and its Copy button, in each state of the copy machine (machines/share/copy.machine.ts). */
function Copy({ state }: { state: 'idle' | 'copying' | 'copied' | 'failed' }) {
  const copy = useStoryActor(() => actorAt(copyMachine, state, {}), [state]);
  return (
    <div className="field" style={{ maxWidth: 520 }}>
      <PrivateLinkCopy copy={copy} link="https://quire.example/read/b1?token=abc" />
    </div>
  );
}

const meta = {
  title: 'Components/Books/PrivateLinkCopy',
  component: Copy,
  args: { state: 'idle' },
} satisfies Meta<typeof Copy>;
export default meta;
type Story = StoryObj<typeof meta>;

/** `idle`: the link and its Copy button. */
export const Idle: Story = {};
/** `copying`: the clipboard is being written. */
export const Copying: Story = { args: { state: 'copying' } };
/** `copied`: "Copied." for a second. */
export const Copied: Story = { args: { state: 'copied' } };
/** `failed`: the link could not be copied; the user selects it and copies it. */
export const Failed: Story = { args: { state: 'failed' } };
