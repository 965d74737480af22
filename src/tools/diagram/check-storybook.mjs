#!/usr/bin/env node
/**
 * Checks a built Storybook (storybook build -c stories/.storybook -o dist/storybook) has a page in
 * the Machines section for every registered machine.
 *
 *   node src/tools/diagram/check-storybook.mjs [--dir dist/storybook] [--render] [machine-id ...]
 *
 * Machine ids: the arguments, else the `// machine: <id>` line of each generated
 * stories/machines/*.stories.tsx (tests/paths/stories.test.ts keeps those equal to machines/index.ts).
 * `--render` also opens every machine page in Chromium (/usr/bin/chromium, via Playwright) and fails
 * unless the diagram renders, no error is logged, and clicking the first accepted event records a step.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  try {
    for (const id of ids) {
      const page = await browser.newPage();
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
        await page.waitForSelector('[data-testid="machine-diagram"][data-rendered="true"], .qm-error', { timeout: 30_000 });
        const diagramError = await page.$('.qm-error');
        if (diagramError) problems.push(`${id}: ${await diagramError.textContent()}`);
        if (!(await page.$('[data-testid="machine-diagram"] svg'))) problems.push(`${id}: no SVG diagram`);
        const button = await page.$('.qm-events button');
        if (button) {
          await button.click();
          await page.waitForSelector('.qm-history li', { timeout: 5_000 });
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
  if (problems.length) fail(`render check failed:\n  ${problems.join('\n  ')}`);
  console.log(`check-storybook: ${ids.length} machine page(s) render in Chromium`);
}
