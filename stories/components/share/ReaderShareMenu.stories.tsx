import { useLingui } from '@lingui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useRef } from 'react';
import { sampleBook } from '../../../machines/reader/fixtures';
import { type ReaderShareState, ShareMenu } from '../../../src/viewer/render/share';
import '../../../src/viewer/reader.css';

/**
 * The reader's share menu (src/viewer/render/share.ts, plain DOM) in its states: closed, open, and
 * the "copy link" item while the reader machine copies, after a copy and after a failed copy.
 * Services log the URL they would open; no beacon is sent.
 */
const SCENARIOS = ['closed', 'open', 'copying', 'copied', 'copyFailed'] as const;
type Scenario = (typeof SCENARIOS)[number];

function ShareMenuStory({ scenario }: { scenario: Scenario }) {
  const host = useRef<HTMLDivElement>(null);
  const { i18n } = useLingui();
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const menu = new ShareMenu(i18n, sampleBook, (e) => console.info('reader event', e), {
      open: (service, url) => console.info('share: would open', service, url),
      beacon: (source) => console.info('share: beacon', source),
    });
    el.replaceChildren(menu.el);
    const state: ReaderShareState = scenario === 'closed' || scenario === 'open' ? 'idle' : scenario;
    menu.sync(state);
    if (scenario !== 'closed') menu.button.click();
    return () => el.replaceChildren();
  }, [scenario, i18n]);
  return (
    <div className="qr" style={{ minHeight: 360 }}>
      <header className="qr-top">
        <div className="qr-tools" role="toolbar" ref={host} style={{ marginInlineStart: 'auto' }} />
      </header>
    </div>
  );
}

const meta = {
  title: 'Components/Share/Reader share menu',
  component: ShareMenuStory,
  args: { scenario: 'open' },
  argTypes: { scenario: { control: 'select', options: SCENARIOS } },
} satisfies Meta<typeof ShareMenuStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The share button in the toolbar (share_mode 1). */
export const Closed: Story = { args: { scenario: 'closed' } };
/** The menu: six services and "copy link". */
export const Open: Story = { args: { scenario: 'open' } };
/** "Copy link" while the reader machine copies. */
export const Copying: Story = { args: { scenario: 'copying' } };
/** Copied: the item says so for 1 s and the button shows a check. */
export const Copied: Story = { args: { scenario: 'copied' } };
/** The clipboard refused. */
export const CopyFailed: Story = { args: { scenario: 'copyFailed' } };
