import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useMemo } from 'react';
import { widgetBookInput, widgetLibraryInput } from '../../../machines/widget/registry';
import { type WidgetActorRef, type WidgetContext, widgetMachine } from '../../../machines/widget.machine';
import { BOOK_EMBED_DEFAULTS, WIDGET_DEFAULTS } from '../../../src/contracts/widget';
import { WidgetModalView } from '../../../src/web/components/widget/WidgetModalView';
import { actorAt, StoryApp } from '../../support/StoryApp';

/**
 * The widget (embed) modal in each state of its machine (SPEC §2 Widget modal, §5 widget colour, §9).
 * The preview frame shows a drawn stand-in (the real library page needs a server).
 */
const SCENARIOS = [
  'library',
  'previewPending',
  'customColour',
  'invalidColour',
  'readerInsideWidget',
  'copied',
  'copyFailed',
  'singleBook',
] as const;
type Scenario = (typeof SCENARIOS)[number];

const stand = (label: string, bg = '#7a4a26', fg = '#fff7ec') =>
  `data:text/html,${encodeURIComponent(
    `<body style="margin:0;display:grid;place-items:center;height:100vh;background:${bg};color:${fg};font:14px system-ui">${label}</body>`,
  )}`;

const library: WidgetContext = {
  mode: 'library',
  name: widgetLibraryInput.name,
  embed: '',
  viewer: '',
  origin: widgetLibraryInput.origin,
  options: { ...WIDGET_DEFAULTS, type: 'account', id: widgetLibraryInput.id },
  book: { ...BOOK_EMBED_DEFAULTS },
  colorText: WIDGET_DEFAULTS.bgColor,
  palette: ['#102030', '#e8d5b7', '#3d3ad6'],
  chosenColor: null,
  preview: stand('Library preview (wood theme)'),
};
const custom = { ...library, options: { ...library.options, theme: 'any' as const, bgColor: '#102030' }, colorText: '#102030' };
const at = (preview: string, color = 'valid', copy = 'idle') => ({ preview, color, copy });

const PRESETS: Record<Scenario, { value: unknown; context: WidgetContext }> = {
  library: { value: at('shown'), context: library },
  previewPending: { value: at('waiting'), context: { ...library, options: { ...library.options, rows: 3 } } },
  customColour: { value: at('shown'), context: { ...custom, preview: stand('Custom colour', '#102030') } },
  invalidColour: { value: at('shown', 'invalid'), context: { ...custom, colorText: '#10203', preview: stand('Custom colour', '#102030') } },
  readerInsideWidget: { value: at('shown'), context: { ...library, options: { ...library.options, linkTo: 'embed' } } },
  copied: { value: at('shown', 'valid', 'copied'), context: library },
  copyFailed: { value: at('shown', 'valid', 'failed'), context: library },
  singleBook: {
    value: at('shown'),
    context: {
      ...library,
      mode: 'book',
      name: 'Annual report 2025',
      options: { ...library.options, id: widgetBookInput.id },
      book: { page: 3, view: 'book' },
      preview: stand('Reader preview, page 3', '#1f1f2e'),
    },
  },
};

function WidgetStory({ scenario }: { scenario: Scenario }) {
  const actor = useMemo(() => {
    const { value, context } = PRESETS[scenario];
    // Resting in the state (resolveState: no timer or copy runs); events still work from there.
    return actorAt(widgetMachine, value, context, widgetLibraryInput).start() as unknown as WidgetActorRef;
  }, [scenario]);
  useEffect(() => () => actor.stop(), [actor]);
  return (
    <StoryApp>
      <WidgetModalView actor={actor} onClose={() => {}} />
    </StoryApp>
  );
}

const meta = {
  title: 'Components/Widget/Widget modal',
  component: WidgetStory,
  args: { scenario: 'library' },
  argTypes: { scenario: { control: 'select', options: SCENARIOS } },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Library of an account with the defaults (wood theme, one row, normal thumbnails, titles and shadow). */
export const Library: Story = {};
/** `preview.waiting`: an option changed; the preview follows 500 ms after the last change. */
export const PreviewPending: Story = { args: { scenario: 'previewPending' } };
/** Theme "any": colour picker, colour code and the recent colours. */
export const CustomColour: Story = { args: { scenario: 'customColour' } };
/** `color.invalid`: the code is flagged and the preview keeps the last valid colour (SPEC §5). */
export const InvalidColour: Story = { args: { scenario: 'invalidColour' } };
/** linkTo embed: the reader opens inside the widget, so the link target option is hidden (SPEC §2). */
export const ReaderInsideWidget: Story = { args: { scenario: 'readerInsideWidget' } };
/** `copy.copied`: the 1 s success indicator (SPEC §9). */
export const Copied: Story = { args: { scenario: 'copied' } };
/** `copy.failed`: share.copy.msg.error (SPEC §8). */
export const CopyFailed: Story = { args: { scenario: 'copyFailed' } };
/** One publication: the reader's responsive iframe with its start page and view mode. */
export const SingleBook: Story = { args: { scenario: 'singleBook' } };
