import { createHash } from 'node:crypto';
import { TOKENS } from '../html/tokens';

/**
 * The stylesheet of the public pages (reader/overview-html.ts), served by routes/reader/overview.ts at
 * a content-hashed URL (cached for good). A file of its own keeps the pages inside the strict CSP
 * (`style-src 'self'`, no inline style). Colours and font are the app's design tokens (html/tokens.ts);
 * the dark scheme has its own.
 */
export const OVERVIEW_CSS = `
:root{--ink:${TOKENS.ink};--ink-2:${TOKENS.ink2};--line:${TOKENS.line};--bg-2:${TOKENS.bg2};--brand:${TOKENS.brand};--brand-strong:${TOKENS.brandStrong};--focus:${TOKENS.focus};
font-family:${TOKENS.fontSans.replace(/, /g, ',')};color:var(--ink);line-height:1.5}
body{margin:0;background:#fff}
a{color:var(--brand)}
a:focus-visible,summary:focus-visible,textarea:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.ov-site{padding:12px 24px;border-bottom:1px solid var(--line)}
.ov-logo{font-weight:700;font-size:1.25rem;text-decoration:none;color:var(--ink)}
.ov-main{max-width:1080px;margin:0 auto;padding:24px}
.ov-head{display:flex;flex-wrap:wrap;gap:32px;align-items:flex-start}
.ov-cover img{display:block;max-width:100%;height:auto;border-radius:4px;box-shadow:0 4px 16px rgb(23 23 43/.2)}
.ov-info{flex:1 1 320px;min-width:0}
.ov-info h1{margin:0 0 12px;font-size:2rem;line-height:1.2;overflow-wrap:anywhere}
.ov-flag{display:inline-block;margin:0 0 12px;padding:2px 8px;border-radius:4px;background:${TOKENS.dangerSoft};color:${TOKENS.danger};font-size:.875rem}
.ov-facts{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0 0 16px}
.ov-facts dt{color:var(--ink-2)}
.ov-facts dd{margin:0}
.ov-description{white-space:pre-line}
.ov-button{display:inline-block;padding:10px 24px;border-radius:6px;background:var(--brand);color:#fff;font-weight:600;text-decoration:none}
.ov-button:hover{background:var(--brand-strong)}
.ov-share h2{font-size:1rem;margin:16px 0 8px}
.ov-share ul{display:flex;flex-wrap:wrap;gap:8px 16px;list-style:none;margin:0;padding:0}
.ov-embed{margin-top:16px}
.ov-embed textarea{display:block;width:100%;box-sizing:border-box;margin-top:8px;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.8rem}
.ov-text{margin-top:48px;border-top:1px solid var(--line);padding-top:24px}
.ov-page{margin:0 0 24px;padding-bottom:16px;border-bottom:1px dashed var(--line);color:var(--ink-2);overflow-wrap:anywhere}
.ov-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(160px,1fr));gap:24px;list-style:none;margin:0;padding:0}
.ov-card a{display:block;text-decoration:none;color:var(--ink)}
.ov-card img{display:block;width:100%;height:auto;border-radius:4px;background:var(--bg-2)}
.ov-card__title{display:block;margin-top:8px;font-weight:600;overflow-wrap:anywhere}
.ov-card__meta{display:block;color:var(--ink-2);font-size:.875rem}
.ov-publisher h2 small{color:var(--ink-2);font-weight:400;font-size:.875rem}
.ov-card__explicit{display:flex;align-items:center;justify-content:center;aspect-ratio:1/1.414;border-radius:4px;background:var(--bg-2);color:${TOKENS.danger};font-size:.875rem;text-align:center;padding:8px}
.ov-explicit{max-width:560px;margin:48px auto;text-align:center}
.ov-explicit form{display:inline}
.ov-explicit .ov-actions{display:flex;flex-wrap:wrap;gap:16px;justify-content:center;align-items:center}
.ov-explicit button{border:0;cursor:pointer;font:inherit}
button.ov-button:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.ov-blog-image{display:block;max-width:100%;height:auto;border-radius:4px;margin:0 0 24px}
.ov-blog-body{max-width:720px;overflow-wrap:anywhere}
.ov-paging{display:flex;gap:16px;justify-content:center;align-items:center;margin-top:32px}
@media (prefers-color-scheme:dark){:root{--ink:#ececf6;--ink-2:#b4b4c8;--line:#33334a;--bg-2:#22223a;--brand:#9a98ff;--brand-strong:#b8b6ff}
body{background:#17172b}.ov-logo{color:var(--ink)}.ov-button{color:#17172b}}
`.trim();

/** The stylesheet's URL: its content hash in the name, so a changed sheet is a new URL. */
export const OVERVIEW_CSS_PATH = `/overview-${createHash('sha256').update(OVERVIEW_CSS).digest('hex').slice(0, 12)}.css`;
