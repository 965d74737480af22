import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProxyErrorModal } from '../../../src/web/components/publish/ProxyErrorModal';
import { active, type BatchState, batchActor, SignedInShell, useStoryActor } from './support';

const file = { name: 'Annual report 2025.pdf', size: 2_400_000 };

function ProxyErrorStory({ batch }: { batch: BatchState }) {
  const actor = useStoryActor(() => batchActor(batch), batch);
  return (
    <SignedInShell>
      <div className="container page">
        <p>The upload page is under the modal.</p>
      </div>
      <ProxyErrorModal actor={actor} />
    </SignedInShell>
  );
}

const meta = {
  title: 'Components/Publish/Proxy-error modal',
  component: ProxyErrorStory,
  args: {
    batch: {
      value: active('sent', 'redirectingAfterErrors', 'shown'),
      finished: 1,
      failed: 1,
      files: [{ file, value: 'failed', errorId: 'commons.requestError' }],
    },
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ProxyErrorStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** `proxy.shown`: network status 0 while publishing; OK sends `user.confirmProxyError` (→ /account/book). */
export const Shown: Story = {};
