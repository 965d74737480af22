import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Route } from '../../machines/router.machine';
import { PageView } from '../../src/web/components/PageView';
import Home from '../../src/web/pages/Home';
import { loadedPages } from '../../src/web/pages/loaders';
import NotFound from '../../src/web/pages/NotFound';
import Search from '../../src/web/pages/Search';
import { homeRoute, StoryApp } from '../support/StoryApp';

loadedPages.set('home', Home);
loadedPages.set('notFound', NotFound);
loadedPages.set('search', Search);

const route = (name: string, path: string, params: Record<string, string> = {}, requiresLogin = false): Route => ({
  path,
  params,
  page: { name, requiresLogin, bypassTerms: false },
});

function RouterAt({
  value,
  page,
  error,
}: {
  value: string;
  page: 'home' | 'notFound' | 'search' | 'account';
  error?: 'timeout' | 'failed';
}) {
  const r =
    page === 'home'
      ? homeRoute
      : page === 'search'
        ? route('search', '/search', { search: 'annual report', books: '' })
        : page === 'account'
          ? route('account', '/account/dashboard', {}, true)
          : route('notFound', '/nowhere');
  return (
    <StoryApp state={{ router: { value, route: r, error: error ?? null } }}>
      <PageView />
    </StoryApp>
  );
}

const meta = {
  title: 'Components/PageView (router)',
  component: RouterAt,
  args: { value: 'ready', page: 'home' },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof RouterAt>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Router `idle`/`checking`: nothing routed yet. */
export const Idle: Story = { args: { value: 'idle', page: 'home' } };
/** Router `loading`: the page module is downloading (up to 7 s). */
export const Loading: Story = { args: { value: 'loading', page: 'account' } };
/** Router `ready`: the home page. */
export const ReadyHome: Story = { args: { value: 'ready', page: 'home' } };
/** Router `ready`: search results for a fragment parameter. */
export const ReadySearch: Story = { args: { value: 'ready', page: 'search' } };
/** Router `ready`: an unknown path renders the 404 page. */
export const ReadyNotFound: Story = { args: { value: 'ready', page: 'notFound' } };
/** Router `failed` after the 7 s time-out. */
export const FailedTimeout: Story = { args: { value: 'failed', page: 'home', error: 'timeout' } };
/** Router `failed`: the module could not be downloaded. */
export const FailedError: Story = { args: { value: 'failed', page: 'home', error: 'failed' } };
/** Router `loginRequired`: the non-closeable modal the accounts issue turns into the sign-up modal. */
export const LoginRequired: Story = { args: { value: 'loginRequired', page: 'account' } };
