import type { Meta, StoryObj } from '@storybook/react-vite';
import { createActor, fromPromise } from 'xstate';
import { bookQuery, bookResults, noBooks, noPublishers, noTermQuery, publisherResults } from '../../../machines/search/fixtures';
import type { SearchQuery, SearchResults } from '../../../machines/search/query';
import { type SearchContext, searchMachine } from '../../../machines/search.machine';
import { SearchView } from '../../../src/web/components/search/SearchView';
import { StoryApp, useStoryActor } from '../../support/StoryApp';

/**
 * The search page (/search#search-{term}/books) in each state of its machine. Loading never ends in
 * stories; a change of page, sort or tab shows the loading state.
 */
const SCENARIOS = ['idle', 'loading', 'books', 'manyPages', 'publishers', 'empty', 'emptyPublishers', 'failed'] as const;
type Scenario = (typeof SCENARIOS)[number];

/** Covers drawn in place (the fixtures' thumbnail URLs exist only on a server). */
const COVERS = ['#3d3ad6', '#f08a3e', '#1a7f52'];
const cover = (i: number) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 170"><rect width="120" height="170" fill="${COVERS[i % COVERS.length]}"/><rect x="12" y="20" width="96" height="8" rx="4" fill="#fff" opacity=".85"/><rect x="12" y="34" width="70" height="8" rx="4" fill="#fff" opacity=".6"/></svg>`,
  )}`;
const withCovers = (results: SearchResults): SearchResults =>
  results.tab === 'books'
    ? { tab: 'books', content: { ...results.content, list: results.content.list.map((hit, i) => ({ ...hit, cover: cover(i) })) } }
    : results;

const publishersQuery: SearchQuery = { ...bookQuery, tab: 'publishers' };
const PRESETS: Record<Scenario, { value: unknown; context: SearchContext }> = {
  idle: { value: 'idle', context: { query: noTermQuery, results: null } },
  loading: { value: 'loading', context: { query: bookQuery, results: null } },
  books: { value: { found: 'results' }, context: { query: bookQuery, results: withCovers(bookResults) } },
  manyPages: {
    value: { found: 'results' },
    context: { query: { ...bookQuery, page: 2, sort: 'newest' }, results: withCovers(bookResults) },
  },
  publishers: { value: { found: 'results' }, context: { query: publishersQuery, results: publisherResults } },
  empty: { value: { found: 'empty' }, context: { query: bookQuery, results: noBooks } },
  emptyPublishers: { value: { found: 'empty' }, context: { query: publishersQuery, results: noPublishers } },
  failed: { value: 'failed', context: { query: bookQuery, results: null } },
};

const storyMachine = searchMachine.provide({
  actors: { search: fromPromise(() => new Promise<SearchResults>(() => {})) },
});

function SearchStory({ scenario, width }: { scenario: Scenario; width?: number }) {
  const actor = useStoryActor(() => {
    const { value, context } = PRESETS[scenario];
    const snapshot = storyMachine.resolveState({ value, context } as never);
    return createActor(storyMachine, { snapshot, input: { query: context.query } } as never).start();
  }, [scenario]);
  return (
    <StoryApp>
      <div style={width ? { maxWidth: width } : undefined}>
        <SearchView key={scenario} actor={actor} />
      </div>
    </StoryApp>
  );
}

const meta = {
  title: 'Components/Search/Search page',
  component: SearchStory,
  args: { scenario: 'books' },
  argTypes: { scenario: { control: 'select', options: SCENARIOS } },
} satisfies Meta<typeof SearchStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** `idle`: /search without a term. */
export const Idle: Story = { args: { scenario: 'idle' } };
/** `loading`: the request is under way. */
export const Loading: Story = { args: { scenario: 'loading' } };
/** `found.results`: publications with cover, publisher, the snippet's marked words and "page 12". */
export const Books: Story = { args: { scenario: 'books' } };
/** Page 2 of 3, newest first: the pager. */
export const ManyPages: Story = { args: { scenario: 'manyPages' } };
/** The publishers tab. */
export const Publishers: Story = { args: { scenario: 'publishers' } };
/** `found.empty`: nothing matches. */
export const Empty: Story = { args: { scenario: 'empty' } };
/** `found.empty` on the publishers tab. */
export const EmptyPublishers: Story = { args: { scenario: 'emptyPublishers' } };
/** `failed`: the message and a retry. */
export const Failed: Story = { args: { scenario: 'failed' } };
/** The results on a 320 px wide phone. */
export const Phone: Story = {
  args: { scenario: 'books', width: 320 },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
};
