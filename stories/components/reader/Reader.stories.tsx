import { useLingui } from '@lingui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useRef } from 'react';
import { createActor, fromPromise } from 'xstate';
import { adultBook, convertingBook, rtlBook, sampleBook } from '../../../machines/reader/fixtures';
import type { ViewMode } from '../../../machines/reader/layout';
import { type ReaderFailure, readerMachine } from '../../../machines/reader.machine';
import type { ReaderBook } from '../../../src/contracts/reader';
import type { ReaderApi } from '../../../src/viewer/api';
import { ReaderView } from '../../../src/viewer/render/view';
import '../../../src/viewer/reader.css';

/**
 * The reader (src/viewer) in each state of its machine. The reader is plain DOM code (no React, for
 * its 60 KB budget); this wrapper mounts it into a div and drives a real reader actor with fake calls.
 */
const SCENARIOS = [
  'loading',
  'explicit',
  'book',
  'slide',
  'scroll',
  'rtl',
  'thumbnails',
  'outline',
  'search',
  'zoom',
  'phone',
  'phoneMore',
  // Progressive reading (issue 14): the owner reads while the book converts; its conversion fails.
  'progressive',
  'progressiveFailed',
  ...(['notFound', 'private', 'deactivated', 'blocked', 'converting', 'failed', 'offline'] as const),
] as const;
type Scenario = (typeof SCENARIOS)[number];

/** Pages drawn in place as SVG: `{n}` and `{w}` stay literal in the data URL, so the reader's pattern replacement works. */
const svgHead = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 595 842"><!--';
const svgMid =
  '--><rect width="595" height="842" fill="#faf7ef"/><rect width="595" height="160" fill="#3d3ad6"/><text x="48" y="110" font-family="sans-serif" font-size="56" fill="#fff">Page ';
const svgTail =
  '</text><rect x="48" y="220" width="420" height="14" rx="7" fill="#ccc"/><rect x="48" y="250" width="360" height="14" rx="7" fill="#ccc"/></svg>';
const PAGE_URL = `data:image/svg+xml,${encodeURIComponent(svgHead)}{w}${encodeURIComponent(svgMid)}{n}${encodeURIComponent(svgTail)}`;

const fakeApi: ReaderApi = {
  book: () => new Promise(() => {}),
  // With the rectangles of the matches: the search story shows the highlights over page 3's title.
  search: async (q) => [
    {
      page: 3,
      excerpt: `… a page that mentions ${q} twice …`,
      count: 2,
      rects: [
        [0.075, 0.062, 0.24, 0.075],
        [0.08, 0.258, 0.3, 0.02],
      ],
    },
  ],
  text: async (page) => `Text of page ${page}.`,
  downloadUrl: () => '#',
  triggers: async () => [],
  lead: async () => {},
};

function ReaderStory({ scenario }: { scenario: Scenario }) {
  const { i18n } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const failure = (['notFound', 'private', 'deactivated', 'blocked', 'converting', 'failed', 'offline'] as string[]).includes(scenario)
      ? (scenario as ReaderFailure)
      : null;
    const progressive = scenario === 'progressive' || scenario === 'progressiveFailed';
    const base = scenario === 'explicit' ? adultBook : scenario === 'rtl' ? rtlBook : progressive ? convertingBook : sampleBook;
    const book: ReaderBook = { ...base, pageUrl: PAGE_URL };
    const mode: ViewMode =
      scenario === 'slide'
        ? 'slide'
        : scenario === 'scroll'
          ? 'scroll'
          : scenario === 'phone' || scenario === 'phoneMore'
            ? 'auto'
            : 'book';
    const actor = createActor(
      readerMachine.provide({
        actors: {
          loadBook: fromPromise(async () => {
            if (scenario === 'loading') return new Promise<ReaderBook>(() => {});
            if (failure) throw { failure };
            return book;
          }),
          search: fromPromise(({ input }) => fakeApi.search(input.query)),
          // The book asked for again: still two pages (the story stays put), or its conversion failed.
          pollBook: fromPromise(async () => {
            if (scenario === 'progressiveFailed') throw { failure: 'failed' };
            return new Promise<ReaderBook>(() => {});
          }),
        },
        delays: { poll: progressive ? 0 : 1000 },
      }),
      { input: { bookId: 'b1', page: 2, mode, viewport: { width: root.clientWidth || 1024, height: root.clientHeight || 700 } } },
    );
    const view = new ReaderView(
      root,
      i18n,
      fakeApi,
      (e) => actor.send(e),
      () => true,
    );
    actor.subscribe((s) => view.update(s));
    actor.start();
    if (scenario === 'thumbnails' || scenario === 'outline' || scenario === 'search') actor.send({ type: 'user.panel', panel: scenario });
    if (scenario === 'search') actor.send({ type: 'user.search', query: 'quire' });
    if (scenario === 'zoom') actor.send({ type: 'user.zoomIn' });
    // A phone-wide reader: the tools that do not fit wait in the More menu (open in phoneMore).
    const opening = actor.subscribe((snap) => {
      if (scenario !== 'phoneMore' || !snap.matches('reading')) return;
      opening.unsubscribe();
      actor.send({ type: 'user.moreToggle' });
    });
    return () => {
      actor.stop();
      view.destroy();
    };
  }, [scenario, i18n]);
  const phone = scenario === 'phone' || scenario === 'phoneMore';
  return <div ref={ref} className="qr" style={{ position: 'relative', height: phone ? 740 : '100vh', width: phone ? 360 : undefined }} />;
}

const meta: Meta<typeof ReaderStory> = {
  title: 'Reader/Reader',
  component: ReaderStory,
  parameters: { layout: 'fullscreen' },
  argTypes: { scenario: { control: 'select', options: SCENARIOS } },
};
export default meta;
type Story = StoryObj<typeof ReaderStory>;

export const Loading: Story = { args: { scenario: 'loading' } };
export const ExplicitContent: Story = { args: { scenario: 'explicit' } };
export const BookSpread: Story = { args: { scenario: 'book' } };
export const SinglePage: Story = { args: { scenario: 'slide' } };
export const Scroll: Story = { args: { scenario: 'scroll' } };
export const RightToLeft: Story = { args: { scenario: 'rtl' } };
export const Thumbnails: Story = { args: { scenario: 'thumbnails' } };
export const Outline: Story = { args: { scenario: 'outline' } };
export const Search: Story = { args: { scenario: 'search' } };
export const Zoom: Story = { args: { scenario: 'zoom' } };
export const Phone: Story = { args: { scenario: 'phone' } };
export const PhoneMoreMenu: Story = { args: { scenario: 'phoneMore' } };
export const NotFound: Story = { args: { scenario: 'notFound' } };
export const Private: Story = { args: { scenario: 'private' } };
export const Deactivated: Story = { args: { scenario: 'deactivated' } };
export const Blocked: Story = { args: { scenario: 'blocked' } };
export const Converting: Story = { args: { scenario: 'converting' } };
export const ConversionFailed: Story = { args: { scenario: 'failed' } };
export const Offline: Story = { args: { scenario: 'offline' } };
/** The owner reads while the book converts: pages 1–2 drawn, 3–5 placeholders, the progress line. */
export const ReadingWhileConverting: Story = { args: { scenario: 'progressive' } };
/** The conversion failed while the owner was reading it. */
export const ReadingConversionFailed: Story = { args: { scenario: 'progressiveFailed' } };
