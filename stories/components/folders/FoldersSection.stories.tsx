import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { sampleFolders } from '../../../machines/folders/registry';
import { type FoldersContext, foldersMachine, initialContext, PENDING_ID } from '../../../machines/folders.machine';
import type { Folder, FolderDeleteResult } from '../../../src/contracts/presets';
import { FoldersView } from '../../../src/web/components/folders/FoldersSection';
import { actorAt, StoryApp, useStoryActor } from '../../support/StoryApp';

/**
 * /account/folders (issue 6) in each state of the folder manager machine. Loads never settle; create,
 * rename and delete answer after a moment (the optimistic list shows meanwhile).
 */
const pending = <T,>() => new Promise<T>(() => {});
const after = <T,>(value: T) => new Promise<T>((r) => setTimeout(() => r(value), 800));

const story = foldersMachine.provide({
  actors: {
    loadFolders: fromPromise(() => pending<Folder[]>()),
    createFolder: fromPromise(({ input }) => after<Folder>({ id: 'f9', name: input.name, books: 0 })),
    renameFolder: fromPromise(({ input }) => after<Folder>({ ...input, books: 2 })),
    deleteFolder: fromPromise(({ input }) => after<FolderDeleteResult>({ id: input.id, books: 2 })),
  },
});

const base: FoldersContext = { ...initialContext, folders: sampleFolders };
const first = sampleFolders[0] as Folder;

const SCENARIOS = {
  loading: { value: 'loading', context: { ...base, folders: [] } },
  failed: { value: 'failed', context: { ...base, folders: [] } },
  empty: { value: { ready: 'empty' }, context: { ...base, folders: [] } },
  loaded: { value: { ready: 'loaded' }, context: base },
  invalidName: { value: { ready: 'loaded' }, context: { ...base, draftError: 'validation.required' } },
  creating: {
    value: { ready: 'creating' },
    context: {
      ...base,
      draft: 'Reports',
      previous: sampleFolders,
      folders: [...sampleFolders, { id: PENDING_ID, name: 'Reports', books: 0 }],
    },
  },
  editing: { value: { ready: 'loaded' }, context: { ...base, editing: first.id, editName: 'Catalogues 2026' } },
  editInvalid: { value: { ready: 'loaded' }, context: { ...base, editing: first.id, editName: '', editError: 'validation.required' } },
  renaming: {
    value: { ready: 'renaming' },
    context: {
      ...base,
      editing: first.id,
      editName: 'Brochures',
      previous: sampleFolders,
      folders: [{ ...first, name: 'Brochures' }, ...sampleFolders.slice(1)],
    },
  },
  confirming: { value: { ready: 'confirming' }, context: { ...base, removing: first } },
  deleting: {
    value: { ready: 'deleting' },
    context: { ...base, removing: first, previous: sampleFolders, folders: sampleFolders.slice(1) },
  },
  reloading: { value: { ready: 'reloading' }, context: base },
} as const;
type Scenario = keyof typeof SCENARIOS;

function FoldersStory({ scenario, width }: { scenario: Scenario; width?: number }) {
  const actor = useStoryActor(() => {
    const p = SCENARIOS[scenario] ?? SCENARIOS.loaded;
    return actorAt(story, p.value, p.context).start();
  }, [scenario]);
  return (
    <StoryApp>
      <div className="container page account-page" style={{ paddingTop: 24, ...(width ? { maxWidth: width, paddingInline: 8 } : {}) }}>
        <FoldersView actor={actor} />
      </div>
    </StoryApp>
  );
}

const meta = {
  title: 'Components/Account/Folders',
  component: FoldersStory,
  args: { scenario: 'loaded' },
  argTypes: { scenario: { control: 'select', options: Object.keys(SCENARIOS) } },
} satisfies Meta<typeof FoldersStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** `loading`. */
export const Loading: Story = { args: { scenario: 'loading' } };
/** The list could not load (`failed`), with a retry. */
export const Failed: Story = { args: { scenario: 'failed' } };
/** No folders yet (`ready.empty`): the create form only. */
export const Empty: Story = { args: { scenario: 'empty' } };
/** Folders with their book counts (`ready.loaded`). */
export const Loaded: Story = { args: { scenario: 'loaded' } };
/** Create with an empty name: the field says why. */
export const InvalidName: Story = { args: { scenario: 'invalidName' } };
/** Right after Create: the new folder shows, dimmed, while the server answers (`ready.creating`). */
export const Creating: Story = { args: { scenario: 'creating' } };
/** Inline rename open. */
export const Editing: Story = { args: { scenario: 'editing' } };
/** Inline rename with an empty name. */
export const EditInvalid: Story = { args: { scenario: 'editInvalid' } };
/** Right after Save: the new name shows while the server answers (`ready.renaming`). */
export const Renaming: Story = { args: { scenario: 'renaming' } };
/** The delete confirmation: the books stay, without a folder (`ready.confirming`). */
export const Confirming: Story = { args: { scenario: 'confirming' } };
/** Right after the confirmation: the folder is gone while the server answers (`ready.deleting`). */
export const Deleting: Story = { args: { scenario: 'deleting' } };
/** Refreshing the list (`ready.reloading`). */
export const Reloading: Story = { args: { scenario: 'reloading' } };
/** On a 320 px screen. */
export const Narrow: Story = { args: { scenario: 'loaded', width: 320 } };
