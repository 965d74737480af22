import type { Meta, StoryObj } from '@storybook/react-vite';
import { book } from '../../../machines/publish/fixtures';
import { ProxyErrorModal } from '../../../src/web/components/publish/ProxyErrorModal';
import { UploadPage } from '../../../src/web/components/publish/UploadPage';
import { active, type BatchState, batchActor, converting, SignedInShell, useStoryActor } from './support';

const MB = 1024 * 1024;
const report = { name: 'Annual report 2025 — final version for the board meeting.pdf', size: 12.5 * MB };
const catalogue = { name: 'Spring catalogue.docx', size: 3.2 * MB };
const sheet = { name: 'Price list.xlsx', size: 640 * 1024 };

interface UploadStoryProps {
  /** Null: the page opened without files (empty state). */
  batch: BatchState | null;
  free?: boolean;
}

function UploadStory({ batch, free = false }: UploadStoryProps) {
  const actor = useStoryActor(() => (batch ? batchActor(batch) : { stop: () => {} }), batch);
  const ref = batch ? (actor as ReturnType<typeof batchActor>) : null;
  return (
    <SignedInShell free={free}>
      <UploadPage batch={ref} free={free} />
      {ref && <ProxyErrorModal actor={ref} />}
    </SignedInShell>
  );
}

const meta = {
  title: 'Components/Publish/Upload page',
  component: UploadStory,
  args: { batch: null },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof UploadStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No batch (opened directly or after a reload): a way to choose documents. */
export const Empty: Story = {};
/** `transfer.sending`: the first file at 45 %, the others waiting for their turn. */
export const Uploading: Story = {
  args: {
    batch: {
      value: active('sending'),
      files: [
        { file: report, value: 'uploading', loaded: 0.45 * report.size },
        { file: catalogue, value: 'queued' },
        { file: sheet, value: 'queued' },
      ],
    },
  },
};
/** `transfer.sending`, second file: the first converts (page 9 of 24), the second asks the preflight. */
export const UploadingAndConverting: Story = {
  args: {
    batch: {
      value: active('sending'),
      current: 1,
      files: [
        { file: report, ...converting() },
        { file: catalogue, value: 'preflight' },
      ],
    },
  },
};
/** `transfer.sent`, `progress.running`: every file uploaded; one converting, one queued (page count unknown). */
export const Converting: Story = {
  args: {
    batch: {
      value: active('sent'),
      current: 1,
      files: [
        { file: report, ...converting() },
        { file: catalogue, ...converting(book('QUEUED')) },
      ],
    },
  },
};
/** `progress.redirecting`: everything ready; the list opens after 1 s. */
export const Done: Story = {
  args: {
    batch: {
      value: active('sent', 'redirecting'),
      current: 1,
      finished: 2,
      files: [
        { file: report, value: 'converted', book: book('DONE') },
        { file: catalogue, value: 'converted', book: book('DONE') },
      ],
    },
  },
};
/** `progress.redirectingAfterErrors`: an upload refused (errors.PUBLISH.211) and a conversion error; 5 s. */
export const SomeFailed: Story = {
  args: {
    batch: {
      value: active('sent', 'redirectingAfterErrors'),
      current: 2,
      finished: 3,
      failed: 2,
      files: [
        { file: report, value: 'failed', errorId: 'errors.PUBLISH.211' },
        { file: catalogue, value: 'conversionFailed', book: book('ERROR') },
        { file: sheet, value: 'converted', book: book('DONE') },
      ],
    },
  },
};
/** `proxy.shown`: network status 0 — the proxy-error modal over the page (one at a time). */
export const ProxyError: Story = {
  args: {
    batch: {
      value: active('sending', 'running', 'shown'),
      current: 1,
      finished: 1,
      failed: 1,
      files: [
        { file: report, value: 'failed', errorId: 'commons.requestError' },
        { file: catalogue, value: 'uploading', loaded: 0.1 * catalogue.size },
      ],
    },
  },
};
/** A free account: house ads 728×90 above and 960×300 below the list (they change every 30 s). */
export const FreeWithAds: Story = {
  args: { ...Uploading.args, free: true },
};
/** A free account on a phone: the ads scale down with the page. */
export const FreeWithAdsMobile: Story = {
  args: { ...Uploading.args, free: true },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
};
