/**
 * Images the project makes itself (licence: see ./LICENSE.md): reader backgrounds, publisher logos,
 * logo-link badges and skin previews, written as small SVG documents. No scripts, no external
 * references; the only text that is not a constant (a link's host name) is XML-escaped.
 */

export const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

const svg = (w: number, h: number, body: string, extra = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"${extra}>${body}</svg>`;

/** A background fills the reader room: wide, and cropped rather than stretched. */
const background = (body: string) => svg(1600, 1000, body, ' preserveAspectRatio="xMidYMid slice"');

const linear = (id: string, stops: [string, string], angle: 'v' | 'd' = 'v') =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${angle === 'd' ? 1 : 0}" y2="1"><stop offset="0" stop-color="${stops[0]}"/><stop offset="1" stop-color="${stops[1]}"/></linearGradient>`;

export type BackgroundDesign = 'paper' | 'slate' | 'ocean' | 'dots' | 'sunset' | 'forest';

/** The six reader backgrounds. */
export function backgroundSvg(design: BackgroundDesign): string {
  switch (design) {
    case 'paper':
      return background(
        `<defs>${linear('g', ['#f4ecdc', '#e3d6bd'])}<pattern id="p" width="24" height="24" patternUnits="userSpaceOnUse"><path d="M0 12h24" stroke="#c9b896" stroke-opacity=".25"/></pattern></defs><rect width="1600" height="1000" fill="url(#g)"/><rect width="1600" height="1000" fill="url(#p)"/>`,
      );
    case 'slate':
      return background(
        `<defs>${linear('g', ['#2b3038', '#14171c'], 'd')}<pattern id="p" width="40" height="40" patternUnits="userSpaceOnUse"><path d="M40 0H0v40" fill="none" stroke="#fff" stroke-opacity=".05"/></pattern></defs><rect width="1600" height="1000" fill="url(#g)"/><rect width="1600" height="1000" fill="url(#p)"/>`,
      );
    case 'ocean': {
      const waves = [0, 1, 2, 3, 4, 5]
        .map((i) => {
          const y = 420 + i * 100;
          return `<path d="M0 ${y} C 266 ${y - 60}, 533 ${y + 60}, 800 ${y} S 1333 ${y - 60}, 1600 ${y} V1000 H0 Z" fill="#ffffff" fill-opacity="${(0.04 + i * 0.015).toFixed(3)}"/>`;
        })
        .join('');
      return background(`<defs>${linear('g', ['#0d4f7c', '#07233d'])}</defs><rect width="1600" height="1000" fill="url(#g)"/>${waves}`);
    }
    case 'dots':
      return background(
        `<defs><pattern id="p" width="32" height="32" patternUnits="userSpaceOnUse"><circle cx="16" cy="16" r="3" fill="#7a78ff" fill-opacity=".35"/></pattern></defs><rect width="1600" height="1000" fill="#1f1d33"/><rect width="1600" height="1000" fill="url(#p)"/>`,
      );
    case 'sunset': {
      const stripes = [0, 1, 2, 3, 4]
        .map((i) => `<rect y="${560 + i * 60}" width="1600" height="${24 - i * 4}" fill="#2a1230" fill-opacity=".35"/>`)
        .join('');
      return background(
        `<defs>${linear('g', ['#ff9a5a', '#6b2a5e'])}</defs><rect width="1600" height="1000" fill="url(#g)"/><circle cx="800" cy="620" r="260" fill="#ffd27a" fill-opacity=".55"/>${stripes}`,
      );
    }
    case 'forest': {
      const trees = Array.from({ length: 14 }, (_, i) => {
        const x = i * 120 - 20;
        const h = 260 + ((i * 73) % 5) * 40;
        return `<path d="M${x} 1000 L${x + 80} ${1000 - h} L${x + 160} 1000 Z" fill="#0e2a1c" fill-opacity=".6"/>`;
      }).join('');
      return background(`<defs>${linear('g', ['#5d8a66', '#1d3b2a'])}</defs><rect width="1600" height="1000" fill="url(#g)"/>${trees}`);
    }
  }
}

export type LogoDesign = 'book' | 'star' | 'leaf';

/** Three publisher logos (the reader shows them at most 120 × 32 px), in mid tones that read on light and dark bars. */
export function logoSvg(design: LogoDesign): string {
  const word = (text: string, fill: string) =>
    `<text x="44" y="23" font-family="Georgia, 'DejaVu Serif', serif" font-size="19" font-weight="700" fill="${fill}">${text}</text>`;
  switch (design) {
    case 'book':
      return svg(
        140,
        32,
        `<path d="M4 7c5-2 10-2 15 1v19c-5-3-10-3-15-1z" fill="#7a78ff"/><path d="M34 7c-5-2-10-2-15 1v19c5-3 10-3 15-1z" fill="#b3b2ff"/>${word('Folio', '#7a78ff')}`,
      );
    case 'star':
      return svg(
        140,
        32,
        `<path d="M19 3l4.7 9.6 10.6 1.5-7.7 7.5 1.8 10.5L19 27.2l-9.4 4.9 1.8-10.5-7.7-7.5 10.6-1.5z" fill="#ffc857"/>${word('Stellar', '#e0a526')}`,
      );
    case 'leaf':
      return svg(
        140,
        32,
        `<path d="M6 28C6 12 16 4 33 4c0 17-9 26-25 26z" fill="#4caf7a"/><path d="M7 29L24 12" stroke="#1d3b2a" stroke-width="2" fill="none"/>${word('Verdant', '#3fa36b')}`,
      );
  }
}

/** The preview of a logo-link preset: a link badge with the target's host name. */
export function linkBadgeSvg(url: string): string {
  const host = escapeXml(new URL(url).hostname);
  return svg(
    240,
    48,
    `<rect x="1" y="1" width="238" height="46" rx="10" fill="#24242e" stroke="#7a78ff" stroke-opacity=".6"/><path d="M22 27l6-6m-8.5 1.5l-2 2a4.2 4.2 0 0 0 6 6l2-2m2.5-9l2-2a4.2 4.2 0 0 1 6 6l-2 2" stroke="#b3b2ff" stroke-width="2" stroke-linecap="round" fill="none"/><text x="48" y="30" font-family="'DejaVu Sans', Arial, sans-serif" font-size="15" fill="#ececf4">${host}</text>`,
  );
}

/** Colours of a skin's chrome, shared by its preview here and its rules in src/viewer/reader.css. */
export interface SkinPalette {
  room: string;
  bar: string;
  ink: string;
  accent: string;
  /** Bar corner radius in the preview (the skin's toolbar shape). */
  radius: number;
  /** Gap between the bars and the window edge (floating bars). */
  inset: number;
}

/** A miniature reader in the skin's colours: room, top and bottom bars, an open spread. */
export function skinPreviewSvg(p: SkinPalette): string {
  const w = 320;
  const h = 200;
  const barH = 22;
  const i = p.inset;
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="${p.room}"/>` +
      `<rect x="${i}" y="${i}" width="${w - 2 * i}" height="${barH}" rx="${p.radius}" fill="${p.bar}"/>` +
      `<rect x="${i + 8}" y="${i + 8}" width="46" height="6" rx="3" fill="${p.accent}"/>` +
      `<rect x="${w - i - 60}" y="${i + 8}" width="52" height="6" rx="3" fill="${p.ink}" fill-opacity=".5"/>` +
      `<rect x="${i}" y="${h - barH - i}" width="${w - 2 * i}" height="${barH}" rx="${p.radius}" fill="${p.bar}"/>` +
      `<rect x="${w / 2 - 30}" y="${h - barH - i + 8}" width="60" height="6" rx="3" fill="${p.ink}" fill-opacity=".5"/>` +
      `<rect x="92" y="42" width="68" height="116" fill="#fff"/><rect x="160" y="42" width="68" height="116" fill="#f6f6f6"/>` +
      `<path d="M104 60h44M104 70h44M104 80h30M172 60h44M172 70h44M172 80h36" stroke="#999" stroke-width="3"/>`,
  );
}
