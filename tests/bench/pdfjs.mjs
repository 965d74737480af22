// The pdf.js side of the reader benchmark (issue 5: the first page at least 5× sooner than Mozilla's
// pdf.js opening the same PDF from the same server).
//
// pdfjs-dist ships pdf.js's library and its viewer components (PDFViewer, EventBus, PDFLinkService:
// what the generic viewer of the pdf.js site is built from; the generic viewer's own toolbar and
// sidebar are not in the npm package). The page below mounts that PDFViewer full-window, as the generic
// viewer does, and opens the PDF served as a static file by the Quire server itself (so pdf.js gets
// HTTP range requests and streaming, its best case). The first page counts as shown when pdf.js fires
// `pagerendered` for page 1 (its canvas is painted), read as performance.now() since navigation start.
import { copyFileSync, cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PDFJS = path.join(ROOT, 'node_modules/pdfjs-dist');
/** Where the viewer lives in the public folder the benchmark server gets. */
export const PDFJS_DIR = 'bench-pdfjs';

// The server's CSP allows no inline script or style: the page's script and style are files.
const VIEWER_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>pdf.js</title>
<link rel="stylesheet" href="./web/pdf_viewer.css">
<link rel="stylesheet" href="./viewer.css">
<script type="module" src="./viewer.mjs"></script>
</head>
<body>
<div id="viewerContainer"><div id="viewer" class="pdfViewer"></div></div>
</body>
</html>
`;
const VIEWER_CSS = 'html,body{margin:0;height:100%;background:#525659}#viewerContainer{position:absolute;inset:0;overflow:auto}\n';
const VIEWER_JS = `import * as pdfjsLib from './build/pdf.min.mjs';
globalThis.pdfjsLib = pdfjsLib;
pdfjsLib.GlobalWorkerOptions.workerSrc = './build/pdf.worker.min.mjs';
const { EventBus, PDFLinkService, PDFViewer } = await import('./web/pdf_viewer.mjs');
const eventBus = new EventBus();
const linkService = new PDFLinkService({ eventBus });
const container = document.getElementById('viewerContainer');
const viewer = new PDFViewer({ container, eventBus, linkService });
linkService.setViewer(viewer);
eventBus.on('pagesinit', () => { viewer.currentScaleValue = 'page-fit'; });
eventBus.on('pagerendered', (e) => {
  if (e.pageNumber === 1 && window.__quireFirstPage === undefined) window.__quireFirstPage = performance.now();
});
const file = new URLSearchParams(location.search).get('file');
const doc = await pdfjsLib.getDocument({ url: file }).promise;
viewer.setDocument(doc);
linkService.setDocument(doc, null);
`;

/**
 * A public folder for the benchmark server: the built client (so /read works) plus the pdf.js viewer
 * under /bench-pdfjs/ and each PDF as a static file (`pdfFiles`: name → file). Returns the viewer path
 * to open for each name.
 */
export function preparePublicDir(builtPublic, target, pdfFiles) {
  cpSync(builtPublic, target, { recursive: true });
  const dir = path.join(target, PDFJS_DIR);
  mkdirSync(path.join(dir, 'build'), { recursive: true });
  mkdirSync(path.join(dir, 'web'), { recursive: true });
  for (const f of ['pdf.min.mjs', 'pdf.worker.min.mjs']) copyFileSync(path.join(PDFJS, 'build', f), path.join(dir, 'build', f));
  copyFileSync(path.join(PDFJS, 'web/pdf_viewer.mjs'), path.join(dir, 'web/pdf_viewer.mjs'));
  copyFileSync(path.join(PDFJS, 'web/pdf_viewer.css'), path.join(dir, 'web/pdf_viewer.css'));
  cpSync(path.join(PDFJS, 'web/images'), path.join(dir, 'web/images'), { recursive: true });
  writeFileSync(path.join(dir, 'viewer.html'), VIEWER_HTML);
  writeFileSync(path.join(dir, 'viewer.css'), VIEWER_CSS);
  writeFileSync(path.join(dir, 'viewer.mjs'), VIEWER_JS);
  const urls = {};
  for (const [name, file] of Object.entries(pdfFiles)) {
    copyFileSync(file, path.join(dir, `${name}.pdf`));
    urls[name] = `/${PDFJS_DIR}/viewer.html?file=/${PDFJS_DIR}/${name}.pdf`;
  }
  return urls;
}
