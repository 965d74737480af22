import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { FOLDERS, NOW, PRESETS, privateBook, settingsBook } from '../../../machines/book-settings/fixtures';
import { bulkForm, customFlags, formOfBook, rightsOf, roundUpToStep } from '../../../machines/book-settings/form';
import { type BookSettingsContext, bookSettingsMachine } from '../../../machines/book-settings.machine';
import type { AccountMode } from '../../../src/contracts/accounts';
import type { Book, BulkItemResult } from '../../../src/contracts/books';
import { BookSettingsView } from '../../../src/web/components/books/settings/BookSettingsView';
import { actorAt, StoryApp, useStoryActor } from '../../support/StoryApp';

/**
 * The book settings modal in each state of its machine (SPEC §2 Book settings modal, §4 Publish date, §5,
 * §6). Loads never settle and saves never answer in stories (fake actors); the form can be tried freely.
 */
const SCENARIOS = [
  'loading',
  'general',
  'privateBook',
  'confirmRenew',
  'renewing',
  'renewed',
  'renewFailed',
  'sharing',
  'branding',
  'design',
  'sound',
  'trigger',
  'picking',
  'scheduled',
  'invalid',
  'failed',
  'saving',
  'bulk',
  'freeAccount',
  'platinum',
] as const;
type Scenario = (typeof SCENARIOS)[number];

function editing(book: Book | null, mode: AccountMode, patch: Partial<BookSettingsContext> = {}): BookSettingsContext {
  const values = book ? formOfBook(book) : bulkForm(mode);
  return {
    ids: book ? [book.id] : ['b1', 'b2'],
    mode,
    presets: PRESETS,
    folders: FOLDERS,
    book,
    values,
    saved: values,
    previous: null,
    touched: [],
    custom: customFlags(values, PRESETS),
    tab: 'general',
    errors: {},
    formError: null,
    rights: rightsOf(mode),
    draft: null,
    savePresets: false,
    renewed: false,
    ...patch,
  };
}

const idle = { editing: 'idle' };
const renewedBook: Book = { ...privateBook, url: { ...privateBook.url, private: '/read/b2?token=def' } };
const base = editing(settingsBook, 'PREMIUM');
const STATES: Record<Scenario, { value: unknown; context: BookSettingsContext }> = {
  loading: {
    value: { loading: { presets: 'fetching', folders: 'fetching', book: 'fetching' } },
    context: { ...base, presets: null, folders: [], book: null, rights: null },
  },
  general: { value: idle, context: base },
  privateBook: { value: idle, context: editing(privateBook, 'PREMIUM') },
  confirmRenew: { value: { editing: 'confirmingRenew' }, context: editing(privateBook, 'PREMIUM') },
  renewing: { value: 'renewing', context: editing(privateBook, 'PREMIUM') },
  renewed: {
    value: { editing: { idle: 'renewed' } },
    context: editing(renewedBook, 'PREMIUM', { renewed: true }),
  },
  renewFailed: { value: { editing: { idle: 'renewFailed' } }, context: editing(privateBook, 'PREMIUM') },
  sharing: { value: idle, context: { ...base, tab: 'sharing' } },
  branding: {
    value: idle,
    context: {
      ...base,
      tab: 'branding',
      values: { ...base.values, 'logo.link': 'not a url' },
      touched: ['logo.link'],
      errors: { 'logo.link': 'validation.url' },
    },
  },
  design: { value: idle, context: { ...base, tab: 'design', values: { ...base.values, 'skin.url': 'night', 'bg.url': 'resource:a2' } } },
  sound: { value: idle, context: { ...base, tab: 'sound', values: { ...base.values, 'music.url': 'resource:d1' } } },
  trigger: { value: idle, context: editing(null, 'PREMIUM', { tab: 'trigger' }) },
  // The picker judges against the real clock (apply is enabled from now on): tomorrow, from the story's load.
  picking: { value: { editing: 'picking' }, context: { ...base, draft: roundUpToStep(Date.now() + 86_400_000) } },
  scheduled: { value: idle, context: { ...base, values: { ...base.values, publish_date: roundUpToStep(NOW + 86_400_000) / 1000 } } },
  invalid: {
    value: idle,
    context: {
      ...base,
      values: { ...base.values, name: '' },
      touched: ['name'],
      errors: { name: 'validation.required' },
      formError: 'publish.form.error',
    },
  },
  failed: {
    value: idle,
    context: {
      ...base,
      tab: 'branding',
      values: { ...base.values, 'logo.link': 'https://example.org/new' },
      touched: ['logo.link'],
      errors: { 'logo.link': 'validation.invalid' },
      formError: 'publish.form.error',
    },
  },
  saving: {
    value: 'saving',
    context: { ...base, values: { ...base.values, 'document.view': 'slide' }, previous: base.saved },
  },
  bulk: { value: idle, context: editing(null, 'PREMIUM') },
  freeAccount: { value: idle, context: editing(settingsBook, 'FREE') },
  platinum: { value: idle, context: editing(settingsBook, 'PLATINUM', { tab: 'branding' }) },
};

/** Nothing settles in stories: loads and saves stay pending. */
const storyMachine = bookSettingsMachine.provide({
  actors: {
    loadPresets: fromPromise(() => new Promise<typeof PRESETS>(() => {})),
    loadFolders: fromPromise(() => new Promise<typeof FOLDERS>(() => {})),
    loadBook: fromPromise(() => new Promise<Book | null>(() => {})),
    saveBooks: fromPromise(() => new Promise<BulkItemResult[]>(() => {})),
    renewLink: fromPromise(() => new Promise<Book>(() => {})),
  },
});

function BookSettingsStory({ scenario }: { scenario: Scenario }) {
  const actor = useStoryActor(() => {
    const { value, context } = STATES[scenario];
    return actorAt(storyMachine, value, context, { ids: context.ids, mode: context.mode }).start();
  }, [scenario]);
  return (
    <StoryApp>
      <BookSettingsView key={scenario} actor={actor} />
    </StoryApp>
  );
}

const meta = {
  title: 'Components/Books/Book settings modal',
  component: BookSettingsStory,
  args: { scenario: 'general' },
  argTypes: { scenario: { control: 'select', options: SCENARIOS } },
} satisfies Meta<typeof BookSettingsStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** `loading`: presets, folders and the book load in parallel. */
export const Loading: Story = { args: { scenario: 'loading' } };
/** `editing`, general tab of one book (premium): title, description, view, direction, license, folder, visibility, publication. */
export const General: Story = { args: { scenario: 'general' } };
/** A private book: the private-options block with the link to copy. */
export const PrivateBook: Story = { args: { scenario: 'privateBook' } };
/** `editing.confirmingRenew`: what renewing the private link does, before anything is sent. */
export const ConfirmRenew: Story = { args: { scenario: 'confirmRenew' } };
/** `renewing`: the server replaces the link; the form waits. */
export const Renewing: Story = { args: { scenario: 'renewing' } };
/** `editing.idle.renewed`: the new link, and that the previous one no longer works. */
export const Renewed: Story = { args: { scenario: 'renewed' } };
/** `editing.idle.renewFailed`: the renewal failed (an alert said why); the previous link is kept. */
export const RenewFailed: Story = { args: { scenario: 'renewFailed' } };
/** Sharing tab: download, print, share, subscribe, comments. */
export const Sharing: Story = { args: { scenario: 'sharing' } };
/** Branding tab with the logo link in custom-URL mode and its inline error. */
export const Branding: Story = { args: { scenario: 'branding' } };
/** Design tab: skin and background presets with thumbnails. */
export const Design: Story = { args: { scenario: 'design' } };
/** Sound tab: music and page-turn presets with audio previews and their modes. */
export const Sound: Story = { args: { scenario: 'sound' } };
/** Trigger tab of a selection: triggers are set per book. */
export const TriggerOfSelection: Story = { args: { scenario: 'trigger' } };
/** `editing.picking`: the date picker (weeks from Monday, 5-minute times). */
export const Picking: Story = { args: { scenario: 'picking' } };
/** A chosen date: the button shows it. */
export const Scheduled: Story = { args: { scenario: 'scheduled' } };
/** A save refused before sending: the general tab, the name error and publish.form.error. */
export const Invalid: Story = { args: { scenario: 'invalid' } };
/** The server refused: the tab of the refused field with the form error (the saved attributes restored). */
export const Failed: Story = { args: { scenario: 'failed' } };
/** `saving`: buttons busy while the server answers. */
export const Saving: Story = { args: { scenario: 'saving' } };
/** Bulk edit of two books: no title or description, only touched fields are sent. */
export const Bulk: Story = { args: { scenario: 'bulk' } };
/** A free account: scheduling disabled with a link to /upgrade. */
export const FreeAccount: Story = { args: { scenario: 'freeAccount' } };
/** A platinum account: no help under custom-URL inputs. */
export const Platinum: Story = { args: { scenario: 'platinum' } };
