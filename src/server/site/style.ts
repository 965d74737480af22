import { createHash } from 'node:crypto';
import ui from '../../web/components/ui/ui.css?raw';
import base from '../../web/styles/base.css?raw';
import chrome from '../../web/styles/chrome.css?raw';
import marketing from '../../web/styles/marketing.css?raw';
import site from '../../web/styles/site.css?raw';
import tokens from '../../web/styles/tokens.css?raw';

/**
 * The stylesheet of the server-rendered public pages: the app's own design system — its tokens, base,
 * primitives (buttons, fields), header and footer, marketing blocks — and the public pages' own rules
 * (site.css), as one file. Served by routes/site.ts at a content-hashed URL (cached for good); a file of
 * its own keeps the pages inside the strict CSP (`style-src 'self'`, no inline style).
 */
export const SITE_CSS = [tokens, base, ui, chrome, marketing, site].join('\n');

/** The stylesheet's URL: its content hash in the name, so a changed sheet is a new URL. */
export const SITE_CSS_PATH = `/site-${createHash('sha256').update(SITE_CSS).digest('hex').slice(0, 12)}.css`;
