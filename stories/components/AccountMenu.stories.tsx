import type { Meta, StoryObj } from '@storybook/react-vite';
import { AccountMenu } from '../../src/web/components/AccountMenu';

const meta = {
  title: 'Components/AccountMenu',
  component: AccountMenu,
  args: {
    name: 'Ada Lovelace',
    email: 'ada@example.org',
    avatar: null,
    viewer: { loggedIn: true, mode: 'PLATINUM', demo: false, hasSubscriptions: true, inAssociation: false },
    onLogout: () => {},
  },
  decorators: [
    (Story) => (
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 16, minHeight: 720 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AccountMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A platinum account: every link enabled (open the menu with the avatar). */
export const Platinum: Story = {};
/** A free account without subscriptions: gated links lead to /upgrade; user-only gated links are removed. */
export const FreeWithoutSubscriptions: Story = {
  args: { viewer: { loggedIn: true, mode: 'FREE', demo: false, hasSubscriptions: false, inAssociation: false } },
};
/** A manager acting for an association account: user-only links are removed. */
export const ManagerInAssociation: Story = {
  args: { viewer: { loggedIn: true, mode: 'PLATINUM', demo: false, hasSubscriptions: true, inAssociation: true } },
};
