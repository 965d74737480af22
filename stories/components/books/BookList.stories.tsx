import type { Meta, StoryObj } from '@storybook/react-vite';
import { createActor, fromPromise } from 'xstate';
import { converting, donePrivate, donePublic, failed, type pageOf, SORT_OPTIONS, showcase } from '../../../machines/book-list/fixtures';
import { DEFAULT_QUERY, type ListQuery } from '../../../machines/book-list/items';
import { type BookListContext, bookListMachine } from '../../../machines/book-list.machine';
import type { BookListItem } from '../../../src/contracts/books';
import { BookListView } from '../../../src/web/components/books/BookListView';
import type { Layout } from '../../../src/web/components/books/format';
import { StoryApp, useStoryActor } from '../../support/StoryApp';

/**
 * The book list of /account/book in each state of its machine (SPEC §2 "Lists of books…", §4 status and
 * flags). Loading never ends, edits answer "ok" after a moment (the refill after a delete never ends).
 */
const SCENARIOS = ['loading', 'empty', 'emptySearch', 'loaded', 'selection', 'confirmDelete', 'deleting', 'failed', 'manyPages'] as const;
type Scenario = (typeof SCENARIOS)[number];

const ready = { search: 'idle', list: { ready: { browsing: 'idle' } } };

/** Thumbnails drawn in place (the fixtures' thumbnail URLs exist only on a server). */
const COVERS = ['#3d3ad6', '#f08a3e', '#1a7f52', '#1f64c8', '#c22c3c', '#75758f'];
function cover(book: BookListItem, index: number): BookListItem {
  if (!book.image.small) return book;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400"><rect width="300" height="400" fill="${COVERS[index % COVERS.length]}"/><rect x="24" y="40" width="252" height="14" rx="7" fill="#fff" opacity=".85"/><rect x="24" y="66" width="180" height="14" rx="7" fill="#fff" opacity=".6"/><rect x="24" y="300" width="120" height="60" rx="6" fill="#fff" opacity=".25"/></svg>`;
  const url = `data:image/svg+xml,${encodeURIComponent(svg)}`;
  return { ...book, image: { small: url, medium: url, large: url } };
}
const covered = (books: BookListItem[]) => books.map(cover);
const many: BookListItem[] = Array.from({ length: 25 }, (_, i) => ({ ...donePublic, id: `m${i}`, name: `Monthly issue ${i + 1}` }));

function base(books: BookListItem[], query: ListQuery = DEFAULT_QUERY, total = books.length): BookListContext {
  const items = covered(books);
  return {
    query,
    loaded: query,
    searchText: query.search,
    items,
    total,
    step: 25,
    sorts: SORT_OPTIONS,
    selectedSort: 'date_desc',
    selected: [],
    confirm: null,
    pending: null,
    loadError: null,
    outcome: null,
    dialog: null,
  };
}

const searched: ListQuery = { ...DEFAULT_QUERY, search: 'zebra' };
const PRESETS: Record<Scenario, { value: unknown; context: BookListContext }> = {
  loading: { value: { search: 'idle', list: 'loading' }, context: { ...base([]), loaded: null, sorts: [] } },
  empty: { value: ready, context: base([]) },
  emptySearch: { value: ready, context: base([], searched) },
  loaded: { value: ready, context: base(showcase) },
  selection: { value: ready, context: { ...base([donePublic, donePrivate, converting, failed]), selected: ['b1', 'b2'] } },
  confirmDelete: {
    value: { search: 'idle', list: { ready: 'confirming' } },
    context: { ...base([donePublic, donePrivate, converting, failed]), selected: ['b1', 'b2'], confirm: ['b1', 'b2'] },
  },
  deleting: {
    value: { search: 'idle', list: { ready: 'deleting' } },
    context: {
      ...base([converting, failed], DEFAULT_QUERY, 2),
      pending: { action: 'delete', ids: ['b1', 'b2'], before: covered([donePublic, donePrivate, converting, failed]), totalBefore: 4 },
    },
  },
  failed: {
    value: { search: 'idle', list: 'failed' },
    context: { ...base([]), loaded: null, sorts: [], loadError: 'commons.requestError' },
  },
  manyPages: { value: ready, context: base(many, { ...DEFAULT_QUERY, page: 3 }, 160) },
};

/** Loads never settle in stories; edits succeed after a moment so the flow can be tried. */
const storyMachine = bookListMachine.provide({
  actors: {
    loadBooks: fromPromise(() => new Promise<ReturnType<typeof pageOf>>(() => {})),
    deleteBooks: fromPromise(
      ({ input }) => new Promise((r) => setTimeout(() => r(input.ids.map((id) => ({ id, status: 'ok' as const }))), 800)),
    ),
    updateBooks: fromPromise(
      ({ input }) => new Promise((r) => setTimeout(() => r(input.ids.map((id) => ({ id, status: 'ok' as const }))), 800)),
    ),
  },
});

function BookListStory({ scenario, layout, width }: { scenario: Scenario; layout: Layout; width?: number }) {
  const actor = useStoryActor(() => {
    const { value, context } = PRESETS[scenario];
    const snapshot = storyMachine.resolveState({ value, context } as never);
    return createActor(storyMachine, { snapshot } as never).start();
  }, [scenario]);
  return (
    <StoryApp>
      <div className="container page account-page" style={{ paddingTop: 24, ...(width ? { maxWidth: width, paddingInline: 8 } : {}) }}>
        <BookListView key={`${scenario}-${layout}`} actor={actor} initialLayout={layout} />
      </div>
    </StoryApp>
  );
}

const meta = {
  title: 'Components/Books/Book list',
  component: BookListStory,
  args: { scenario: 'loaded', layout: 'grid' },
  argTypes: {
    scenario: { control: 'select', options: SCENARIOS },
    layout: { control: 'inline-radio', options: ['grid', 'list'] },
  },
} satisfies Meta<typeof BookListStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** `list.loading`: placeholders in the shape of the books. */
export const Loading: Story = { args: { scenario: 'loading' } };
/** Loaded, nothing published: `list.empty` and the publish button. */
export const Empty: Story = { args: { scenario: 'empty' } };
/** A search that matches nothing: its own message and a button to clear it. */
export const EmptySearch: Story = { args: { scenario: 'emptySearch' } };
/** Grid: every flag (scheduled with date, deactivated, featured, explicit, blocked with reason or '--', private) and status. */
export const LoadedGrid: Story = { args: { scenario: 'loaded', layout: 'grid' } };
/** The same books as a list. */
export const LoadedList: Story = { args: { scenario: 'loaded', layout: 'list' } };
/** Two books selected: the selection bar (public / private / delete / clear). */
export const Selection: Story = { args: { scenario: 'selection' } };
/** The delete confirmation for the selection. */
export const ConfirmDelete: Story = { args: { scenario: 'confirmDelete' } };
/** Right after confirming: the books are gone at once while the server answers. */
export const Deleting: Story = { args: { scenario: 'deleting', layout: 'list' } };
/** The list could not load: the message and a retry. */
export const Failed: Story = { args: { scenario: 'failed' } };
/** Page 3 of 7: the pager. */
export const ManyPages: Story = { args: { scenario: 'manyPages', layout: 'list' } };
/** The list on a 320 px wide phone. */
export const Phone: Story = {
  args: { scenario: 'loaded', layout: 'list', width: 320 },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
};
/** The grid on a 320 px wide phone. */
export const PhoneGrid: Story = {
  args: { scenario: 'selection', layout: 'grid', width: 320 },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
};
