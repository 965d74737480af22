import { createHash } from 'node:crypto';

/**
 * The library widget's stylesheet and script, served from memory under content-hashed names (kept
 * immutable by browsers and CDNs). Both are tiny on purpose: the widget loads inside other sites'
 * pages (issue 7 quality bar: the page with one book ≤ 30 KB gzip without images).
 *
 * The script only fits the page to the frame: it counts the grid's columns (CSS `auto-fill` at the
 * thumbnail width), shows rows × columns books, and points the paging links at the next and previous
 * such page. Without it the server's page (rows × WIDGET_MAX_COLUMNS books) still reads well.
 * It also gives its reader links (`?via=widget`) the origin of the page that embeds the widget
 * (`&site=`, from the frame's ancestor origins or referrer): the reader the link opens, in the widget's
 * frame or a tab, has the widget's page as its referrer, and the statistics count the embedding site
 * (STATS_PARAMS in src/contracts/stats-limits.ts; issue 17).
 */

export const WIDGET_CSS = `*{box-sizing:border-box}[hidden]{display:none!important}
html,body{margin:0;min-height:100%}
body{font:13px/1.35 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg);padding:12px}
.wl-grid{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,var(--w));gap:18px 16px;justify-content:center}
.wl-item{width:var(--w);min-width:0}
.wl-link{display:block;color:inherit;text-decoration:none;border-radius:2px}
.wl-link:focus-visible{outline:3px solid #3b82f6;outline-offset:3px}
.wl-cover{position:relative;display:block;aspect-ratio:1/1.414;background:rgba(0,0,0,.08);overflow:hidden}
.wl-cover img{display:block;width:100%;height:100%;object-fit:cover}
.wl-adult img{filter:blur(12px)}
.wl-shadow .wl-cover{box-shadow:0 6px 14px rgba(0,0,0,.35),0 1px 3px rgba(0,0,0,.3)}
.wl-gloss .wl-cover::after{content:"";position:absolute;inset:0;background:linear-gradient(120deg,rgba(255,255,255,.45) 0,rgba(255,255,255,.08) 38%,transparent 40%)}
.wl-title{display:block;margin-top:8px;font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.wl-info{display:block;opacity:.8;font-size:12px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.wl-link:hover .wl-title{text-decoration:underline}
.wl-nav{display:flex;justify-content:space-between;gap:8px;margin-top:14px}
.wl-nav a{color:inherit;padding:6px 12px;border:1px solid currentColor;border-radius:999px;text-decoration:none;opacity:.85}
.wl-nav a:hover,.wl-nav a:focus-visible{opacity:1}
.wl-next{margin-left:auto}
.wl-msg{text-align:center;padding:24px 8px;opacity:.85}
.t-white{--bg:#fff;--fg:#1f2328}
.t-stone{--bg:#d8d4cc;--fg:#23201c;background-image:radial-gradient(rgba(255,255,255,.25) 1px,transparent 1px);background-size:6px 6px}
.t-metal{--bg:#c9ced3;--fg:#1b2127;background-image:linear-gradient(180deg,#eef1f4,#b6bdc4)}
.t-wood{--bg:#7a4a26;--fg:#fff7ec;background-image:repeating-linear-gradient(90deg,rgba(0,0,0,.06) 0 3px,transparent 3px 11px),linear-gradient(180deg,#8d5a31,#6b3f1f)}
.t-wood .wl-item{padding-bottom:10px;background:linear-gradient(transparent calc(100% - 10px),#4a2a12 calc(100% - 10px))}
.t-black{--bg:#111;--fg:#eee}
.t-any.dark{--fg:#f5f5f5}.t-any.light{--fg:#1f2328}
`;

export const WIDGET_JS = `(function(){var g=document.querySelector(".wl-grid");if(!g)return;
var rows=+g.getAttribute("data-rows"),start=+g.getAttribute("data-start"),total=+g.getAttribute("data-total");
function link(n,on,s){var a=document.querySelector(".wl-"+n);if(!a)return;a.hidden=!on;var u=new URL(a.href);u.searchParams.set("start",String(s));a.href=u.href}
function fit(){var cols=getComputedStyle(g).gridTemplateColumns.split(" ").length||1,per=rows*cols,items=g.children;
for(var i=0;i<items.length;i++)items[i].hidden=i>=per;
link("prev",start>0,Math.max(0,start-per));link("next",start+per<total,start+per);
var nav=document.querySelector(".wl-nav");if(nav)nav.hidden=!(start>0||start+per<total)}
fit();addEventListener("resize",fit);
var anc=location.ancestorOrigins,site=(anc&&anc.length?anc[0]:"")||document.referrer;
if(site)try{site=new URL(site).origin;if(/^https?:/.test(site))document.querySelectorAll("a.wl-link").forEach(function(a){var u=new URL(a.href);
if(u.searchParams.get("via")==="widget"){u.searchParams.set("site",site);a.href=u.href}})}catch(e){}})();
`;

const hash = (s: string) => createHash('sha256').update(s).digest('base64url').slice(0, 10);
export const WIDGET_CSS_FILE = `widget-${hash(WIDGET_CSS)}.css`;
export const WIDGET_JS_FILE = `widget-${hash(WIDGET_JS)}.js`;
