import type { Meta, StoryObj } from '@storybook/react-vite';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { PICKED, SWATCHES, sampleBackgrounds, sampleLogos, sampleSkins } from '../../../machines/library/fixtures';
import { type LibraryActorRef, libraryMachine, reportingUploadMachine } from '../../../machines/library/library.machine';
import { type SkinEditorActorRef, skinEditorMachine } from '../../../machines/library/skin-editor.machine';
import type { LibraryUploadActorRef } from '../../../machines/library/upload.machine';
import type { LibraryItem, LibraryKind, LibraryList } from '../../../src/contracts/library';
import { LibraryView } from '../../../src/web/components/library/LibraryPage';
import { StoryApp, useStoryActor } from '../../support/StoryApp';

/**
 * /account/theme, /account/background and /account/logo (issue 16) in each state of their machines:
 * the library (list, delete confirmation), its image uploader and its skin editor. Each story runs
 * the real machines with calls that answer at once or never, driven to its state.
 */
const pending = <T,>() => new Promise<T>(() => {});

/** Previews drawn as swatches (no server here). */
const swatch = (colour: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="160" height="100"><rect width="160" height="100" fill="${colour}"/><rect y="40" width="160" height="12" fill="#ffffff" fill-opacity=".6"/></svg>`)}`;
const withSwatch = <T extends LibraryItem>(item: T): T => ({ ...item, 'url.preview': swatch(SWATCHES[item.id] ?? '#999999') });
const ITEMS: Record<LibraryKind, LibraryItem[]> = {
  skin: sampleSkins.map(withSwatch),
  background: sampleBackgrounds.map(withSwatch),
  logo: sampleLogos.map(withSwatch),
};

const SCENARIOS = [
  'loading',
  'failed',
  'empty',
  'loaded',
  'full',
  'reloading',
  'checking',
  'confirmingInUse',
  'confirmingUnused',
  'deleting',
  // The uploader (backgrounds, logos).
  'fileSelected',
  'fileRefused',
  'nameMissing',
  'uploading',
  'uploadRefused',
  // The skin editor (skins).
  'newSkin',
  'editSkin',
  'skinInvalid',
  'skinContrast',
  'skinSaving',
  'skinSaveRefused',
] as const;
type Scenario = (typeof SCENARIOS)[number];

function library(kind: LibraryKind, scenario: Scenario): LibraryActorRef {
  const items = ITEMS[kind];
  const list: LibraryList<LibraryItem> = {
    items: scenario === 'empty' ? [] : items,
    limit: scenario === 'full' ? items.length : 30,
  };
  let reloads = 0;
  const machine = libraryMachine.provide({
    actors: {
      loadItems: fromPromise(() =>
        scenario === 'loading'
          ? pending<LibraryList<LibraryItem>>()
          : scenario === 'failed'
            ? Promise.reject(new Error('offline'))
            : scenario === 'reloading' && reloads++ > 0
              ? pending<LibraryList<LibraryItem>>()
              : Promise.resolve(list),
      ),
      countUsage: fromPromise(({ input }) => {
        const item = items.find((i) => i.id === input.id) ?? (items[0] as LibraryItem);
        return scenario === 'checking'
          ? pending<LibraryItem>()
          : Promise.resolve({ ...item, books: scenario === 'confirmingUnused' ? 0 : 3 });
      }),
      deleteItem: fromPromise(() => pending<{ id: string; books: number }>()),
      uploader: reportingUploadMachine.provide({
        actors: {
          upload: fromCallback(({ sendBack }) => {
            if (scenario === 'uploadRefused') sendBack({ type: 'upload.failed', error: { kind: 'server', type: 'LIBRARY', code: 965 } });
            else sendBack({ type: 'upload.progress', loaded: 180_000, total: 420_000 });
          }),
        },
      }),
      editor: skinEditorMachine.provide({
        actors: {
          saveSkin: fromPromise(() =>
            scenario === 'skinSaveRefused' ? Promise.reject({ kind: 'server', type: 'LIBRARY', code: 962 }) : pending<never>(),
          ),
        },
      }),
    },
  });
  const actor = createActor(machine, { input: { kind } }).start();
  void drive(actor, scenario);
  return actor;
}

/** Sends what a user would, once the list is in. */
async function drive(actor: LibraryActorRef, scenario: Scenario): Promise<void> {
  const ready = await waitFor(actor, (s) => s.matches('ready'), { timeout: 2000 }).catch(() => null);
  if (!ready) return;
  const first = ready.context.items[0];
  const uploader = ready.children.uploader as LibraryUploadActorRef | undefined;
  const editor = () => actor.getSnapshot().children.editor as SkinEditorActorRef | undefined;
  switch (scenario) {
    case 'reloading':
      actor.send({ type: 'user.retry' });
      return;
    case 'checking':
    case 'confirmingInUse':
    case 'confirmingUnused':
    case 'deleting':
      if (first) actor.send({ type: 'user.delete', id: first.id });
      if (scenario === 'deleting') {
        await waitFor(actor, (s) => s.matches({ ready: 'confirming' }));
        actor.send({ type: 'user.confirmDelete' });
      }
      return;
    case 'fileSelected':
    case 'nameMissing':
    case 'uploading':
    case 'uploadRefused':
      uploader?.send({ type: 'user.pick', file: PICKED.image });
      if (scenario === 'nameMissing') {
        uploader?.send({ type: 'user.name', value: '' });
        uploader?.send({ type: 'user.upload' });
      }
      if (scenario === 'uploading' || scenario === 'uploadRefused') uploader?.send({ type: 'user.upload' });
      return;
    case 'fileRefused':
      uploader?.send({ type: 'user.pick', file: PICKED.svg });
      return;
    case 'newSkin':
    case 'skinInvalid':
    case 'skinContrast':
    case 'skinSaving':
    case 'skinSaveRefused':
      actor.send({ type: 'user.create' });
      if (scenario === 'skinInvalid') {
        editor()?.send({ type: 'user.set', field: 'toolbar', value: '#12' });
        editor()?.send({ type: 'user.save' });
      } else {
        editor()?.send({ type: 'user.set', field: 'name', value: 'Harbour' });
      }
      if (scenario === 'skinContrast') {
        editor()?.send({ type: 'user.set', field: 'toolbar', value: '#f5e6c8' });
        editor()?.send({ type: 'user.set', field: 'text', value: '#c9b79c' });
        editor()?.send({ type: 'user.set', field: 'accent', value: '#f0e0c0' });
      }
      if (scenario === 'skinSaving' || scenario === 'skinSaveRefused') editor()?.send({ type: 'user.save' });
      return;
    case 'editSkin':
      if (first) actor.send({ type: 'user.edit', id: first.id });
      return;
    default:
      return;
  }
}

function LibraryStory({ kind, scenario, width }: { kind: LibraryKind; scenario: Scenario; width?: number }) {
  const actor = useStoryActor(() => library(kind, scenario), [kind, scenario]);
  return (
    <StoryApp>
      <div className="container page account-page" style={{ paddingTop: 24, ...(width ? { maxWidth: width, paddingInline: 8 } : {}) }}>
        <LibraryView actor={actor} />
      </div>
    </StoryApp>
  );
}

const meta = {
  title: 'Components/Account/Libraries',
  component: LibraryStory,
  args: { kind: 'background', scenario: 'loaded' },
  argTypes: {
    kind: { control: 'inline-radio', options: ['skin', 'background', 'logo'] },
    scenario: { control: 'select', options: [...SCENARIOS] },
  },
} satisfies Meta<typeof LibraryStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The list loading (`loading`). */
export const Loading: Story = { args: { scenario: 'loading' } };
/** The list could not load (`failed`), with a retry. */
export const Failed: Story = { args: { scenario: 'failed' } };
/** No backgrounds yet: the uploader and the empty message. */
export const Empty: Story = { args: { scenario: 'empty' } };
/** Backgrounds with their size and usage (`ready.idle`). */
export const Backgrounds: Story = { args: { scenario: 'loaded' } };
/** Logos on a checkerboard (their transparency shows). */
export const Logos: Story = { args: { kind: 'logo', scenario: 'loaded' } };
/** Skins with their previews, style and usage, and "New skin". */
export const Skins: Story = { args: { kind: 'skin', scenario: 'loaded' } };
/** The library holds its limit: the uploader gives way to a note. */
export const Full: Story = { args: { scenario: 'full' } };
/** Refreshing the list (`ready.reloading`). */
export const Reloading: Story = { args: { scenario: 'reloading' } };
/** Delete asked: the usage is being counted (`ready.checking`). */
export const Checking: Story = { args: { scenario: 'checking' } };
/** The confirmation of an item three publications use, and what they go back to (`ready.confirming`). */
export const ConfirmingInUse: Story = { args: { scenario: 'confirmingInUse' } };
/** The confirmation of a skin no publication uses. */
export const ConfirmingUnused: Story = { args: { kind: 'skin', scenario: 'confirmingUnused' } };
/** Confirmed: the item has left the list while the server answers (`ready.deleting`). */
export const Deleting: Story = { args: { scenario: 'deleting' } };
/** The uploader with a picked file and its name (`selected`). */
export const FileSelected: Story = { args: { scenario: 'fileSelected' } };
/** A picked file of the wrong type, refused before anything is sent (`invalid`). */
export const FileRefused: Story = { args: { kind: 'logo', scenario: 'fileRefused' } };
/** Upload with an empty name: the field says why. */
export const NameMissing: Story = { args: { scenario: 'nameMissing' } };
/** The upload under way with its progress (`uploading`). */
export const Uploading: Story = { args: { scenario: 'uploading' } };
/** The server refused the image (too small): the reason under the file (`selected` with an error). */
export const UploadRefused: Story = { args: { scenario: 'uploadRefused' } };
/** The skin editor for a new skin, with its live preview (`editing`). */
export const NewSkin: Story = { args: { kind: 'skin', scenario: 'newSkin' } };
/** The skin editor on an existing skin. */
export const EditSkin: Story = { args: { kind: 'skin', scenario: 'editSkin' } };
/** Save with an empty name and a bad colour: the fields say why. */
export const SkinInvalid: Story = { args: { kind: 'skin', scenario: 'skinInvalid' } };
/** Colours that are hard to read: the contrast warnings (the skin may still be saved). */
export const SkinContrast: Story = { args: { kind: 'skin', scenario: 'skinContrast' } };
/** Saving the skin (`saving`). */
export const SkinSaving: Story = { args: { kind: 'skin', scenario: 'skinSaving' } };
/** The server refused the save (the library is full): the message in the form. */
export const SkinSaveRefused: Story = { args: { kind: 'skin', scenario: 'skinSaveRefused' } };
/** Backgrounds on a 320 px screen. */
export const Narrow: Story = { args: { scenario: 'loaded', width: 320 } };
/** The skin editor on a 320 px screen. */
export const NarrowEditor: Story = { args: { kind: 'skin', scenario: 'skinContrast', width: 320 } };
