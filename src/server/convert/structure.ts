import { toolError } from './errors';
import { describeFailure, runTool, type ToolLimits } from './tools';

/**
 * The PDF's structure for the reader, from `qpdf --json=2` (objects, pages and the outline with its
 * destinations already resolved to page numbers): the outline, the link annotations (web links and
 * links to other pages, so the reader can make them clickable) and the reading direction.
 */

export interface OutlineItem {
  title: string;
  /** Target page (1-based), or null when the entry points nowhere. */
  page: number | null;
  items: OutlineItem[];
}

export interface PageLink {
  /** Rectangle as fractions of the displayed page, origin top left: [left, top, width, height]. */
  rect: [number, number, number, number];
  /** A web (or mail) address… */
  url?: string;
  /** …or a page of this document (1-based). */
  page?: number;
}

export interface PdfStructure {
  direction: 'ltr' | 'rtl';
  outline: OutlineItem[];
  /** Links per page: links[n - 1] are page n's. */
  links: PageLink[][];
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Dict = { [key: string]: Json };
interface QpdfOutline {
  title?: string;
  destpageposfrom1?: number | null;
  kids?: QpdfOutline[];
}
interface QpdfJson {
  qpdf?: [unknown, Record<string, { value?: Json; stream?: { dict?: Dict } }>];
  pages?: { object: string; pageposfrom1: number }[];
  outlines?: QpdfOutline[];
}

const REF = /^\d+ \d+ R$/;
const MAX_OUTLINE_DEPTH = 16;
/** qpdf's exit code for success with warnings. */
const QPDF_WARNINGS = 3;

export async function readStructure(
  pdf: string,
  pages: number,
  options: { signal?: AbortSignal; limits: ToolLimits; nice?: number },
): Promise<PdfStructure> {
  const result = await runTool('qpdf', ['--json=2', '--json-key=qpdf', '--json-key=pages', '--json-key=outlines', pdf], {
    ...options,
    maxStdout: 512 * 1024 * 1024,
  });
  // Exit 3 is qpdf's "operation succeeded with warnings" (a damaged xref it reconstructed, a stray
  // byte…): the JSON is complete, and with it the outline and links.
  if (result.code !== 0 && result.code !== QPDF_WARNINGS) throw toolError(describeFailure('qpdf', result), result);
  const { stdout } = result;
  return parseStructure(JSON.parse(stdout.toString('utf8')) as QpdfJson, pages);
}

export function parseStructure(json: QpdfJson, pageCount: number): PdfStructure {
  const objects = json.qpdf?.[1] ?? {};
  const deref = (value: Json | undefined, depth = 0): Json | undefined => {
    if (typeof value === 'string' && REF.test(value) && depth < 32) {
      const entry = objects[`obj:${value}`];
      return deref(entry?.value ?? entry?.stream?.dict ?? null, depth + 1);
    }
    return value;
  };
  const dict = (value: Json | undefined): Dict | undefined => {
    const v = deref(value);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : undefined;
  };
  const array = (value: Json | undefined): Json[] => {
    const v = deref(value);
    return Array.isArray(v) ? v : [];
  };
  const text = (value: Json | undefined): string | undefined => {
    const v = deref(value);
    if (typeof v !== 'string') return undefined;
    if (v.startsWith('u:')) return v.slice(2);
    if (v.startsWith('b:')) return Buffer.from(v.slice(2), 'hex').toString('latin1');
    return v;
  };

  const pageOf = new Map<string, number>();
  for (const p of json.pages ?? []) pageOf.set(p.object, p.pageposfrom1);

  // The catalog: the trailer's /Root (qpdf lists the trailer as "trailer").
  const trailer = dict(objects.trailer?.value);
  const root = dict(trailer?.['/Root']);
  const prefs = dict(root?.['/ViewerPreferences']);
  const direction = deref(prefs?.['/Direction']) === '/R2L' ? 'rtl' : 'ltr';

  // Named destinations: the PDF 1.1 /Dests dictionary and the /Names /Dests name tree.
  const named = new Map<string, Json>();
  const oldDests = dict(root?.['/Dests']);
  for (const [k, v] of Object.entries(oldDests ?? {})) named.set(k.replace(/^\//, ''), v);
  const walkNames = (node: Dict | undefined, depth: number) => {
    if (!node || depth > 32) return;
    const names = array(node['/Names']);
    for (let i = 0; i + 1 < names.length; i += 2) {
      const key = text(names[i]);
      if (key !== undefined) named.set(key, names[i + 1] ?? null);
    }
    for (const kid of array(node['/Kids'])) walkNames(dict(kid), depth + 1);
  };
  walkNames(dict(dict(root?.['/Names'])?.['/Dests']), 0);

  const destPage = (dest: Json | undefined, depth = 0): number | undefined => {
    if (depth > 4) return undefined;
    const d = deref(dest);
    if (Array.isArray(d)) {
      const target = d[0];
      if (typeof target === 'string' && REF.test(target)) return pageOf.get(target);
      if (typeof target === 'number' && target >= 0 && target < pageCount) return target + 1;
      return undefined;
    }
    if (typeof d === 'string') {
      const name = d.startsWith('/') ? d.slice(1) : (text(d) ?? d);
      return destPage(named.get(name), depth + 1);
    }
    const withD = dict(d);
    return withD ? destPage(withD['/D'], depth + 1) : undefined;
  };

  const outline = (items: QpdfOutline[] | undefined, depth: number): OutlineItem[] =>
    depth > MAX_OUTLINE_DEPTH
      ? []
      : (items ?? []).map((item) => ({
          title: (item.title ?? '').trim(),
          page: typeof item.destpageposfrom1 === 'number' && item.destpageposfrom1 >= 1 ? item.destpageposfrom1 : null,
          items: outline(item.kids, depth + 1),
        }));

  // Page boxes and rotation may be inherited from /Pages nodes.
  const inherited = (page: Dict, key: string): Json | undefined => {
    let node: Dict | undefined = page;
    for (let i = 0; node && i < 32; i++) {
      if (node[key] !== undefined) return deref(node[key]);
      node = dict(node['/Parent']);
    }
    return undefined;
  };
  const box = (value: Json | undefined): number[] | undefined => {
    const nums = array(value).map((n) => deref(n));
    return nums.length === 4 && nums.every((n) => typeof n === 'number') ? (nums as number[]) : undefined;
  };

  const links: PageLink[][] = Array.from({ length: pageCount }, () => []);
  for (const p of json.pages ?? []) {
    const page = dict(p.object);
    const list = links[p.pageposfrom1 - 1];
    if (!page || !list) continue;
    const view = box(inherited(page, '/CropBox')) ?? box(inherited(page, '/MediaBox')) ?? [0, 0, 612, 792];
    const rotate = ((((Number(inherited(page, '/Rotate') ?? 0) || 0) % 360) + 360) % 360) as 0 | 90 | 180 | 270;
    for (const ref of array(page['/Annots'])) {
      const annot = dict(ref);
      if (!annot || deref(annot['/Subtype']) !== '/Link') continue;
      const rect = box(annot['/Rect']);
      if (!rect) continue;
      const action = dict(annot['/A']);
      const kind = deref(action?.['/S']);
      let link: Omit<PageLink, 'rect'> | undefined;
      if (kind === '/URI') {
        const url = text(action?.['/URI']);
        if (url && /^(https?:|mailto:)/i.test(url)) link = { url };
      } else {
        const target = kind === '/GoTo' ? destPage(action?.['/D']) : destPage(annot['/Dest']);
        if (target !== undefined) link = { page: target };
      }
      if (link) list.push({ rect: relativeRect(rect, view, rotate), ...link });
    }
  }
  return { direction, outline: outline(json.outlines, 0), links };
}

/** A PDF rectangle (user space) as fractions of the displayed page, origin top left. */
export function relativeRect(rect: number[], view: number[], rotate: 0 | 90 | 180 | 270): [number, number, number, number] {
  const [vx1, vy1, vx2, vy2] = [
    Math.min(view[0]!, view[2]!),
    Math.min(view[1]!, view[3]!),
    Math.max(view[0]!, view[2]!),
    Math.max(view[1]!, view[3]!),
  ];
  const w = vx2 - vx1 || 1;
  const h = vy2 - vy1 || 1;
  // Unrotated fractions with y down, then the page's clockwise rotation.
  const corner = (x: number, y: number): [number, number] => {
    const fx = (x - vx1) / w;
    const fy = (vy2 - y) / h;
    if (rotate === 90) return [1 - fy, fx];
    if (rotate === 180) return [1 - fx, 1 - fy];
    if (rotate === 270) return [fy, 1 - fx];
    return [fx, fy];
  };
  const a = corner(rect[0]!, rect[1]!);
  const b = corner(rect[2]!, rect[3]!);
  const clamp = (n: number) => Math.min(1, Math.max(0, n));
  const left = clamp(Math.min(a[0], b[0]));
  const top = clamp(Math.min(a[1], b[1]));
  const round = (n: number) => Math.round(n * 10_000) / 10_000;
  return [round(left), round(top), round(clamp(Math.max(a[0], b[0])) - left), round(clamp(Math.max(a[1], b[1])) - top)];
}
