import type { Meta, StoryObj } from '@storybook/react-vite';
import { loginContent } from '../../../machines/sign-up/fixtures';
import type { AccountMode, AccountType } from '../../../src/contracts/accounts';
import { AccountNav } from '../../../src/web/components/account-nav/AccountNav';
import Account from '../../../src/web/pages/Account';
import { accountEntries, viewerOfUser } from '../../../src/web/session/menu';
import { type CurrentUser, userFromLogin } from '../../../src/web/session/user-store';
import { StoryApp } from '../../support/StoryApp';

/**
 * The account area's frame (issue 16): the real account page with the side navigation generated from
 * the one gating table, for each plan; a locked page's upgrade panel; the navigation as a phone drawer.
 * Shown on the personal details (the sections' own calls never settle here: their stories are in
 * Components/Account/…; the dashboard's guided tour needs the whole app).
 */
const userOf = (mode: AccountMode, type: AccountType = mode): CurrentUser => ({
  ...userFromLogin(loginContent({ account: { mode, type, name: 'Ada Reader' }, profile: { job_title: 'administration' } }), Date.now()),
  // The guided tours count as seen: they would cover the frame.
  tour: { dashboard: true, books: true },
});

function AccountArea({ mode, type, path, drawer }: { mode: AccountMode; type?: AccountType; path: string; drawer?: boolean }) {
  const user = userOf(mode, type);
  return (
    <StoryApp state={{ user }}>
      {drawer ? (
        // The phone drawer opened (on phones, ≤ 745 px, the navigation is a button that opens it).
        <div className="container page account-page">
          <AccountNav entries={accountEntries(viewerOfUser(user), null, Date.now())} current={path} initiallyOpen />
        </div>
      ) : (
        <Account path={path} params={{}} />
      )}
    </StoryApp>
  );
}

const meta = {
  title: 'Components/Account/Account area',
  component: AccountArea,
  args: { mode: 'FREE', path: '/account/info_profile' },
  argTypes: {
    mode: { control: 'inline-radio', options: ['FREE', 'PREMIUM', 'PLATINUM'] },
    path: {
      control: 'select',
      options: ['/account/info_profile', '/account/subscriber', '/account/integration', '/account/trigger'],
    },
  },
} satisfies Meta<typeof AccountArea>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A free account: Subscribers locked (with the lock, leading to /upgrade); Integrations and Triggers not there. */
export const Free: Story = {};
/** A premium account: Subscribers open; the platinum pages (Integrations, Triggers) not there. */
export const Premium: Story = { args: { mode: 'PREMIUM' } };
/** A platinum account: every page this server has, grouped by purpose (developers: Integrations). */
export const Platinum: Story = { args: { mode: 'PLATINUM' } };
/** A premium demo account: Publications, Comments and Subscribers locked (SPEC §4: demo accounts). */
export const PremiumDemo: Story = { args: { mode: 'PREMIUM', type: 'PREMIUM_DEMO' } };
/** A free account visiting /account/subscriber: the upgrade panel ("part of the Premium plan"), not the section. */
export const LockedPage: Story = { args: { path: '/account/subscriber' } };
/** A free account visiting /account/integration (removed for it): the not-found page. */
export const RemovedPage: Story = { args: { path: '/account/integration' } };
/** On a phone: the navigation is a button naming the page shown (open it). */
export const Phone: Story = { parameters: { viewport: { defaultViewport: 'mobile1' } } };
/** On a phone, the drawer opened: the groups under the button. */
export const PhoneDrawerOpen: Story = {
  args: { drawer: true, path: '/account/stats' },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
};
