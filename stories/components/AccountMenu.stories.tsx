import type { Meta, StoryObj } from '@storybook/react-vite';
import { AccountMenu } from '../../src/web/components/AccountMenu';

const account = (mode: 'FREE' | 'PREMIUM' | 'PLATINUM', type: string = mode) => ({
  name: 'Ada Lovelace',
  mode,
  type: type as 'FREE',
  expiration: null,
  image: { small: null },
});

const meta = {
  title: 'Components/AccountMenu',
  component: AccountMenu,
  args: {
    account: account('PLATINUM'),
    profile: { email: 'ada@example.org', has_subscriptions: true },
    onLogout: () => {},
  },
  decorators: [
    (Story) => (
      <div style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'flex-start', padding: 16, minHeight: 720 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AccountMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A platinum account: every page this server has, enabled (open the menu with the avatar). */
export const Platinum: Story = {};
/** A premium account: Subscribers enabled; the platinum-only pages (Integrations, Triggers) removed. */
export const Premium: Story = { args: { account: account('PREMIUM') } };
/** A free account: Subscribers locked (a link to /upgrade with a lock); Integrations and Triggers removed. */
export const Free: Story = { args: { account: account('FREE') } };
/** A premium demo account: every gated page locked, the user-only ones removed (SPEC §4). */
export const PremiumDemo: Story = { args: { account: account('PREMIUM', 'PREMIUM_DEMO') } };
