/**
 * Quire reader entry (`{viewer}/read/{bookId}`, issue "Reading"): page 1 first.
 *
 * The server's HTML already shows page 1 (`.qr-boot`, src/server/reader/page.tsx). This entry is only
 * the wait for it: the reader itself (./reader.ts, the rest of the reader's initial JS) is a chunk that
 * read.html fetches along with this entry (`<link rel="modulepreload">`, build.mjs: it counts in the
 * entry's JS budget) and that is evaluated once page 1's image has loaded and had a frame to be
 * painted. Evaluating it before (tens of ms of main thread, more on a busy machine) would hold the
 * image's load and its first frame back: the first page would wait for the script instead of the
 * other way round. At most BOOT_WAIT_MS (also in a hidden tab, where no frame comes); at once when
 * there is no boot page (explicit books ask first, gates, errors).
 *
 * The styles stay here (the lead form's too, through reader.css), so they are the entry's stylesheet
 * in read.html's head; with a boot page, the server moves it after page 1 in the body, where it does
 * not hold page 1's first frame back (page 1 has its layout in style attributes).
 */
import './reader.css';

const BOOT_WAIT_MS = 300;

function afterFirstPage(start: () => void): void {
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    start();
  };
  const img = document.querySelector<HTMLImageElement>('.qr-boot img');
  if (!img) {
    run();
    return;
  }
  setTimeout(run, BOOT_WAIT_MS);
  const painted = () => {
    requestAnimationFrame(() => setTimeout(run, 0));
  };
  if (img.complete) painted();
  else {
    img.addEventListener('load', painted, { once: true });
    img.addEventListener('error', run, { once: true });
  }
}

afterFirstPage(() => {
  void import('./reader');
});
