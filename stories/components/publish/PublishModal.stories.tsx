import type { Meta, StoryObj } from '@storybook/react-vite';
import { FILE_SETS } from '../../../machines/publish/fixtures';
import { type PublishModalContext, publishModalMachine } from '../../../machines/publish-modal.machine';
import { PublishModal } from '../../../src/web/components/publish/PublishModal';
import { restoredActor, WithActors } from '../account/support';

const MB = 1024 * 1024;

interface PublishModalStoryProps {
  selection: 'empty' | 'rejected' | 'ready';
  drag?: 'idle' | 'over';
  context?: Partial<PublishModalContext>;
}

/** A free account by default: one file, 100 MB. */
const baseContext = (): PublishModalContext => ({ maxFiles: 1, filesize: 100 * MB, files: [], problems: [], publishingMode: 1 });

function PublishModalStory(props: PublishModalStoryProps) {
  return (
    <WithActors
      deps={props}
      build={() => ({
        modal: restoredActor(
          publishModalMachine,
          { choosing: { selection: props.selection, drag: props.drag ?? 'idle' } },
          { ...baseContext(), ...props.context },
        ),
      })}
    >
      {({ modal }) => <PublishModal actor={modal} />}
    </WithActors>
  );
}

const meta = {
  title: 'Components/Publish/Publish modal',
  component: PublishModalStory,
  args: { selection: 'empty' },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof PublishModalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const premium = { maxFiles: 10, filesize: 500 * MB };

/** `selection.empty`, free account: "Choose a file" (no `multiple`), the upgrade hint, the 100 MB limit. */
export const EmptyFree: Story = {};
/** `selection.empty`, premium: "Choose files" (`multiple`), up to 10 files of 500 MB. */
export const EmptyPremium: Story = { args: { context: premium } };
/** `drag.over`: documents dragged over the zone. */
export const DragOver: Story = { args: { drag: 'over', context: premium } };
/** `selection.ready`, free: one document, Publish enabled. */
export const OneFileChosen: Story = {
  args: { selection: 'ready', context: { files: [{ name: 'Annual report 2025.pdf', size: 2.4 * MB }] } },
};
/** `selection.ready`, premium: two documents, private chosen. */
export const FilesChosen: Story = {
  args: {
    selection: 'ready',
    context: {
      ...premium,
      publishingMode: 2,
      files: [
        { name: 'Annual report 2025 — final version for the board meeting.pdf', size: 12.5 * MB },
        { name: 'Spring catalogue.docx', size: 830 * 1024 },
      ],
    },
  },
};
/** `selection.rejected`: submitted without a file (publish.msg.nofile). */
export const NoFile: Story = { args: { selection: 'rejected', context: { problems: [{ id: 'publish.msg.nofile' }] } } };
/** `selection.rejected`: a free account dropped two files (publish.msg.maxfiles with the limit). */
export const TooManyFiles: Story = {
  args: { selection: 'rejected', context: { files: FILE_SETS.two, problems: [{ id: 'publish.msg.maxfiles', limit: 1 }] } },
};
/** `selection.rejected`: an empty file (publish.msg.filesize.empty). */
export const EmptyFile: Story = {
  args: {
    selection: 'rejected',
    context: { files: [{ name: 'notes.txt', size: 0 }], problems: [{ id: 'publish.msg.filesize.empty', name: 'notes.txt' }] },
  },
};
/** `selection.rejected`: over the plan's limit (publish.msg.filesize.limit, "100 MB"). */
export const FileTooLarge: Story = {
  args: {
    selection: 'rejected',
    context: {
      files: [{ name: 'scans.pdf', size: 180 * MB }],
      problems: [{ id: 'publish.msg.filesize.limit', name: 'scans.pdf', limit: 100 * MB }],
    },
  },
};
/** `selection.rejected`: not an accepted type (publish.msg.type). */
export const UnsupportedType: Story = {
  args: {
    selection: 'rejected',
    context: { files: [{ name: 'setup.exe', size: 300 * 1024 }], problems: [{ id: 'publish.msg.type', name: 'setup.exe' }] },
  },
};
/** `selection.rejected`, premium: several problems, one per file. */
export const SeveralProblems: Story = {
  args: {
    selection: 'rejected',
    context: {
      ...premium,
      files: [...FILE_SETS.twoProblems, { name: 'Catalogue.pdf', size: 4 * MB }],
      problems: [
        { id: 'publish.msg.type', name: 'setup.exe' },
        { id: 'publish.msg.filesize.empty', name: 'notes.txt' },
      ],
    },
  },
};
