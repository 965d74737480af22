import { readFileSync } from 'node:fs';
import { colord, extend } from 'colord';
import a11y from 'colord/plugins/a11y';
import { describe, expect, it } from 'vitest';
import { TOKEN_PROPERTIES, TOKENS } from '../../src/server/html/tokens.ts';
import { SITE_CSS } from '../../src/server/site/style.ts';
import { WIDGET_CSS } from '../../src/server/widget/assets.ts';

extend([a11y]);

/**
 * Colour contrast of the design tokens (WCAG 2.1 1.4.3 and 1.4.11), computed from the stylesheets
 * themselves: 4.5:1 for text on every surface a text colour is used on, 3:1 for the parts of controls
 * (focus ring, control borders, the brand underline of the active tab and the switch). A new token or
 * surface goes into one of the tables below.
 */
const TEXT = 4.5;
const UI_PART = 3;

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** The custom properties declared in the first rule whose selector is exactly `selector` (name without `--` → value). */
function properties(css: string, selector: string): (name: string) => string {
  const start = css.indexOf(`${selector}{`) >= 0 ? css.indexOf(`${selector}{`) : css.indexOf(`${selector} {`);
  expect(start, `rule ${selector}`).toBeGreaterThanOrEqual(0);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  const found = new Map([...body.matchAll(/--([\w-]+)\s*:\s*([^;]+)/g)].map((m) => [m[1] ?? '', (m[2] ?? '').trim()]));
  return (name) => {
    const value = found.get(name);
    if (value === undefined) throw new Error(`${selector} declares no --${name}`);
    return value;
  };
}

/** `color` seen over `under` (alpha compositing, as browsers do in sRGB); `opacity` applies to `color`. */
function over(color: string, under: string, opacity = 1): string {
  const top = colord(color).toRgb();
  const bottom = colord(under).toRgb();
  const a = top.a * opacity;
  const mix = (t: number, b: number) => Math.round(t * a + b * (1 - a));
  return colord({ r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b) }).toHex();
}

interface Pair {
  what: string;
  fg: string;
  bg: string;
  min: number;
}

function check(pairs: Pair[]) {
  const failing = pairs
    .map((p) => ({ ...p, ratio: colord(p.fg).contrast(p.bg) }))
    .filter((p) => p.ratio < p.min)
    .map((p) => `${p.what}: ${p.fg} on ${p.bg} is ${p.ratio}:1, needs ${p.min}:1`);
  expect(failing).toEqual([]);
}

const cross = (fgs: Record<string, string>, bgs: Record<string, string>, min: number, prefix = ''): Pair[] =>
  Object.entries(fgs).flatMap(([f, fg]) => Object.entries(bgs).map(([b, bg]) => ({ what: `${prefix}${f} on ${b}`, fg, bg, min })));

describe('design tokens (src/web/styles/tokens.css)', () => {
  const t = properties(read('src/web/styles/tokens.css'), ':root');
  const pick = (...names: string[]) => Object.fromEntries(names.map((n) => [n, t(`c-${n}`)]));
  // Every light surface a text colour is put on: page, footer/panels, hover and chips, and the soft
  // backgrounds of badges and alerts.
  const surfaces = pick('bg', 'bg-2', 'bg-3', 'brand-soft', 'accent-soft', 'success-soft', 'info-soft', 'warning-soft', 'danger-soft');

  it('text colours keep 4.5:1 on every surface', () => {
    check(cross(pick('ink', 'ink-2', 'ink-3', 'brand', 'brand-strong', 'success', 'info', 'warning', 'danger'), surfaces, TEXT));
  });

  it('the text of filled buttons and badges keeps 4.5:1 on its fill', () => {
    const white = { white: '#ffffff' };
    check([
      ...cross(white, pick('brand', 'brand-strong', 'danger', 'ink', 'success', 'info'), TEXT),
      // .btn--accent: dark text on the accent fill and on its hover colour (ui.css)
      { what: 'accent button', fg: '#1c1205', bg: t('c-accent'), min: TEXT },
      { what: 'accent button (hover)', fg: '#1c1205', bg: '#e57a2b', min: TEXT },
    ]);
  });

  it('the parts of controls keep 3:1 on every surface', () => {
    check(cross(pick('focus', 'control', 'brand', 'success', 'danger'), surfaces, UI_PART));
    // The switch's white thumb on its track, off and on.
    check(cross({ thumb: '#ffffff' }, pick('control', 'brand'), UI_PART));
  });
});

describe('the tokens of the server-rendered HTML (src/server/html/tokens.ts: mails, public pages)', () => {
  it('are the values of tokens.css', () => {
    const t = properties(read('src/web/styles/tokens.css'), ':root');
    for (const [name, property] of Object.entries(TOKEN_PROPERTIES))
      expect(TOKENS[name as keyof typeof TOKENS], property).toBe(t(property));
  });
});

describe('the reader skins (src/viewer/reader.css)', () => {
  const css = read('src/viewer/reader.css');
  const skins = {
    default: properties(css, ':root'),
    classic: properties(css, '.qr[data-skin="classic"]'),
    night: properties(css, '.qr[data-skin="night"]'),
  };
  // Panels and cards: the dark default's #24242e/#26262f, the classic skin's paper.
  const panels: Record<string, string[]> = {
    default: ['#24242e', '#26262f'],
    classic: ['#faf6ee', '#f6f0e4'],
    night: ['#0d1429'],
  };

  it('the ink colours keep 4.5:1 on the room, the bars and the panels', () => {
    check(
      Object.entries(skins).flatMap(([skin, p]) => {
        const room = p('qr-room');
        const surfaces: Record<string, string> = { room, bar: over(p('qr-bar'), room) };
        for (const [i, panel] of (panels[skin] ?? []).entries()) surfaces[`panel ${i + 1}`] = panel;
        return cross({ ink: p('qr-ink'), 'ink-2': p('qr-ink-2') }, surfaces, TEXT, `${skin}: `);
      }),
    );
  });
});

describe('the public pages (src/server/site/style.ts)', () => {
  it("use the app's own tokens and chrome, so the checks above hold for them", () => {
    for (const file of [
      'src/web/styles/tokens.css',
      'src/web/styles/base.css',
      'src/web/components/ui/ui.css',
      'src/web/styles/chrome.css',
    ]) {
      expect(SITE_CSS, file).toContain(read(file));
    }
    // Nothing after the tokens redeclares a colour of them.
    const after = SITE_CSS.slice(read('src/web/styles/tokens.css').length);
    expect(after).not.toMatch(/--c-[\w-]+\s*:/);
  });
});

describe('the library widget (src/server/widget/assets.ts)', () => {
  const themes = ['t-white', 't-stone', 't-metal', 't-wood', 't-black'];
  it('its titles, and its dimmed details and paging links, keep 4.5:1 on every theme', () => {
    check(
      themes.flatMap((theme) => {
        const p = properties(WIDGET_CSS, `.${theme}`);
        const [bg, fg] = [p('bg'), p('fg')];
        return [
          { what: `${theme} title`, fg, bg, min: TEXT },
          // .wl-info is shown at opacity .8, .wl-nav links and messages at .85.
          { what: `${theme} details`, fg: over(fg, bg, 0.8), bg, min: TEXT },
        ];
      }),
    );
  });
});
