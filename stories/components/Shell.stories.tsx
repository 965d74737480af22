import type { Meta, StoryObj } from '@storybook/react-vite';
import { loginContent } from '../../machines/sign-up/fixtures';
import { Footer } from '../../src/web/components/Footer';
import { Header } from '../../src/web/components/Header';
import { LanguageModal } from '../../src/web/components/LanguageModal';
import { MobileMenu } from '../../src/web/components/MobileMenu';
import { userFromLogin } from '../../src/web/session/user-store';
import { StoryApp, type StoryState } from '../support/StoryApp';

function Shell({ state }: { state: StoryState }) {
  return (
    <StoryApp state={state}>
      <Header />
      <div style={{ minHeight: 240 }} />
      <Footer />
      <MobileMenu />
      <LanguageModal />
    </StoryApp>
  );
}

const meta = {
  title: 'Components/Shell',
  component: Shell,
  args: { state: {} },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Shell>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Anonymous header (login, register, publish), footer; status machine `known`: the server version shows. */
export const Anonymous: Story = {};
/** Status machine `loading`: the footer shows no version yet. */
export const StatusLoading: Story = { args: { state: { status: 'loading' } } };
/** Status machine `unknown` (the call failed; its alert showed): the footer shows no version. */
export const StatusUnknown: Story = { args: { state: { status: 'unknown' } } };
/** Session `loggedIn`: Publish link, avatar and the account menu (open it with the avatar). */
export const SignedIn: Story = { args: { state: { user: userFromLogin(loginContent(), Date.now()) } } };
/** Modal stack `open` with the language modal; language machine `ready` (en). */
export const LanguageModalOpen: Story = { args: { state: { modals: [{ id: 'language', closable: true, full: false }] } } };
/** Language machine `switching` to German: the choice shows busy until its catalog arrives. */
export const LanguageSwitching: Story = {
  args: {
    state: { modals: [{ id: 'language', closable: true, full: false }], language: { value: 'switching', language: 'en', requested: 'de' } },
  },
};
/** Modal stack `open` with the mobile drawer. */
export const MobileDrawerOpen: Story = {
  args: { state: { modals: [{ id: 'drawer', closable: true, full: false }] } },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
};
