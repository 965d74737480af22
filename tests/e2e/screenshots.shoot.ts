import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { ROOT } from './support/paths';
import { publisher, shown } from './support/publishing';
import { countedAsReader, READER_USER_AGENT } from './support/stats';

/**
 * `npm run screenshots` (screenshots.config.ts): the real product, photographed for the feature pages
 * (src/server/site/features). A publisher signs in, publishes three documents that Chromium prints
 * from the HTML below (a catalogue, a magazine, a yearbook), and the run captures the publish window,
 * the book list, the settings window, the share window, the reader and the statistics. Each image is
 * scaled to 1000 px, encoded as WebP with sharp and named after its content; shots.json lists them.
 */

const OUT = join(ROOT, 'src/server/site/screenshots');
const WIDTH = 1000;

type Shot = { file: string; width: number; height: number };
const shots: Record<string, Shot> = {};

async function keep(page: Page, key: string, height?: number): Promise<void> {
  // Let transitions (modal fade-in, page turn) settle.
  await page.waitForTimeout(700);
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  const png = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: size.width, height: height ?? size.height } });
  const webp = await sharp(png).resize({ width: WIDTH }).webp({ quality: 72, effort: 6 }).toBuffer();
  const meta = await sharp(webp).metadata();
  const file = `${key}-${createHash('sha256').update(webp).digest('hex').slice(0, 10)}.webp`;
  shots[key] = { file, width: meta.width ?? WIDTH, height: meta.height ?? 0 };
  writeFileSync(join(OUT, file), webp);
}

/** A document page of one colour scheme (A4, printed by Chromium). */
const page = (bg: string, ink: string, body: string) => `<section style="background:${bg};color:${ink}">${body}</section>`;

function documentHtml(kind: 'catalogue' | 'magazine' | 'yearbook'): string {
  const css = `@page{size:A4;margin:0}*{box-sizing:border-box}body{margin:0;font-family:'DejaVu Sans',Arial,sans-serif}
  section{width:210mm;height:297mm;padding:22mm 18mm;page-break-after:always;position:relative;overflow:hidden}
  h1{font-size:58px;line-height:1;margin:0 0 10mm;letter-spacing:-2px}h2{font-size:30px;margin:0 0 6mm}
  p{font-size:14px;line-height:1.55;margin:0 0 4mm}.kicker{text-transform:uppercase;letter-spacing:4px;font-size:13px;font-weight:700}
  .blob{position:absolute;border-radius:50%}.grid{display:grid;grid-template-columns:1fr 1fr;gap:8mm;margin-top:8mm}
  .card{border-radius:6mm;height:62mm;padding:6mm;color:#fff;font-weight:700;font-size:18px;display:flex;align-items:flex-end}
  .cols{columns:2;column-gap:8mm}.big{font-size:120px;font-weight:800;line-height:.9;opacity:.9}`;
  const lorem =
    'Every page of this document was written for the screenshots of Quire. It shows how a printed layout keeps its colours, its columns and its type once it becomes a flipbook that readers turn page by page, on a phone as on a large screen. Nothing here is a real product, a real school or a real town; the words only fill the columns the way an editor would.';
  const pages: Record<typeof kind, string[]> = {
    catalogue: [
      page(
        'linear-gradient(160deg,#1d1b4f,#3d3ad6)',
        '#fff',
        `<div class="blob" style="width:150mm;height:150mm;right:-40mm;top:-30mm;background:#f08a3e;opacity:.85"></div>
         <div class="blob" style="width:90mm;height:90mm;left:-20mm;bottom:30mm;background:#8d8bff;opacity:.6"></div>
         <div style="position:absolute;bottom:28mm;left:18mm;right:18mm"><p class="kicker">Northwind Outdoor · 2026</p><h1>Spring<br>Catalogue</h1><p style="font-size:18px">Tents, packs and light gear for long days outside.</p></div>`,
      ),
      page(
        '#fff',
        '#17172b',
        `<p class="kicker" style="color:#3d3ad6">New this season</p><h2>Light enough to forget</h2><p>${lorem}</p>
         <div class="grid"><div class="card" style="background:linear-gradient(135deg,#3d3ad6,#8d8bff)">Ridge 2 tent · €289</div>
         <div class="card" style="background:linear-gradient(135deg,#f08a3e,#ffd2ad)">Summit pack 38 l · €149</div>
         <div class="card" style="background:linear-gradient(135deg,#19794e,#8fd6b3)">Trail stove · €59</div>
         <div class="card" style="background:linear-gradient(135deg,#c22c3c,#f3a0a9)">Down jacket · €219</div></div>`,
      ),
      page(
        '#f6f6fb',
        '#17172b',
        `<div class="big" style="color:#3d3ad6">38 l</div><h2>Summit pack</h2><div class="cols"><p>${lorem}</p><p>${lorem}</p><p>${lorem}</p><p>${lorem}</p><p>${lorem}</p><p>${lorem}</p></div>`,
      ),
      page(
        '#fff1e6',
        '#17172b',
        `<h2>Sleep well anywhere</h2><div class="cols"><p>${lorem}</p><p>${lorem}</p><p>${lorem}</p><p>${lorem}</p><p>${lorem}</p><p>${lorem}</p><p>${lorem}</p></div>`,
      ),
    ],
    magazine: [
      page(
        'linear-gradient(180deg,#f08a3e,#c22c3c)',
        '#fff',
        `<p class="kicker">Issue 12 · Autumn</p><h1 style="font-size:96px">HARBOUR</h1>
         <div class="blob" style="width:170mm;height:170mm;left:20mm;top:95mm;background:#ffd2ad;opacity:.5"></div>
         <div style="position:absolute;bottom:25mm;left:18mm;right:18mm"><h2>The last ferry home</h2><p style="font-size:18px">Stories from the city by the water.</p></div>`,
      ),
      page(
        '#fff',
        '#17172b',
        `<p class="kicker" style="color:#c22c3c">Feature</p><h2>The last ferry home</h2><div class="cols"><p>${lorem}</p><p>${lorem}</p><p>${lorem}</p><p>${lorem}</p><p>${lorem}</p><p>${lorem}</p><p>${lorem}</p></div>`,
      ),
      page(
        'linear-gradient(160deg,#1f64c8,#17172b)',
        '#fff',
        `<div class="big">“</div><h2 style="font-size:40px">We built the harbour before we built the town.</h2>`,
      ),
      page(
        '#fff',
        '#17172b',
        `<h2>Market day</h2><div class="cols"><p>${lorem}</p><p>${lorem}</p><p>${lorem}</p><p>${lorem}</p><p>${lorem}</p><p>${lorem}</p></div>`,
      ),
    ],
    yearbook: [
      page(
        'linear-gradient(150deg,#19794e,#0f3d2a)',
        '#fff',
        `<div class="blob" style="width:120mm;height:120mm;right:-30mm;bottom:-20mm;background:#8fd6b3;opacity:.6"></div>
         <p class="kicker">Riverside School</p><h1>Yearbook<br>2025–26</h1><p style="font-size:18px">A year of classes, trips and the school play.</p>`,
      ),
      page(
        '#fff',
        '#17172b',
        `<h2>Our year in pictures</h2><div class="grid"><div class="card" style="background:#3d3ad6">Science fair</div><div class="card" style="background:#f08a3e">Sports day</div><div class="card" style="background:#19794e">Field trip</div><div class="card" style="background:#c22c3c">The play</div></div>`,
      ),
      page(
        '#f6f6fb',
        '#17172b',
        `<h2>From the head teacher</h2><div class="cols"><p>${lorem}</p><p>${lorem}</p><p>${lorem}</p><p>${lorem}</p><p>${lorem}</p><p>${lorem}</p></div>`,
      ),
    ],
  };
  return `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head><body>${pages[kind].join('')}</body></html>`;
}

async function printPdf(browser: Browser, kind: 'catalogue' | 'magazine' | 'yearbook'): Promise<Buffer> {
  const p = await browser.newPage();
  await p.setContent(documentHtml(kind));
  const pdf = await p.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
  await p.close();
  return pdf;
}

async function publishPdf(request: APIRequestContext, token: string, name: string, pdf: Buffer): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const res = await request.post('/api/pinwheel/document/create?v=2', {
    headers,
    multipart: { name, file: { name: `${name}.pdf`, mimeType: 'application/pdf', buffer: pdf } },
  });
  const created = await res.json();
  expect(created.status).toBe('ok');
  return created.content.id;
}

test('the screenshots of the feature pages', async ({ page, browser }) => {
  mkdirSync(OUT, { recursive: true });
  for (const f of readdirSync(OUT)) if (f.endsWith('.webp')) rmSync(join(OUT, f));

  const token = await publisher(page, { name: 'Harbour Press', mode: 'PLATINUM' });
  const [catalogue, magazine, yearbook] = await Promise.all([
    printPdf(browser, 'catalogue'),
    printPdf(browser, 'magazine'),
    printPdf(browser, 'yearbook'),
  ]);
  await publishPdf(page.request, token, 'Riverside School Yearbook', yearbook);
  await publishPdf(page.request, token, 'Northwind Spring Catalogue', catalogue);

  // The publish window with a chosen file.
  await page.goto('/account/book');
  await page.getByRole('banner').getByRole('link', { name: 'Publish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish a document' });
  await expect(dialog).toBeVisible();
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'Harbour Magazine, issue 12.pdf', mimeType: 'application/pdf', buffer: magazine });
  await expect(dialog.getByRole('list', { name: 'Chosen documents' }).getByRole('listitem')).toHaveCount(1);
  await keep(page, 'publish');
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();

  // The book list once all three are converted, covers decoded.
  await expect(page).toHaveURL(/\/account\/book/, { timeout: 150_000 });
  await expect(page.locator('.book-item--done')).toHaveCount(3, { timeout: 120_000 });
  await page.reload();
  const thumbs = page.locator('.book-item img');
  await expect(thumbs).toHaveCount(3);
  for (const img of await thumbs.all()) {
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  }
  await keep(page, 'books');

  // The settings window on its design tab (skins and backgrounds).
  const mag = page.locator('.book-item').filter({ hasText: 'Harbour Magazine' });
  await mag.locator('.book-item__settings').click();
  const settings = page.getByRole('dialog', { name: /Settings of/ });
  await expect(settings).toBeVisible();
  await settings.getByRole('tab', { name: 'Design' }).click();
  await page.waitForTimeout(1000);
  await keep(page, 'settings');
  // The magazine gets the classic skin on the ocean background (the reader's picture shows them).
  await settings.locator('[data-field="skin.url"]').getByRole('radio', { name: 'Classic', exact: true }).check();
  await settings.locator('[data-field="bg.url"]').getByRole('radio', { name: 'Ocean', exact: true }).check();
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toHaveCount(0);

  // The share window.
  await mag.locator('.book-item__share').click();
  const share = page.getByRole('dialog');
  await expect(share.locator('#share-link')).toBeVisible();
  await keep(page, 'share');
  await page.keyboard.press('Escape');

  // The reader on the magazine's first spread, then a few pages read for the statistics.
  // The card's link is the publication's overview (/publication/<id>, or the reader itself).
  const overview = (await mag.locator('.book-item__link').getAttribute('href')) ?? '';
  await page.goto(`/read/${overview.split('/').pop()}`);
  await shown(page, 1);
  await page.keyboard.press('ArrowRight');
  await shown(page, 2);
  await page.waitForTimeout(1500);
  await keep(page, 'reader');
  // A few visitors (the owner's own reading is not counted) on a desktop, a tablet and a phone.
  const readerPath = new URL(page.url()).pathname;
  const visitors = [
    { viewport: { width: 1280, height: 800 }, pages: 4 },
    { viewport: { width: 1440, height: 900 }, pages: 3 },
    { viewport: { width: 1280, height: 720 }, pages: 2 },
    { viewport: { width: 768, height: 1024 }, pages: 4, isMobile: true, hasTouch: true },
    { viewport: { width: 390, height: 844 }, pages: 3, isMobile: true, hasTouch: true },
  ];
  await Promise.all(
    visitors.map(async ({ pages, ...options }, i) => {
      // Counted as people's browsers (the statistics leave automated and headless ones out).
      const context = await browser.newContext({ ...options, userAgent: READER_USER_AGENT, baseURL: new URL(page.url()).origin });
      await countedAsReader(context);
      const visitor = await context.newPage();
      await visitor.goto(readerPath);
      await shown(visitor, 1);
      for (let n = 1; n < pages; n++) {
        await visitor.waitForTimeout(1200 + 700 * ((i + n) % 3));
        await visitor.keyboard.press('ArrowRight');
      }
      await visitor.waitForTimeout(1500);
      // Leaving the tab sends the last report (sendBeacon on pagehide).
      await visitor.goto('about:blank');
      await context.close();
    }),
  );
  // Tall enough for the totals and the chart of views and readers per day.
  await page.setViewportSize({ width: 1280, height: 1240 });
  const views = page.getByTestId('stats-views');
  await expect
    .poll(
      async () => {
        await page.goto('/account/stats');
        await expect(page.getByTestId('stats-overview').or(page.getByTestId('stats-empty'))).toBeVisible({ timeout: 15_000 });
        await expect(page.getByTestId('stats').locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
        return (await views.count()) ? views.textContent() : '0';
      },
      { timeout: 30_000 },
    )
    .not.toBe('0');
  await expect(page.getByTestId('stats-chart').locator('canvas')).toBeVisible();
  // Down to the chart.
  const chart = await page.getByTestId('stats-chart').boundingBox();
  await keep(page, 'stats', chart ? Math.round(chart.y + chart.height + 6) : undefined);

  const ordered = Object.fromEntries(
    Object.keys(shots)
      .sort()
      .map((k) => [k, shots[k]]),
  );
  writeFileSync(join(OUT, 'shots.json'), `${JSON.stringify(ordered, null, 2)}\n`);
});
