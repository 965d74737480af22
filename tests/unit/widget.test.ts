import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { widgetBookInput, widgetLibraryInput } from '../../machines/widget/registry';
import { cleanPalette, embedCode, previewUrl, pushColor, showsLinkTarget, widgetMachine } from '../../machines/widget.machine';
import {
  bookEmbedCode,
  bookEmbedUrl,
  parseWidgetQuery,
  WIDGET_DEFAULTS,
  type WidgetOptions,
  widgetQuery,
} from '../../src/contracts/widget';
import { WIDGET_JS } from '../../src/server/widget/assets';

/** Widget options (query round trip, validation) and the widget machine's timing, colour, palette and copy. */

const full: WidgetOptions = {
  type: 'folder',
  id: 'f_1-x',
  rows: 4,
  sortBy: 'mostViews',
  theme: 'any',
  bgColor: '#a1b2c3',
  thumbSize: 'large',
  showTitle: false,
  showShadow: false,
  showGloss: true,
  showInfo: 'date',
  linkTo: 'view',
  linkTarget: '_parent',
};
const parse = (query: string) => parseWidgetQuery(Object.fromEntries(new URLSearchParams(query)));

describe('widget options', () => {
  it('round-trips through the query the modal writes and the server reads', () => {
    expect(parse(widgetQuery(full))).toEqual(full);
    const plain = { ...WIDGET_DEFAULTS, type: 'account' as const, id: 'a1' };
    expect(parse(widgetQuery(plain))).toEqual(plain);
  });

  it('leaves out the colour unless theme any and the target when linkTo is embed', () => {
    const q = new URLSearchParams(widgetQuery({ ...full, theme: 'wood', linkTo: 'embed' }));
    expect(q.has('bgColor')).toBe(false);
    expect(q.has('linkTarget')).toBe(false);
    expect(q.get('showGloss')).toBe('1');
  });

  it('takes defaults for unknown values and refuses bad ids, types and custom colours', () => {
    expect(parse('id=a1&rows=9&sortBy=nope&theme=pink')).toMatchObject({ rows: 5, sortBy: 'latestPublished', theme: 'wood' });
    expect(parse('id=a1&rows=0')?.rows).toBe(1);
    expect(parse('id=../x')).toBeUndefined();
    expect(parse('type=user&id=a1')).toBeUndefined();
    expect(parse('id=a1&theme=any&bgColor=%23abcd')).toBeUndefined();
    expect(parse('id=a1&theme=any&bgColor=%23ABC')?.bgColor).toBe('#ABC');
  });

  it('builds the single-book snippet: reader URL with view and start page, responsive wrapper, escaped title', () => {
    expect(bookEmbedUrl('https://q.example', 'b1', { page: 1, view: 'auto' })).toBe('https://q.example/read/b1');
    expect(bookEmbedUrl('https://q.example', 'b1', { page: 4, view: 'slide' })).toBe('https://q.example/read/b1?mode=slide#page=4');
    const code = bookEmbedCode('https://q.example/read/b1', 'A "b" <i>');
    expect(code).toContain('padding-bottom:75.00%');
    expect(code).toContain('title="A &quot;b&quot; &lt;i&gt;"');
    expect(code).toMatch(/^<div [^>]*><iframe src="https:\/\/q\.example\/read\/b1"/);
  });
});

describe('palette helpers', () => {
  it('keeps the 7 most recent colours, most recent first, without duplicates', () => {
    let palette: string[] = [];
    for (const c of ['#111', '#222', '#333', '#444', '#555', '#666', '#777', '#888']) palette = pushColor(palette, c);
    expect(palette).toEqual(['#888', '#777', '#666', '#555', '#444', '#333', '#222']);
    expect(pushColor(palette, '#555')).toEqual(['#555', '#888', '#777', '#666', '#444', '#333', '#222']);
    expect(pushColor([], '#ABCDEF')).toEqual(['#abcdef']);
  });
  it('cleans what storage held', () => {
    expect(cleanPalette(['#fff', 'red', 3, '#FFF', '#000000'])).toEqual(['#fff', '#000000']);
    expect(cleanPalette('x')).toEqual([]);
  });
});

/** An actor on a simulated clock (vi timers would also work; this keeps the machine's own delays). */
function start(input = widgetLibraryInput, copy: (code: string) => Promise<void> = async () => {}) {
  const saved: string[][] = [];
  const copied: string[] = [];
  const machine = widgetMachine.provide({
    actors: {
      copyCode: fromPromise<void, { code: string }>(async ({ input: { code } }) => {
        copied.push(code);
        await copy(code);
      }),
    },
    actions: { savePalette: (_, { palette }) => saved.push(palette) },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, saved, copied };
}
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('widget machine', () => {
  it('renders the preview at once, then 500 ms after the last change', async () => {
    const { actor } = start();
    const first = actor.getSnapshot().context.preview;
    expect(first).toBe(`https://quire.example/library/?${widgetQuery({ ...WIDGET_DEFAULTS, type: 'account', id: 'acc1' })}`);
    actor.send({ type: 'user.option', patch: { rows: 3 } });
    await wait(300);
    actor.send({ type: 'user.option', patch: { sortBy: 'title' } });
    await wait(300);
    // 600 ms after the first change but only 300 ms after the last: not yet.
    expect(actor.getSnapshot().context.preview).toBe(first);
    expect(actor.getSnapshot().matches({ preview: 'waiting' })).toBe(true);
    await wait(260);
    const next = new URL(actor.getSnapshot().context.preview);
    expect(next.searchParams.get('rows')).toBe('3');
    expect(next.searchParams.get('sortBy')).toBe('title');
    actor.stop();
  });

  it('flags an invalid colour and keeps the preview until it is fixed; valid colours go to the palette', async () => {
    const { actor, saved } = start();
    actor.send({ type: 'user.color', value: '#12' });
    expect(actor.getSnapshot().matches({ color: 'invalid' })).toBe(true);
    actor.send({ type: 'user.option', patch: { theme: 'any' } });
    await wait(560);
    // Choosing the theme renders with the last valid colour but adds nothing to the palette.
    expect(actor.getSnapshot().context.palette).toEqual(['#102030']);
    actor.send({ type: 'user.color', value: '#1234' });
    const before = actor.getSnapshot().context.preview;
    await wait(560);
    expect(actor.getSnapshot().context.preview).toBe(before);
    actor.send({ type: 'user.color', value: '#123456' });
    expect(actor.getSnapshot().matches({ color: 'valid' })).toBe(true);
    await wait(560);
    const url = new URL(actor.getSnapshot().context.preview);
    expect(url.searchParams.get('theme')).toBe('any');
    expect(url.searchParams.get('bgColor')).toBe('#123456');
    expect(actor.getSnapshot().context.palette).toEqual(['#123456', '#102030']);
    expect(saved.at(-1)).toEqual(['#123456', '#102030']);
    actor.stop();
  });

  it('hides the link target when the reader opens inside the widget', () => {
    const { actor } = start();
    expect(showsLinkTarget(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'user.option', patch: { linkTo: 'embed' } });
    expect(showsLinkTarget(actor.getSnapshot().context)).toBe(false);
    expect(embedCode(actor.getSnapshot().context)).not.toContain('linkTarget');
    actor.stop();
  });

  it('copies the code with a 1 s indicator, or fails', async () => {
    const ok = start();
    ok.actor.send({ type: 'user.copy' });
    await wait(0);
    expect(ok.actor.getSnapshot().matches({ copy: 'copied' })).toBe(true);
    expect(ok.copied[0]).toContain('<iframe src="https://quire.example/library/?type=account&amp;id=acc1');
    // An option change or a colour meanwhile leaves the indicator (regions are independent).
    ok.actor.send({ type: 'user.option', patch: { rows: 2 } });
    ok.actor.send({ type: 'user.color', value: '#abc' });
    expect(ok.actor.getSnapshot().matches({ copy: 'copied' })).toBe(true);
    expect(ok.actor.getSnapshot().context.options.bgColor).toBe('#abc');
    await wait(1050);
    expect(ok.actor.getSnapshot().matches({ copy: 'idle' })).toBe(true);
    ok.actor.stop();
    const bad = start(widgetLibraryInput, async () => {
      throw new Error('denied');
    });
    bad.actor.send({ type: 'user.copy' });
    await wait(0);
    expect(bad.actor.getSnapshot().matches({ copy: 'failed' })).toBe(true);
    bad.actor.stop();
  });

  it('embeds one book: reader preview and snippet follow the start page and view', async () => {
    const { actor } = start(widgetBookInput);
    expect(actor.getSnapshot().context.preview).toBe('https://quire.example/read/book1');
    actor.send({ type: 'user.bookOption', patch: { page: 5, view: 'book' } });
    actor.send({ type: 'user.option', patch: { rows: 2 } });
    await wait(560);
    const c = actor.getSnapshot().context;
    expect(c.preview).toBe('https://quire.example/read/book1?mode=book#page=5');
    expect(c.options.rows).toBe(1);
    expect(previewUrl(c)).toBe(c.preview);
    expect(embedCode(c)).toContain('padding-bottom:75.00%');
    actor.stop();
  });
});

describe('widget page script', () => {
  /** Runs WIDGET_JS on a page of two reader links and one overview link inside a frame of `parent`. */
  const run = (ancestors: string[], referrer: string) => {
    const links = [
      { href: 'https://quire.test/read/b1?via=widget' },
      { href: 'https://quire.test/read/b2?via=widget' },
      { href: 'https://quire.test/publication/b3' },
    ];
    const grid = { getAttribute: (name: string) => (name === 'data-rows' ? '1' : name === 'data-total' ? '3' : '0'), children: [] };
    const document = {
      referrer,
      querySelector: (selector: string) => (selector === '.wl-grid' ? grid : null),
      querySelectorAll: (selector: string) => (selector === 'a.wl-link' ? links : []),
    };
    const location = { ancestorOrigins: Object.assign([...ancestors], { contains: () => false }) };
    const getComputedStyle = () => ({ gridTemplateColumns: '120px 120px' });
    new Function('document', 'location', 'getComputedStyle', 'addEventListener', 'URL', WIDGET_JS)(
      document,
      location,
      getComputedStyle,
      () => {},
      URL,
    );
    return links.map((a) => a.href);
  };

  it('gives its reader links the origin of the page that embeds it (the statistics’ source)', () => {
    expect(run(['https://shop.example.com'], 'https://shop.example.com/catalogue?q=1')).toEqual([
      'https://quire.test/read/b1?via=widget&site=https%3A%2F%2Fshop.example.com',
      'https://quire.test/read/b2?via=widget&site=https%3A%2F%2Fshop.example.com',
      'https://quire.test/publication/b3',
    ]);
    // Firefox has no ancestorOrigins: the frame's referrer (its origin only).
    expect(run([], 'http://news.example.net:8080/article/1')[0]).toBe(
      'https://quire.test/read/b1?via=widget&site=http%3A%2F%2Fnews.example.net%3A8080',
    );
    // Nothing known (no referrer sent): the links stay as they are.
    expect(run([], '')[0]).toBe('https://quire.test/read/b1?via=widget');
  });
});
