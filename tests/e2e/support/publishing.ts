import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { demoPdf } from '../../../src/server/publish/demo-pdf';
import { activeAccount, signIn } from './accounts';

/**
 * Publishing through the API for the reader specs: a signed-in publisher, and the demo PDF (five
 * pages, an outline and a link on the cover) uploaded with form fields and converted by the real
 * pipeline.
 */
export interface Published {
  id: string;
  url: { viewer: string; private?: string };
}

/** A new active account signed in on `page`; answers its access token. */
export async function publisher(
  page: Page,
  { name = 'reader publisher', mode }: { name?: string; mode?: 'FREE' | 'PREMIUM' | 'PLATINUM' } = {},
): Promise<string> {
  await page.goto('/');
  const email = await activeAccount(page, name, { mode });
  await page.goto('/login');
  await signIn(page, email);
  return page.evaluate(() => JSON.parse(localStorage.getItem('quire.user') ?? 'null')?.session?.access_token as string);
}

/** Uploads the demo PDF with these fields and waits until it is converted. */
export async function publish(
  request: APIRequestContext,
  token: string,
  name: string,
  fields: Record<string, string> = {},
): Promise<Published> {
  const headers = { authorization: `Bearer ${token}` };
  const res = await request.post('/api/pinwheel/document/create?v=2', {
    headers,
    multipart: { ...fields, name, file: { name: `${name}.pdf`, mimeType: 'application/pdf', buffer: demoPdf() } },
  });
  const created = await res.json();
  expect(created.status).toBe('ok');
  const id: string = created.content.id;
  let book: { document: { status: string }; url: Published['url'] } = created.content;
  await expect
    .poll(
      async () => {
        book = (await (await request.get(`/api/account/book/get?v=2&id=${id}`, { headers })).json()).content;
        return book.document.status;
      },
      { timeout: 60_000 },
    )
    .toBe('DONE');
  return { id, url: book.url };
}

/** Page n's image in the reader has loaded (its data, not only its element). */
export const shown = async (page: Page, n: number): Promise<void> =>
  expect
    .poll(() =>
      page
        .locator(`.qr-page[data-page="${n}"] img`)
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
