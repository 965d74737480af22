import { useLingui } from '@lingui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useRef } from 'react';
import { createActor, fromPromise } from 'xstate';
import { type CommentsContext, commentsMachine } from '../../../machines/reader/comments.machine';
import { sampleBook } from '../../../machines/reader/fixtures';
import type { CommentPage, PostCommentContent, PublicComment, SubscriptionState } from '../../../src/contracts/comments';
import type { ReaderBook } from '../../../src/contracts/reader';
import { CommentsView } from '../../../src/viewer/render/comments';
import '../../../src/viewer/reader.css';

/**
 * The reader's comments panel and follow button (src/viewer/render/comments.ts, plain DOM) in each state
 * of the comments machine: a real actor put in the state (resolveState) with calls that never settle.
 */
const SCENARIOS = [
  'closed',
  'loading',
  'failed',
  'listed',
  'empty',
  'posting',
  'held',
  'postFailed',
  'moreLoading',
  'moderated',
  'anonymous',
  'following',
] as const;
type Scenario = (typeof SCENARIOS)[number];

const comment = (id: string, author: string, text: string): PublicComment => ({
  id,
  author_name: author,
  text,
  created_at: 1_763_800_000_000,
});
const comments = [
  comment('c3', 'Ada Lovelace', 'Lovely issue, thank you!'),
  comment('c2', 'Grace Hopper', 'The chart on page 3 is very clear.\nCould we get the data as a table too?'),
];
const ready = (form: string, more = 'idle') => ({ panel: { ready: { form, more } }, follow: 'off' });

const PRESETS: Record<Scenario, { value: unknown; context: Partial<CommentsContext>; mode?: 0 | 1 | 4; signedIn?: boolean }> = {
  closed: { value: { panel: 'closed', follow: 'off' }, context: {} },
  loading: { value: { panel: 'loading', follow: 'off' }, context: {} },
  failed: { value: { panel: 'failed', follow: 'off' }, context: {} },
  listed: { value: ready('idle'), context: { comments, total: 2 } },
  empty: { value: ready('idle'), context: { comments: [], total: 0 } },
  posting: { value: ready('posting'), context: { comments, total: 2, draft: 'A new comment' } },
  held: { value: ready('held'), context: { comments, total: 2 }, mode: 1 },
  postFailed: { value: ready('postFailed'), context: { comments, total: 2, draft: 'A new comment' } },
  moreLoading: { value: ready('idle', 'loading'), context: { comments, total: 5 } },
  moderated: { value: ready('idle'), context: { comments, total: 2 }, mode: 1 },
  anonymous: { value: ready('idle'), context: { comments, total: 2 }, signedIn: false },
  following: { value: { panel: 'closed', follow: 'on' }, context: {} },
};

const pending = <T,>() => new Promise<T>(() => {});
const storyMachine = commentsMachine.provide({
  actors: {
    loadComments: fromPromise(() => pending<CommentPage<PublicComment>>()),
    postComment: fromPromise(() => pending<PostCommentContent>()),
    loadSubscription: fromPromise(() => pending<SubscriptionState>()),
    setSubscription: fromPromise(() => pending<SubscriptionState>()),
  },
});

function ReaderCommentsStory({ scenario }: { scenario: Scenario }) {
  const { i18n } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const p = PRESETS[scenario];
    const signedIn = p.signedIn ?? true;
    const book: ReaderBook = { ...sampleBook, comments: p.mode ?? 4, subscribe: true };
    const context: CommentsContext = { signedIn, comments: [], total: 0, draft: '', ...p.context };
    const snapshot = storyMachine.resolveState({ value: p.value, context } as never);
    const actor = createActor(storyMachine, { snapshot, input: { signedIn } } as never);
    const top = document.createElement('header');
    top.className = 'qr-top';
    const host = document.createElement('div');
    host.className = 'qr-panel-host';
    const stage = document.createElement('main');
    stage.className = 'qr-stage';
    root.replaceChildren(top, stage, host);
    const view = new CommentsView(root, i18n, book, signedIn, (e) => actor.send(e));
    top.append(...[view.commentsButton, view.followControl].filter((x): x is HTMLElement => !!x));
    actor.subscribe((s) => view.sync(s));
    actor.start();
    view.sync(actor.getSnapshot());
    return () => {
      actor.stop();
      root.replaceChildren();
    };
  }, [scenario, i18n]);
  return <div ref={ref} className="qr" style={{ position: 'relative', height: 560 }} />;
}

const meta = {
  title: 'Components/Reader/Comments',
  component: ReaderCommentsStory,
  args: { scenario: 'listed' },
  argTypes: { scenario: { control: 'select', options: SCENARIOS } },
} satisfies Meta<typeof ReaderCommentsStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** `panel.closed`: the toolbar's comments and follow buttons only. */
export const Closed: Story = { args: { scenario: 'closed' } };
/** `panel.loading`. */
export const Loading: Story = { args: { scenario: 'loading' } };
/** `panel.failed`. */
export const Failed: Story = { args: { scenario: 'failed' } };
/** `panel.ready`: the form and the comments, newest first. */
export const Listed: Story = { args: { scenario: 'listed' } };
/** No comments yet. */
export const Empty: Story = { args: { scenario: 'empty' } };
/** `form.posting`. */
export const Posting: Story = { args: { scenario: 'posting' } };
/** `form.held`: comment_mode 1, the comment awaits the publisher's approval. */
export const Held: Story = { args: { scenario: 'held' } };
/** `form.postFailed`. */
export const PostFailed: Story = { args: { scenario: 'postFailed' } };
/** `more.loading`: the next page of comments. */
export const MoreLoading: Story = { args: { scenario: 'moreLoading' } };
/** comment_mode 1: the form says the publisher approves comments first. */
export const Moderated: Story = { args: { scenario: 'moderated' } };
/** No stored session: "Sign in to comment" and the follow button links to sign in. */
export const Anonymous: Story = { args: { scenario: 'anonymous' } };
/** `follow.on`: following the publisher. */
export const Following: Story = { args: { scenario: 'following' } };
