import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { favorite, favoritesFirst, favoritesSecond, unavailable } from '../../../machines/favorites/fixtures';
import { type FavoriteListContext, type FavoriteListPage, favoriteListMachine } from '../../../machines/favorites/list.machine';
import { FavoritesView } from '../../../src/web/components/favorites/FavoritesSection';
import { actorAt, StoryApp, useStoryActor } from '../../support/StoryApp';

/**
 * /account/favorite (issue 16) in each state of the favourite list machine. Loads never settle; a
 * removal answers "ok" after a moment, and so does Undo.
 */
const later = <I,>() => fromPromise<unknown, I>(() => new Promise((r) => setTimeout(() => r({}), 800)));
const story = favoriteListMachine.provide({
  actors: {
    loadFavorites: fromPromise(() => new Promise<FavoriteListPage>(() => {})),
    removeFavorite: later<{ id: string }>(),
    restoreFavorite: later<{ id: string; added: number }>(),
  },
});

const base: FavoriteListContext = { page: 1, step: 25, items: [], total: 0, removed: null, undoFailed: false };
const first = { ...base, items: favoritesFirst.list, total: favoritesFirst.total };
const removedFirst = { item: favorite('f0', 'Summer lookbook'), index: 0 };
const SCENARIOS = {
  loading: { value: 'loading', context: base },
  empty: { value: 'empty', context: base },
  failed: { value: 'failed', context: base },
  loaded: { value: { loaded: 'idle' }, context: first },
  secondPage: { value: { loaded: 'idle' }, context: { ...base, page: 2, items: favoritesSecond.list, total: favoritesSecond.total } },
  removing: { value: { loaded: 'removing' }, context: { ...first, removed: removedFirst } },
  removed: { value: { loaded: 'removed' }, context: { ...first, total: 26, removed: removedFirst } },
  removedUnavailable: { value: { loaded: 'removed' }, context: { ...first, total: 26, removed: { item: unavailable('f9'), index: 2 } } },
  undoing: { value: { loaded: 'undoing' }, context: { ...first, total: 26, removed: removedFirst } },
  undoFailed: { value: { loaded: 'removed' }, context: { ...first, total: 26, removed: removedFirst, undoFailed: true } },
  lastRemoved: { value: { loaded: 'removed' }, context: { ...base, removed: removedFirst } },
} as const;
type Scenario = keyof typeof SCENARIOS;

function FavoritesStory({ scenario, width }: { scenario: Scenario; width?: number }) {
  const actor = useStoryActor(() => {
    const p = SCENARIOS[scenario] ?? SCENARIOS.loaded;
    return actorAt(story, p.value, p.context).start();
  }, [scenario]);
  return (
    <StoryApp>
      <div className="container page account-page" style={{ paddingTop: 24, ...(width ? { maxWidth: width, paddingInline: 8 } : {}) }}>
        <FavoritesView actor={actor} />
      </div>
    </StoryApp>
  );
}

const meta = {
  title: 'Components/Account/Favourites',
  component: FavoritesStory,
  args: { scenario: 'loaded' },
  argTypes: { scenario: { control: 'select', options: Object.keys(SCENARIOS) } },
} satisfies Meta<typeof FavoritesStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** `loading`. */
export const Loading: Story = { args: { scenario: 'loading' } };
/** No favourite yet (`empty`): what will appear here and how. */
export const Empty: Story = { args: { scenario: 'empty' } };
/** The list could not load (`failed`), with a retry. */
export const Failed: Story = { args: { scenario: 'failed' } };
/** The first page: covers, titles, publishers, dates, an unavailable entry and an explicit one without its cover (`loaded.idle`). */
export const Loaded: Story = { args: { scenario: 'loaded' } };
/** Page 2 of 2 (the pager). */
export const SecondPage: Story = { args: { scenario: 'secondPage' } };
/** Right after Remove: the card is gone while the server answers (`loaded.removing`). */
export const Removing: Story = { args: { scenario: 'removing' } };
/** Removed, with Undo (`loaded.removed`). */
export const Removed: Story = { args: { scenario: 'removed' } };
/** An unavailable entry removed: no Undo (it could not be added again). */
export const RemovedUnavailable: Story = { args: { scenario: 'removedUnavailable' } };
/** Undo on its way (`loaded.undoing`). */
export const Undoing: Story = { args: { scenario: 'undoing' } };
/** Undo refused: the card stays removed and the note says so. */
export const UndoFailed: Story = { args: { scenario: 'undoFailed' } };
/** The last favourite removed: the empty text, with Undo still there. */
export const LastRemoved: Story = { args: { scenario: 'lastRemoved' } };
/** On a 320 px screen. */
export const Narrow: Story = { args: { scenario: 'loaded', width: 320 } };
