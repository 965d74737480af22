import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { RESULTS_DIR } from './paths';

/**
 * The visual pass of issue 22: what a person would see as broken on a screen, read from the page.
 * - the page scrolls sideways;
 * - text cut by its container: a label, button, link, tab, heading or cell whose text is wider than
 *   its box while the box clips it (overflow hidden/clip, or an ellipsis); a select whose chosen
 *   option is wider than the select shows;
 * - a control (button, link, input) outside the viewport with no scrollable ancestor to reach it, or
 *   under another element (what a click at its centre would hit);
 * - a dialog taller or wider than the window, or scrolling as a whole: its body may scroll inside, its
 *   title and its actions stay in view; with `dialogsFit`, nothing in it scrolls at all;
 * - an image that failed to load.
 * Frames of the page (the embed previews) are read too. Elements under `[data-visual-ignore]` are left
 * out (none today).
 */
export async function visualProblems(page: Page, { dialogsFit = false } = {}): Promise<string[]> {
  const found: string[] = [];
  for (const frame of page.frames()) {
    const where = frame === page.mainFrame() ? '' : `in the frame ${new URL(frame.url()).pathname}: `;
    const problems = await frame.evaluate(readProblems, dialogsFit).catch(() => [] as string[]);
    found.push(...problems.map((p) => `${where}${p}`));
  }
  return found;
}

function readProblems(dialogsFit: boolean): string[] {
  {
    const out: string[] = [];
    const describe = (el: Element) => {
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const label = el.getAttribute('aria-label');
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `<${el.tagName.toLowerCase()}${cls}> "${label ?? text}"`;
    };
    const shown = (el: Element) => {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) return false;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
      // Visually hidden text for screen readers (1 px clip) is not shown.
      if (rect.width <= 1 || rect.height <= 1) return false;
      return !el.closest('[data-visual-ignore], [aria-hidden="true"], .visually-hidden');
    };
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) out.push(`the page scrolls sideways (${root.scrollWidth} px in ${root.clientWidth} px)`);

    const clips = (style: CSSStyleDeclaration) =>
      style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
    const labels = document.querySelectorAll(
      'button, a, label, legend, th, td, dt, dd, h1, h2, h3, h4, [role="tab"], [role="menuitem"], [role="option"], figcaption, .tile, .tile *',
    );
    for (const el of labels) {
      if (!shown(el) || !(el instanceof HTMLElement)) continue;
      // Only elements that hold text themselves (not a box of other boxes).
      const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
      if (!ownText) continue;
      const style = getComputedStyle(el);
      // A title cut with an ellipsis that names itself in full (a tooltip) is a design, not a defect.
      const named = style.textOverflow === 'ellipsis' && el.title.trim() === (el.textContent ?? '').trim();
      if (clips(style) && !named && el.scrollWidth > el.clientWidth + 1)
        out.push(`text cut: ${describe(el)} (${el.scrollWidth} px in ${el.clientWidth} px)`);
    }

    const canvas = document.createElement('canvas').getContext('2d');
    for (const select of document.querySelectorAll('select')) {
      if (!shown(select) || !canvas) continue;
      const option = select.selectedOptions[0];
      if (!option) continue;
      const style = getComputedStyle(select);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const needed = canvas.measureText(option.text).width;
      // A select drawn by the browser keeps room for its arrow inside the padding box (about 20 px).
      const arrow = style.appearance === 'none' ? 0 : 20;
      const room = select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight) - arrow;
      if (needed > room + 1)
        out.push(`select cut: ${describe(select)} shows "${option.text}" (${Math.ceil(needed)} px in ${Math.floor(room)} px)`);
    }

    const scrollBox = (el: Element): Element | null => {
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        if (/(auto|scroll)/.test(getComputedStyle(node).overflowY)) return node;
      }
      return null;
    };
    const scrollable = (el: Element | null): boolean => {
      for (let node = el?.parentElement ?? null; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (/(auto|scroll)/.test(`${style.overflowX} ${style.overflowY}`)) return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll('button, a[href], input, select, textarea, [role="button"], [role="tab"]')) {
      if (!shown(el)) continue;
      const rect = el.getBoundingClientRect();
      const outside = rect.right > window.innerWidth + 1 || rect.left < -1;
      if (outside && !scrollable(el))
        out.push(`control out of reach: ${describe(el)} at x ${Math.round(rect.left)}–${Math.round(rect.right)}`);
    }

    // A control another element covers cannot be clicked (the book card's checkbox once sat under a
    // button): the element at its centre must be the control or inside it. With a modal open, its own.
    const modal = document.querySelector('dialog[open]');
    for (const el of (modal ?? document).querySelectorAll('button, a[href], input, select, textarea, [role="button"], [role="tab"]')) {
      if (!shown(el) || (el instanceof HTMLInputElement && el.type === 'file')) continue;
      const rect = el.getBoundingClientRect();
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
      // Scrolled out of its scrolling box (a modal's body): reachable by scrolling, not covered.
      const box = scrollBox(el);
      if (box) {
        const b = box.getBoundingClientRect();
        // (a few pixels in from its edges: a control cut at the edge is being scrolled to, not covered)
        if (x < b.left + 4 || x > b.right - 4 || y < b.top + 4 || y > b.bottom - 4) continue;
      }
      const top = document.elementFromPoint(x, y);
      if (top && top !== el && !el.contains(top) && !top.contains(el) && !(el instanceof HTMLInputElement && el.labels?.[0]?.contains(top)))
        out.push(`control covered: ${describe(el)} lies under ${describe(top)}`);
    }

    for (const el of document.querySelectorAll('[role="dialog"], dialog[open]')) {
      if (!shown(el)) continue;
      const rect = el.getBoundingClientRect();
      if (rect.height > window.innerHeight + 1 || rect.top < -1 || rect.bottom > window.innerHeight + 1)
        out.push(
          `dialog taller than the window: ${describe(el)} (${Math.round(rect.top)}–${Math.round(rect.bottom)} of ${window.innerHeight} px)`,
        );
      if (rect.width > window.innerWidth + 1) out.push(`dialog wider than the window: ${describe(el)}`);
      // On a desktop window a dialog shows all it holds: nothing inside it scrolls out of sight.
      if (dialogsFit) {
        for (const inner of el.querySelectorAll('*')) {
          // A code box or a text field scrolls its own text: that is what it is for.
          if (inner instanceof HTMLTextAreaElement || inner instanceof HTMLInputElement) continue;
          const style = getComputedStyle(inner);
          if (/(auto|scroll)/.test(style.overflowY) && inner.scrollHeight > inner.clientHeight + 1 && shown(inner))
            out.push(`dialog does not fit: ${describe(el)} scrolls ${inner.scrollHeight - inner.clientHeight} px in ${describe(inner)}`);
        }
      }
      // A dialog that does not fit scrolls its body only: its title and its actions stay in view.
      if (/(auto|scroll)/.test(getComputedStyle(el).overflowY) && el.scrollHeight > el.clientHeight + 1)
        out.push(`dialog scrolls as a whole (title and actions with it): ${describe(el)} by ${el.scrollHeight - el.clientHeight} px`);
      for (const part of el.querySelectorAll(':scope > .modal__head, :scope > .modal__foot')) {
        const r = part.getBoundingClientRect();
        if (r.top < -1 || r.bottom > window.innerHeight + 1) out.push(`dialog's ${part.className} out of view: ${describe(el)}`);
      }
    }

    for (const img of document.images) {
      if (img.complete && img.naturalWidth === 0 && img.getAttribute('src') && shown(img))
        out.push(`image failed: ${img.getAttribute('src')}`);
    }
    return out;
  }
}

/** Saves a screenshot of the screen as an artefact of the run and answers its problems, named. */
export async function look(page: Page, name: string, options: { dialogsFit?: boolean } = {}): Promise<string[]> {
  const dir = `${RESULTS_DIR}/visual`;
  mkdirSync(dir, { recursive: true });
  // Animations settle (modals fade in) before the page is read.
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${dir}/${name}.png` });
  return (await visualProblems(page, options)).map((p) => `${name}: ${p}`);
}
