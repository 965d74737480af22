import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { heldPage, ownerComment, publishedPage, subscribersFirst } from '../../../machines/account-sections/fixtures';
import { ownerCommentsMachine } from '../../../machines/account-sections/owner-comments.machine';
import { subscribersMachine } from '../../../machines/account-sections/subscribers.machine';
import type { CommentPage, OwnerComment, Subscriber } from '../../../src/contracts/comments';
import { CommentsView } from '../../../src/web/components/account-sections/CommentsSection';
import { SubscribersView } from '../../../src/web/components/account-sections/SubscribersSection';
import { actorAt, StoryApp, useStoryActor } from '../../support/StoryApp';

/**
 * The account sections of issue "Reading" (/account/comment, /account/subscriber; the statistics dashboard has its own stories in ../stats) in each
 * state of their machines. Loads never settle; approve and delete answer "ok" after a moment.
 */
const later = fromPromise<unknown, { id: string }>(() => new Promise((r) => setTimeout(() => r({}), 800)));

const pending = <T,>() => new Promise<T>(() => {});
const commentsStory = ownerCommentsMachine.provide({
  actors: { loadComments: fromPromise(() => pending<CommentPage<OwnerComment>>()), approveComment: later, deleteComment: later },
});
const subscribersStory = subscribersMachine.provide({ actors: { loadSubscribers: fromPromise(() => pending<CommentPage<Subscriber>>()) } });

const COMMENTS = {
  loading: { value: 'loading', context: { filter: 'held', items: [], total: 0, pending: null } },
  empty: { value: 'empty', context: { filter: 'held', items: [], total: 0, pending: null } },
  failed: { value: 'failed', context: { filter: 'held', items: [], total: 0, pending: null } },
  held: { value: { loaded: 'idle' }, context: { filter: 'held', items: heldPage.list, total: 2, pending: null } },
  published: { value: { loaded: 'idle' }, context: { filter: 'published', items: publishedPage.list, total: 1, pending: null } },
  approving: {
    value: { loaded: 'approving' },
    context: { filter: 'held', items: [ownerComment('c2')], total: 2, pending: { item: ownerComment('c1'), index: 0 } },
  },
  deleting: {
    value: { loaded: 'deleting' },
    context: { filter: 'held', items: [ownerComment('c1')], total: 2, pending: { item: ownerComment('c2'), index: 1 } },
  },
} as const;

const SUBSCRIBERS = {
  loading: { value: 'loading', context: { items: [], total: 0 } },
  empty: { value: 'empty', context: { items: [], total: 0 } },
  failed: { value: 'failed', context: { items: [], total: 0 } },
  loaded: { value: { loaded: 'idle' }, context: { items: subscribersFirst.list, total: 3 } },
  more: { value: { loaded: 'more' }, context: { items: subscribersFirst.list, total: 3 } },
} as const;

type Section = 'comments' | 'subscribers';
const SCENARIOS = {
  comments: Object.keys(COMMENTS),
  subscribers: Object.keys(SUBSCRIBERS),
} as Record<Section, string[]>;

function SectionStory({ section, scenario, width }: { section: Section; scenario: string; width?: number }) {
  const view = useStoryActor(
    () => {
      if (section === 'comments') {
        const p = COMMENTS[scenario as keyof typeof COMMENTS] ?? COMMENTS.held;
        const actor = actorAt(commentsStory, p.value, p.context).start();
        return { actor, node: <CommentsView actor={actor} /> };
      }
      const p = SUBSCRIBERS[scenario as keyof typeof SUBSCRIBERS] ?? SUBSCRIBERS.loaded;
      const actor = actorAt(subscribersStory, p.value, p.context).start();
      return { actor, node: <SubscribersView actor={actor} /> };
    },
    [section, scenario],
    (v) => v.actor.stop(),
  );
  return (
    <StoryApp>
      <div className="container page account-page" style={{ paddingTop: 24, ...(width ? { maxWidth: width, paddingInline: 8 } : {}) }}>
        {view.node}
      </div>
    </StoryApp>
  );
}

const meta = {
  title: 'Components/Account/Reading sections',
  component: SectionStory,
  args: { section: 'comments', scenario: 'held' },
  argTypes: {
    section: { control: 'inline-radio', options: ['comments', 'subscribers'] },
    scenario: { control: 'select', options: [...new Set(Object.values(SCENARIOS).flat())] },
  },
} satisfies Meta<typeof SectionStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /account/comment `loading`. */
export const CommentsLoading: Story = { args: { section: 'comments', scenario: 'loading' } };
/** Nothing awaits approval (`empty`). */
export const CommentsEmpty: Story = { args: { section: 'comments', scenario: 'empty' } };
/** The list could not load (`failed`), with a retry. */
export const CommentsFailed: Story = { args: { section: 'comments', scenario: 'failed' } };
/** Held comments with Approve and Delete (`loaded.idle`, filter held). */
export const CommentsHeld: Story = { args: { section: 'comments', scenario: 'held' } };
/** Published comments: Delete only. */
export const CommentsPublished: Story = { args: { section: 'comments', scenario: 'published' } };
/** Right after Approve: the row is gone while the server answers (`loaded.approving`). */
export const CommentsApproving: Story = { args: { section: 'comments', scenario: 'approving' } };
/** Right after Delete (`loaded.deleting`). */
export const CommentsDeleting: Story = { args: { section: 'comments', scenario: 'deleting' } };
/** On a 320 px screen. */
export const CommentsNarrow: Story = { args: { section: 'comments', scenario: 'held', width: 320 } };

/** /account/subscriber `loading`. */
export const SubscribersLoading: Story = { args: { section: 'subscribers', scenario: 'loading' } };
/** Nobody follows yet. */
export const SubscribersEmpty: Story = { args: { section: 'subscribers', scenario: 'empty' } };
/** The list could not load. */
export const SubscribersFailed: Story = { args: { section: 'subscribers', scenario: 'failed' } };
/** The count and the first page, with "Show more". */
export const SubscribersLoaded: Story = { args: { section: 'subscribers', scenario: 'loaded' } };
/** Loading the next page (`loaded.more`). */
export const SubscribersMore: Story = { args: { section: 'subscribers', scenario: 'more' } };
