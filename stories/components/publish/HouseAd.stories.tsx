import type { Meta, StoryObj } from '@storybook/react-vite';
import { type AdFormat, CREATIVES, type Creative, HouseAd } from '../../../src/web/components/publish/HouseAd';

/** A house ad in a box of the given width (the ad scales down with it, to 320 px). */
function HouseAdStory({ format, creative, width }: { format: AdFormat; creative: Creative; width: number }) {
  return (
    <div style={{ padding: 24, width, maxWidth: '100%' }}>
      <HouseAd format={format} creative={creative} />
    </div>
  );
}

const meta = {
  title: 'Components/Publish/House ad',
  component: HouseAdStory,
  args: { format: 'leaderboard', creative: 'multi', width: 800 },
  argTypes: {
    format: { control: 'inline-radio', options: ['leaderboard', 'billboard'] },
    creative: { control: 'inline-radio', options: [...CREATIVES] },
    width: { control: { type: 'range', min: 320, max: 1040, step: 8 } },
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof HouseAdStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** 728×90 at full size. */
export const Leaderboard: Story = {};
/** 728×90 scaled down to 320 px: the small print hides. */
export const LeaderboardSmall: Story = { args: { width: 368, creative: 'brand' } };
/** 960×300 at full size. */
export const Billboard: Story = { args: { format: 'billboard', creative: 'stats', width: 1008 } };
/** 960×300 scaled down to 320 px. */
export const BillboardSmall: Story = { args: { format: 'billboard', creative: 'multi', width: 368 } };
