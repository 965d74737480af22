#!/usr/bin/env node
/**
 * Checks a built Storybook (storybook build -c stories/.storybook -o dist/storybook) has a page in
 * the Machines section for every registered machine.
 *
 *   node src/tools/diagram/check-storybook.mjs [--dir dist/storybook] [--render] [machine-id ...]
 *
 * Machine ids: the arguments, else the `// machine: <id>` line of each generated
 * stories/machines/*.stories.tsx (tests/paths/stories.test.ts keeps those equal to machines/index.ts).
 * `--render` also opens every machine page in Chromium (/usr/bin/chromium, via Playwright, 1440 × 900)
 * and fails unless
 * - the diagram renders and no error is logged;
 * - every text of the diagram is at least MIN_TEXT_PX on screen at the initial zoom (100 %): its
 *   computed font size times the scale of its screen transform (getScreenCTM), so shrinking the
 *   picture to the page width fails; the machine and its smallest text are listed;
 * - the zoom keys work (+ zooms in, 0 returns to 100 %);
 * - clicking an arrow label the current state can take sends its event (a step in the history with
 *   that event type), on every page that shows one, and on at least one page;
 * - clicking the first accepted event in the list records a step.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Smallest on-screen size of a diagram text at 100 % (px). */
const MIN_TEXT_PX = 12;

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const args = process.argv.slice(2);
let dir = path.join(repo, 'dist/storybook');
let render = false;
const ids = [];
for (let i = 0; i < args.length; i += 1) {
  const a = args[i];
  if (a === '--dir') dir = path.resolve(args[++i] ?? '');
  else if (a === '--render') render = true;
  else if (a === '--help' || a === '-h') {
    console.log('usage: check-storybook.mjs [--dir dist/storybook] [--render] [machine-id ...]');
    process.exit(0);
  } else ids.push(a);
}

// Storybook's id sanitizer (storybook/internal/csf `sanitize`).
const sanitize = (s) =>
  s
    .toLowerCase()
    .replace(/[ ’–—―′¿'`~!@#$%^&*()_|+\-=?;:'",.<>{}[\]\\/]/gi, '-')
    .replace(/-+/g, '-')
    .replace(/^-+/, '')
    .replace(/-+$/, '');
const storyIdOf = (id) => `machines-${sanitize(id)}--simulation`;

if (!ids.length) {
  const storiesDir = path.join(repo, 'stories/machines');
  for (const f of existsSync(storiesDir) ? readdirSync(storiesDir) : []) {
    if (!f.endsWith('.stories.tsx')) continue;
    const m = /^\/\/ machine: (.+)$/m.exec(readFileSync(path.join(storiesDir, f), 'utf8'));
    if (m?.[1]) ids.push(m[1].trim());
  }
}

const fail = (msg) => {
  console.error(`check-storybook: ${msg}`);
  process.exit(1);
};

const indexFile = path.join(dir, 'index.json');
if (!existsSync(indexFile)) fail(`${path.relative(repo, indexFile)} not found: build Storybook first`);
const index = JSON.parse(readFileSync(indexFile, 'utf8'));
const entries = Object.values(index.entries ?? {});
const machineEntries = entries.filter((e) => e.type === 'story' && typeof e.title === 'string' && e.title.startsWith('Machines/'));

const missing = ids.filter((id) => !machineEntries.some((e) => e.id === storyIdOf(id)));
if (!ids.length) console.warn('check-storybook: no machine ids (no generated stories/machines/*.stories.tsx and no arguments)');
if (missing.length)
  fail(`no page in the Machines section for: ${missing.join(', ')} (expected story ids ${missing.map(storyIdOf).join(', ')})`);
const extra = machineEntries.filter((e) => !ids.some((id) => e.id === storyIdOf(id)));
for (const e of extra) console.warn(`check-storybook: Machines page without a checked id: ${e.id} (${e.title})`);
console.log(`check-storybook: ${ids.length} machine page(s) found in ${path.relative(repo, indexFile)}: ${ids.join(', ') || '-'}`);

if (render && ids.length) await renderCheck();

/** In the page: the smallest on-screen font size among the diagram's texts. */
function measureDiagramText() {
  const svg = document.querySelector('[data-testid="machine-diagram"] svg');
  if (!svg) return { count: 0, min: 0, text: '' };
  let count = 0;
  let min = Number.POSITIVE_INFINITY;
  let text = '';
  for (const el of svg.querySelectorAll('text, tspan')) {
    if (!el.textContent?.trim()) continue;
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    const ctm = el.getScreenCTM();
    if (!ctm) continue;
    const size = Number.parseFloat(style.fontSize) * Math.hypot(ctm.a, ctm.b);
    count += 1;
    if (size < min) {
      min = size;
      text = el.textContent.trim();
    }
  }
  return { count, min, text };
}

/**
 * An arrow label the current state can take whose centre is inside the diagram viewport, with that
 * centre in page coordinates (so the click is a real one, at the place a person would click).
 */
async function firstVisibleEnabledLabel(page) {
  return page.evaluate(() => {
    const viewport = document.querySelector('.qm-chart-viewport')?.getBoundingClientRect();
    if (!viewport) return null;
    for (const el of document.querySelectorAll('.qm-label.is-on')) {
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x > viewport.left && x < viewport.right && y > viewport.top && y < viewport.bottom && y < window.innerHeight) {
        return { x, y, transition: el.getAttribute('data-transition') ?? '', text: el.textContent ?? '' };
      }
    }
    return null;
  });
}

async function renderCheck() {
  const { chromium } = await import('@playwright/test');
  const types = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.mjs': 'text/javascript',
    '.css': 'text/css',
    '.json': 'application/json',
    '.svg': 'image/svg+xml',
    '.woff2': 'font/woff2',
  };
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
    const file = path.join(dir, url === '/' ? 'index.html' : url);
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader('content-type', types[path.extname(file)] ?? 'application/octet-stream');
    res.end(readFileSync(file));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', () => r(undefined)));
  const { port } = server.address();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const problems = [];
  const sizes = [];
  const edgeClicks = [];
  try {
    for (const id of ids) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      const errors = [];
      page.on('pageerror', (err) => errors.push(err.message));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      // Anything but the local server is a failure: the page must work offline.
      await page.route('**/*', (route) =>
        route.request().url().startsWith(`http://127.0.0.1:${port}/`) ? route.continue() : route.abort(),
      );
      await page.goto(`http://127.0.0.1:${port}/iframe.html?id=${storyIdOf(id)}&viewMode=story`);
      try {
        await page.waitForSelector('[data-testid="machine-diagram"][data-rendered="true"], .qm-error', { timeout: 60_000 });
        const diagramError = await page.$('.qm-error');
        if (diagramError) problems.push(`${id}: ${await diagramError.textContent()}`);
        if (!(await page.$('[data-testid="machine-diagram"] svg'))) problems.push(`${id}: no SVG diagram`);

        const zoomText = () => page.locator('.qm-zoom').textContent();
        if ((await zoomText()) !== '100%') problems.push(`${id}: initial zoom is ${await zoomText()}, not 100%`);
        const text = await page.evaluate(measureDiagramText);
        if (!text.count) problems.push(`${id}: no text in the diagram`);
        else if (text.min < MIN_TEXT_PX)
          problems.push(`${id}: diagram text ${text.min.toFixed(1)} px < ${MIN_TEXT_PX} px at 100% ("${text.text.slice(0, 60)}")`);
        sizes.push(`${id} ${text.min.toFixed(1)}px`);

        const viewport = page.locator('.qm-chart-viewport');
        await viewport.focus();
        await page.keyboard.press('+');
        const zoomedIn = await zoomText();
        await page.keyboard.press('0');
        if (zoomedIn !== '125%' || (await zoomText()) !== '100%')
          problems.push(`${id}: zoom keys: + gave ${zoomedIn}, 0 gave ${await zoomText()}`);
        // The measure must see the zoom (so a picture scaled down to the page width is caught).
        await page.keyboard.press('-');
        const smaller = await page.evaluate(measureDiagramText);
        await page.keyboard.press('0');
        if (text.count && Math.abs(smaller.min * 1.25 - text.min) > 0.1)
          problems.push(`${id}: at 80% the smallest text measures ${smaller.min.toFixed(2)} px, expected ${(text.min / 1.25).toFixed(2)}`);

        const history = page.locator('.qm-history li');
        const label = await firstVisibleEnabledLabel(page);
        if (label) {
          const eventType = label.transition.split('|')[1];
          await page.mouse.click(label.x, label.y);
          await page.waitForFunction(() => document.querySelectorAll('.qm-history li').length === 1, undefined, { timeout: 5_000 });
          const sent = await history.first().getAttribute('data-event');
          if (sent !== eventType) problems.push(`${id}: clicking the "${label.text}" arrow sent ${sent}, expected ${eventType}`);
          else edgeClicks.push(id);
        }

        const button = await page.$('.qm-events button');
        if (button) {
          const before = await history.count();
          await button.click();
          await page.waitForFunction((n) => document.querySelectorAll('.qm-history li').length === n + 1, before, { timeout: 5_000 });
        }
      } catch (err) {
        problems.push(`${id}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
      }
      for (const e of errors) problems.push(`${id}: browser error: ${e}`);
      await page.close();
      console.log(`check-storybook: rendered ${id}`);
    }
  } finally {
    await browser.close();
    server.close();
  }
  if (!edgeClicks.length) problems.push('no machine page sent an event by a click on an arrow label');
  console.log(`check-storybook: smallest diagram text at 100%: ${sizes.join(', ')}`);
  console.log(`check-storybook: arrow clicks sent their event on: ${edgeClicks.join(', ') || '-'}`);
  if (problems.length) fail(`render check failed:\n  ${problems.join('\n  ')}`);
  console.log(`check-storybook: ${ids.length} machine page(s) render in Chromium, diagram text ≥ ${MIN_TEXT_PX} px`);
}
