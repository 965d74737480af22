import type { Meta, StoryObj } from '@storybook/react-vite';
import { type BlogContext, blogMachine } from '../../../machines/blog.machine';
import type { BlogPost } from '../../../src/contracts/blog';
import { BlogTeasers } from '../../../src/web/components/blog/BlogTeasers';
import { ResourcesMenu } from '../../../src/web/components/blog/ResourcesMenu';
import { actorAt, StoryApp, useStoryActor } from '../../support/StoryApp';

/**
 * The blog teasers (SPEC §2 Header): the header's Resources submenu (click it) and the home page's
 * latest posts, in each state of the blog machine: loading (nothing yet), loaded (a new post marked),
 * loaded with nothing new, failed (nothing shown; the menu still leads to the blog).
 */
const SCENARIOS = ['loading', 'loaded', 'nothingNew', 'failed'] as const;
type Scenario = (typeof SCENARIOS)[number];

const POSTS: BlogPost[] = [
  {
    permalink: '/blog/publish-your-first-flipbook',
    image: '/blog/images/publish-first-flipbook.svg',
    title: 'Publish your first flipbook in three steps',
    date: Date.UTC(2026, 9, 20),
    is_new: true,
  },
  {
    permalink: '/blog/why-self-hosted-publishing',
    image: '/blog/images/self-hosted-publishing.svg',
    title: 'Why we made Quire self-hostable',
    date: Date.UTC(2026, 8, 15),
    is_new: false,
  },
];
const context = (posts: BlogPost[]): BlogContext => ({ language: 'en', viewer: '', posts });
const PRESETS: Record<Scenario, { value: string; context: BlogContext }> = {
  loading: { value: 'loading', context: context([]) },
  loaded: { value: 'loaded', context: context(POSTS) },
  nothingNew: { value: 'loaded', context: context(POSTS.map((p) => ({ ...p, is_new: false }))) },
  failed: { value: 'failed', context: context([]) },
};

function BlogStory({ scenario }: { scenario: Scenario }) {
  const actor = useStoryActor(() => actorAt(blogMachine, PRESETS[scenario].value, PRESETS[scenario].context).start(), [scenario]);
  return (
    <StoryApp>
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 16 }}>
        <ResourcesMenu actor={actor} />
      </div>
      <BlogTeasers actor={actor} />
    </StoryApp>
  );
}

const meta = {
  title: 'Components/Site/Blog teasers',
  component: BlogStory,
  args: { scenario: 'loaded' },
  argTypes: { scenario: { control: 'select', options: SCENARIOS } },
} satisfies Meta<typeof BlogStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** `loading`: the menu lists only the blog link; no teasers on the home page yet. */
export const Loading: Story = { args: { scenario: 'loading' } };
/** `loaded`: the latest posts, the one newer than the last sign-in marked "New". */
export const Loaded: Story = { args: { scenario: 'loaded' } };
/** `loaded`, nothing new since the last sign-in. */
export const NothingNew: Story = { args: { scenario: 'nothingNew' } };
/** `failed`: nothing shown (teasers are not essential). */
export const Failed: Story = { args: { scenario: 'failed' } };
