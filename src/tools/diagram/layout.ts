/**
 * Lays a chart (chart.ts) out at natural size with ELK's layered algorithm (elkjs): boxes nested
 * as in the statechart (hierarchy handled in one pass, so arrows may cross box borders), orthogonal
 * arrows, labels placed by ELK beside their arrows, every coordinate absolute. Text sizes are fixed
 * here (never below 12 px at 100 %): the viewer shows the result 1:1 and lets people pan and zoom
 * instead of shrinking the picture to the page width.
 */
import ELK, { type ElkExtendedEdge, type ElkNode } from 'elkjs/lib/elk.bundled.js';
import { type Chart, type ChartEdge, type ChartLine, type ChartNode, chartNodes } from './chart';
import { eventText, type HumanTransition } from './humanize';

export const TYPE = {
  title: { size: 15, weight: 600, lineHeight: 20 },
  body: { size: 13, weight: 400, lineHeight: 18 },
  label: { size: 13, weight: 400, lineHeight: 17 },
  event: { size: 13, weight: 600, lineHeight: 17 },
} as const;
export type TextStyle = keyof typeof TYPE;
export const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** Width in px of `text` in a style; the browser measures with a canvas, tests estimate. */
export type Measure = (text: string, style: TextStyle) => number;
export const estimateWidth: Measure = (text, style) => text.length * TYPE[style].size * (TYPE[style].weight > 400 ? 0.6 : 0.55);

const PAD_X = 12;
const PAD_Y = 8;
const LABEL_PAD = 4;
const WRAP = 40;
/** Lines inside boxes may run longer: a box is wide anyway. */
const WRAP_BOX = 64;

export interface TextRow {
  text: string;
  style: TextStyle;
  /** Set on rows of an internal transition line. */
  line?: ChartLine;
  /** Greyed suffix after the text (the origin of an event). */
  note?: string;
  /** Measured width with the note (set by layoutChart). */
  width?: number;
}

export interface PlacedNode {
  node: ChartNode;
  x: number;
  y: number;
  width: number;
  height: number;
  rows: TextRow[];
  /** Nesting depth (0 = the machine box). */
  depth: number;
}

export interface PlacedEdge {
  edge: ChartEdge;
  points: { x: number; y: number }[];
  label?: { x: number; y: number; width: number; height: number; rows: TextRow[] };
}

export interface ChartLayout {
  width: number;
  height: number;
  nodes: PlacedNode[];
  edges: PlacedEdge[];
}

/** Splits text into rows of at most `max` characters at spaces (a longer word stays whole). */
export function wrap(text: string, max = WRAP): string[] {
  const rows: string[] = [];
  let row = '';
  for (const word of text.split(' ')) {
    if (row && row.length + 1 + word.length > max) {
      rows.push(row);
      row = `  ${word}`;
    } else row = row ? `${row} ${word}` : word;
  }
  if (row) rows.push(row);
  return rows;
}

/** The rows of an arrow's label: the event (origin as a note), then [guard], then / actions. */
export function labelRows(label: HumanTransition): TextRow[] {
  const rows: TextRow[] = [{ text: label.event.text, style: 'event', ...(label.event.origin ? { note: label.event.origin } : {}) }];
  if (label.guard) for (const text of wrap(`[${label.guard}]`)) rows.push({ text, style: 'label' });
  if (label.actions.length) for (const text of wrap(`/ ${label.actions.join(', ')}`)) rows.push({ text, style: 'label' });
  return rows;
}

function nodeRows(node: ChartNode): TextRow[] {
  if (node.kind === 'initial' || node.kind === 'history') return [];
  const rows: TextRow[] = [{ text: node.title, style: 'title' }];
  for (const line of node.lines) {
    if (line.kind === 'internal' && line.label) {
      const [first, ...rest] = wrap(line.text, WRAP_BOX);
      rows.push({ text: first ?? '', style: 'body', line, ...(line.label.event.origin ? { note: line.label.event.origin } : {}) });
      for (const text of rest) rows.push({ text, style: 'body', line });
    } else for (const text of wrap(line.text, WRAP_BOX)) rows.push({ text, style: 'body', line });
  }
  return rows;
}

export const NOTE_GAP = 6;
const rowWidth = (row: TextRow, measure: Measure) => measure(row.text, row.style) + (row.note ? NOTE_GAP + measure(row.note, 'label') : 0);
const rowsSize = (rows: TextRow[], measure: Measure) => ({
  width: Math.max(0, ...rows.map((r) => rowWidth(r, measure))),
  height: rows.reduce((h, r) => h + TYPE[r.style].lineHeight, 0),
});

const INITIAL_SIZE = 14;
const HISTORY_SIZE = 30;

/** Options of every graph level (ELK reads spacing per level, also with the hierarchy handled at once). */
const BASE_OPTIONS: Record<string, string> = {
  'elk.direction': 'DOWN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.edgeLabels.placement': 'CENTER',
  'elk.spacing.nodeNode': '28',
  'elk.spacing.edgeNode': '16',
  'elk.spacing.edgeEdge': '12',
  'elk.spacing.edgeLabel': '4',
  'elk.spacing.labelLabel': '6',
  'elk.layered.spacing.nodeNodeBetweenLayers': '36',
  'elk.layered.spacing.edgeNodeBetweenLayers': '16',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '12',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
};

export async function layoutChart(
  chart: Chart,
  measure: Measure = estimateWidth,
  extra: Record<string, string> = {},
): Promise<ChartLayout> {
  const shared = { ...BASE_OPTIONS, ...extra };
  const rowsOf = new Map<ChartNode, TextRow[]>();
  const depthOf = new Map<string, number>();
  const byId = new Map<string, ChartNode>();
  const toElk = (node: ChartNode, depth: number): ElkNode => {
    byId.set(node.id, node);
    depthOf.set(node.id, depth);
    const rows = nodeRows(node).map((row) => ({ ...row, width: rowWidth(row, measure) }));
    rowsOf.set(node, rows);
    const size = rowsSize(rows, measure);
    if (node.kind === 'initial') return { id: node.id, width: INITIAL_SIZE, height: INITIAL_SIZE };
    if (node.kind === 'history') return { id: node.id, width: HISTORY_SIZE, height: HISTORY_SIZE };
    const width = Math.ceil(size.width + 2 * PAD_X);
    const height = Math.ceil(size.height + 2 * PAD_Y);
    if (!node.children.length) return { id: node.id, width: Math.max(width, 64), height: Math.max(height, 36) };
    return {
      id: node.id,
      layoutOptions: {
        ...shared,
        'elk.padding': `[top=${height + 12},left=${PAD_X + 4},bottom=${PAD_X + 4},right=${PAD_X + 4}]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${width}, ${height + 24})`,
      },
      children: node.children.map((c) => toElk(c, depth + 1)),
    };
  };

  const labelRowsOf = new Map<string, TextRow[]>();
  const elkEdges: ElkExtendedEdge[] = chart.edges.map((edge) => {
    const rows = edge.label ? labelRows(edge.label) : [];
    labelRowsOf.set(edge.id, rows);
    const size = rowsSize(rows, measure);
    return {
      id: edge.id,
      sources: [edge.source],
      targets: [edge.target],
      labels: rows.length
        ? [
            {
              id: `${edge.id}-label`,
              text: rows.map((r) => r.text).join('\n'),
              width: size.width + 2 * LABEL_PAD,
              height: size.height + 2 * LABEL_PAD,
            },
          ]
        : [],
    };
  });

  const graph: ElkNode = {
    id: 'chart-root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.edgeCoords': 'ROOT',
      'elk.json.shapeCoords': 'ROOT',
      // Keeps the declaration order where it costs nothing (set per level, it breaks ELK 0.12).
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      ...shared,
      'elk.padding': '[top=8,left=8,bottom=8,right=8]',
    },
    children: [toElk(chart.root, 0)],
    edges: elkEdges,
  };

  const result = await new ELK().layout(graph);

  const nodes: PlacedNode[] = [];
  const visit = (elk: ElkNode) => {
    const node = byId.get(elk.id);
    if (node) {
      nodes.push({
        node,
        x: elk.x ?? 0,
        y: elk.y ?? 0,
        width: elk.width ?? 0,
        height: elk.height ?? 0,
        rows: rowsOf.get(node) ?? [],
        depth: depthOf.get(elk.id) ?? 0,
      });
    }
    for (const child of elk.children ?? []) visit(child);
  };
  visit(result);

  const edgeById = new Map(chart.edges.map((e) => [e.id, e]));
  const edges: PlacedEdge[] = (result.edges ?? []).map((elk) => {
    const edge = edgeById.get(elk.id)!;
    const points = (elk.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]);
    const l = elk.labels?.[0];
    const rows = labelRowsOf.get(elk.id) ?? [];
    return {
      edge,
      points,
      ...(l && rows.length ? { label: { x: l.x ?? 0, y: l.y ?? 0, width: l.width ?? 0, height: l.height ?? 0, rows } } : {}),
    };
  });
  return { width: Math.ceil(result.width ?? 0), height: Math.ceil(result.height ?? 0), nodes, edges };
}

/** Plain text of a label (aria labels, titles). */
export function edgeText(edge: ChartEdge): string {
  if (!edge.label) return 'start';
  const { guard, actions } = edge.label;
  return `${eventText(edge.label.event)}${guard ? ` [${guard}]` : ''}${actions.length ? ` / ${actions.join(', ')}` : ''}`;
}

export { chartNodes };
