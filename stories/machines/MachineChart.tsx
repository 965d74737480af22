/**
 * The statechart of a machine page, drawn as SVG from the ELK layout (src/tools/diagram/layout.ts)
 * at natural size (text 12–15 px at 100 %) inside a pannable, zoomable viewport (d3-zoom):
 * drag or arrow keys move, the wheel, + and − zoom, 0 returns to 100 %, F fits the whole chart.
 * Active states are highlighted; arrows (and lines inside boxes) the current state can take are
 * blue buttons: clicking one, or Enter/Space on it, sends its event to the simulation.
 */
import { select } from 'd3-selection';
import { type ZoomBehavior, type ZoomTransform, zoom, zoomIdentity, zoomTransform } from 'd3-zoom';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type ChartLayout, edgeText, FONT_FAMILY, NOTE_GAP, type PlacedNode, type TextRow, TYPE } from '../../src/tools/diagram/layout';

export interface MachineChartProps {
  layout: ChartLayout;
  /** XState ids of the active state nodes. */
  active: ReadonlySet<string>;
  /** Transition keys the current state can take (chart.ts `transitionKey`). */
  enabled: ReadonlySet<string>;
  onTake: (transition: string) => void;
  label: string;
}

const MIN_SCALE = 0.1;
const MAX_SCALE = 4;
const STEP = 1.25;
const PAN = 80;
const MARGIN = 16;

/** Canvas text measurement with the chart's fonts (for layoutChart). */
export function canvasMeasure(): (text: string, style: keyof typeof TYPE) => number {
  const ctx = document.createElement('canvas').getContext('2d');
  const cache = new Map<string, number>();
  return (text, style) => {
    const key = `${style}\u0000${text}`;
    const known = cache.get(key);
    if (known !== undefined) return known;
    if (!ctx) return text.length * TYPE[style].size * 0.6;
    ctx.font = `${TYPE[style].weight} ${TYPE[style].size}px ${FONT_FAMILY}`;
    const width = Math.ceil(ctx.measureText(text).width) + 1;
    cache.set(key, width);
    return width;
  };
}

function Rows({
  rows,
  x,
  y,
  width,
  align,
  enabled,
  onTake,
}: {
  rows: TextRow[];
  x: number;
  y: number;
  width: number;
  align: 'start' | 'middle';
  enabled?: ReadonlySet<string>;
  onTake?: (transition: string) => void;
}) {
  let top = y;
  const out: ReactNode[] = [];
  rows.forEach((row, i) => {
    const style = TYPE[row.style];
    const cy = top + style.lineHeight / 2;
    top += style.lineHeight;
    const tx = align === 'middle' ? x + width / 2 : x;
    const text = (
      <text
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
        key={`t${i}`}
        x={tx}
        y={cy}
        dominantBaseline="central"
        textAnchor={align}
        className={`qm-t qm-t-${row.style}`}
        fontSize={style.size}
        fontWeight={style.weight}
      >
        {row.text}
        {row.note && (
          <tspan className="qm-t-note" fontSize={TYPE.label.size} fontWeight={400} dx={NOTE_GAP}>
            {row.note}
          </tspan>
        )}
      </text>
    );
    const transition = row.line?.transition;
    if (transition && enabled?.has(transition) && onTake) {
      out.push(
        // biome-ignore lint/a11y/useSemanticElements: SVG content cannot hold an HTML <button>.
        <g
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
          key={`b${i}`}
          className="qm-take"
          role="button"
          tabIndex={0}
          aria-label={`Send: ${row.line?.text}`}
          data-transition={transition}
          onClick={() => onTake(transition)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              e.stopPropagation();
              onTake(transition);
            }
          }}
        >
          <rect x={x - 4} y={cy - style.lineHeight / 2} width={Math.min(width, row.width ?? width) + 8} height={style.lineHeight} rx={3} />
          {text}
        </g>,
      );
    } else out.push(text);
  });
  return <>{out}</>;
}

function NodeShape({
  placed,
  active,
  enabled,
  onTake,
}: {
  placed: PlacedNode;
  active: boolean;
  enabled: ReadonlySet<string>;
  onTake: (transition: string) => void;
}) {
  const { node, x, y, width, height, rows, depth } = placed;
  const cls = `qm-node qm-node-${node.kind}${active ? ' is-active' : ''}${depth % 2 ? ' is-odd' : ''}`;
  const common = { 'data-node': node.id, 'data-state': node.stateId, className: cls };
  if (node.kind === 'initial') {
    return (
      <g {...common}>
        <circle cx={x + width / 2} cy={y + height / 2} r={width / 2} />
      </g>
    );
  }
  if (node.kind === 'history') {
    return (
      <g {...common}>
        <circle cx={x + width / 2} cy={y + height / 2} r={width / 2} />
        <text
          x={x + width / 2}
          y={y + height / 2}
          dominantBaseline="central"
          textAnchor="middle"
          className="qm-t qm-t-title"
          fontSize={TYPE.body.size}
        >
          {node.title}
        </text>
      </g>
    );
  }
  const container = node.children.length > 0;
  const centered = !container && rows.length === 1;
  const radius = container ? 10 : 8;
  return (
    <g {...common}>
      <rect x={x} y={y} width={width} height={height} rx={radius} />
      {node.kind === 'final' && (
        <rect className="qm-final-inner" x={x + 4} y={y + 4} width={width - 8} height={height - 8} rx={radius - 3} />
      )}
      {container && rows.length > 1 && (
        <line
          className="qm-divider"
          x1={x}
          x2={x + width}
          y1={y + 8 + rows.reduce((h, r) => h + TYPE[r.style].lineHeight, 0) + 4}
          y2={y + 8 + rows.reduce((h, r) => h + TYPE[r.style].lineHeight, 0) + 4}
        />
      )}
      <Rows
        rows={rows}
        x={x + 12}
        y={y + (centered ? (height - TYPE.title.lineHeight) / 2 : 8)}
        width={width - 24}
        align={centered ? 'middle' : 'start'}
        enabled={enabled}
        onTake={onTake}
      />
    </g>
  );
}

const boxOf = (nodes: PlacedNode[]) => {
  const x = Math.min(...nodes.map((p) => p.x));
  const y = Math.min(...nodes.map((p) => p.y));
  return { x, y, width: Math.max(...nodes.map((p) => p.x + p.width)) - x, height: Math.max(...nodes.map((p) => p.y + p.height)) - y };
};

/**
 * What to keep in view: the placed active leaf states, or, when parallel regions spread them wider
 * than a viewport (FOCUS_MAX), the one in the biggest region.
 */
function focusBox(layout: ChartLayout, active: ReadonlySet<string>) {
  const leaves = layout.nodes.filter((p) => p.node.stateId && active.has(p.node.stateId) && !p.node.children.some((c) => c.stateId));
  if (!leaves.length) return undefined;
  const all = boxOf(leaves);
  if (all.width <= FOCUS_MAX.width && all.height <= FOCUS_MAX.height) return all;
  // The leaf of the biggest region is the one the machine is mostly about (book list: the list).
  const parentArea = (leaf: PlacedNode) => {
    const parent = layout.nodes.find((p) => p.node.children.includes(leaf.node));
    return parent ? parent.width * parent.height : 0;
  };
  const main = leaves.reduce((best, leaf) => (parentArea(leaf) > parentArea(best) ? leaf : best));
  return boxOf([main]);
}
const FOCUS_MAX = { width: 800, height: 500 };

type ViewAction = 'in' | 'out' | 'home' | 'whole' | [number, number];
const KEYS = new Map<string, ViewAction>([
  ['+', 'in'],
  ['=', 'in'],
  ['-', 'out'],
  ['_', 'out'],
  ['0', 'home'],
  ['f', 'whole'],
  ['F', 'whole'],
  ['ArrowLeft', [PAN, 0]],
  ['ArrowRight', [-PAN, 0]],
  ['ArrowUp', [0, PAN]],
  ['ArrowDown', [0, -PAN]],
]);

const pathOf = (points: { x: number; y: number }[]) => points.map((p, i) => `${i ? 'L' : 'M'}${p.x},${p.y}`).join(' ');

export function MachineChart({ layout, active, enabled, onTake, label }: MachineChartProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const sceneRef = useRef<SVGGElement>(null);
  const zoomRef = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  const [scale, setScale] = useState(1);
  const uid = useId().replace(/[^A-Za-z0-9_-]/g, '');
  const helpId = `${uid}-help`;
  const arrowId = `${uid}-arrow`;
  const arrowOnId = `${uid}-arrow-on`;

  const apply = useCallback((t: ZoomTransform) => {
    sceneRef.current?.setAttribute('transform', t.toString());
    setScale(t.k);
  }, []);

  // The box around the active leaf states (read through a ref so that moving on does not reset the view).
  const focus = useMemo(() => focusBox(layout, active), [layout, active]);
  const focusRef = useRef(focus);
  focusRef.current = focus;

  /**
   * 100 %, with the active state in the middle of the viewport (the whole chart centred when it is
   * smaller than the viewport), never scrolled past the chart's edges.
   */
  const home = useCallback(() => {
    const svg = svgRef.current;
    if (!svg) return zoomIdentity;
    const { width, height } = svg.getBoundingClientRect();
    const along = (view: number, size: number, centre: number | undefined) => {
      if (size + 2 * MARGIN <= view || centre === undefined) return size + 2 * MARGIN <= view ? (view - size) / 2 : MARGIN;
      return Math.min(MARGIN, Math.max(view - size - MARGIN, view / 2 - centre));
    };
    const box = focusRef.current;
    return zoomIdentity.translate(
      Math.round(along(width, layout.width, box && box.x + box.width / 2)),
      Math.round(along(height, layout.height, box && box.y + box.height / 2)),
    );
  }, [layout]);

  const fitAll = useCallback(() => {
    const svg = svgRef.current;
    if (!svg) return zoomIdentity;
    const { width, height } = svg.getBoundingClientRect();
    const k = Math.min((width - 2 * MARGIN) / layout.width, (height - 2 * MARGIN) / layout.height, 1);
    return zoomIdentity.translate((width - layout.width * k) / 2, (height - layout.height * k) / 2).scale(k);
  }, [layout]);

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const behavior = zoom<SVGSVGElement, unknown>()
      .scaleExtent([MIN_SCALE, MAX_SCALE])
      .on('zoom', (e: { transform: ZoomTransform }) => apply(e.transform));
    zoomRef.current = behavior;
    const selection = select(svg);
    selection.call(behavior).on('dblclick.zoom', null);
    selection.call(behavior.transform, home());
    return () => {
      selection.on('.zoom', null);
    };
  }, [apply, home]);

  // After a step, bring the new active state into view when it is outside (same zoom).
  useEffect(() => {
    const svg = svgRef.current;
    const behavior = zoomRef.current;
    if (!svg || !behavior || !focus) return;
    const t = zoomTransform(svg);
    const { width, height } = svg.getBoundingClientRect();
    const [x0, y0] = t.apply([focus.x, focus.y]);
    const [x1, y1] = t.apply([focus.x + focus.width, focus.y + focus.height]);
    if (x0 >= 0 && y0 >= 0 && x1 <= width && y1 <= height) return;
    behavior.translateBy(select(svg), (width / 2 - (x0 + x1) / 2) / t.k, (height / 2 - (y0 + y1) / 2) / t.k);
  }, [focus]);

  const act = useCallback(
    (what: ViewAction) => {
      const svg = svgRef.current;
      const behavior = zoomRef.current;
      if (!svg || !behavior) return;
      const selection = select(svg);
      if (what === 'in') behavior.scaleBy(selection, STEP);
      else if (what === 'out') behavior.scaleBy(selection, 1 / STEP);
      else if (what === 'home') behavior.transform(selection, home());
      else if (what === 'whole') behavior.transform(selection, fitAll());
      else {
        const k = scale || 1;
        behavior.translateBy(selection, what[0] / k, what[1] / k);
      }
    },
    [home, fitAll, scale],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const what = KEYS.get(e.key);
    if (!what) return;
    e.preventDefault();
    act(what);
  };

  const nodes = useMemo(() => [...layout.nodes].sort((a, b) => a.depth - b.depth), [layout]);
  // The arrow of the label under the pointer (or focused) is drawn in bold: labels sit beside their arrows.
  const [hovered, setHovered] = useState<string | null>(null);

  return (
    <figure className="qm-chart">
      <div className="qm-chart-tools" role="toolbar" aria-label="Diagram view" aria-controls={`${uid}-viewport`}>
        <button type="button" onClick={() => act('out')} aria-label="Zoom out" title="Zoom out (−)">
          −
        </button>
        <output className="qm-zoom" aria-live="polite" aria-label="Zoom level">
          {Math.round(scale * 100)}%
        </output>
        <button type="button" onClick={() => act('in')} aria-label="Zoom in" title="Zoom in (+)">
          +
        </button>
        <button type="button" onClick={() => act('home')} title="Actual size, on the active state (0)">
          100%
        </button>
        <button type="button" onClick={() => act('whole')} title="Fit the whole diagram (F)">
          Fit
        </button>
        <span className="qm-legend">
          <span className="qm-legend-active">active state</span>
          <span className="qm-legend-take">takes an event now: click to send</span>
        </span>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a focusable group of SVG content, not a form fieldset. */}
      <div
        id={`${uid}-viewport`}
        className="qm-chart-viewport"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the viewport takes the pan and zoom keys.
        tabIndex={0}
        role="group"
        aria-roledescription="zoomable diagram"
        aria-label={label}
        aria-describedby={helpId}
        onKeyDown={onKeyDown}
      >
        <svg ref={svgRef} className="qm-chart-svg" data-testid="machine-diagram-svg" fontFamily={FONT_FAMILY}>
          <title>{label}</title>
          <defs>
            <marker id={arrowId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="9" markerHeight="9" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" className="qm-arrowhead" />
            </marker>
            <marker id={arrowOnId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="9" markerHeight="9" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" className="qm-arrowhead is-on" />
            </marker>
          </defs>
          <g ref={sceneRef} className="qm-scene">
            {nodes.map((placed) => (
              <NodeShape
                key={placed.node.id}
                placed={placed}
                active={Boolean(placed.node.stateId && active.has(placed.node.stateId))}
                enabled={enabled}
                onTake={onTake}
              />
            ))}
            {layout.edges.map(({ edge, points }) => {
              const on = Boolean(edge.transition && enabled.has(edge.transition));
              return (
                <g
                  key={edge.id}
                  className={`qm-edge${on ? ' is-on' : ''}${edge.label ? '' : ' is-start'}${hovered === edge.id ? ' is-hover' : ''}`}
                >
                  <path d={pathOf(points)} markerEnd={`url(#${on ? arrowOnId : arrowId})`} />
                  {on && edge.transition && (
                    // A wider invisible stroke makes the arrow itself easy to click (the label is the keyboard button).
                    // biome-ignore lint/a11y/noStaticElementInteractions: mouse convenience beside the label's button.
                    <path className="qm-edge-hit" d={pathOf(points)} onClick={() => edge.transition && onTake(edge.transition)} />
                  )}
                </g>
              );
            })}
            {layout.edges.map(({ edge, label: box }) => {
              if (!box) return null;
              const on = Boolean(edge.transition && enabled.has(edge.transition));
              const text = edgeText(edge);
              const take = () => edge.transition && onTake(edge.transition);
              return (
                // biome-ignore lint/a11y/noStaticElementInteractions: hover only highlights the arrow; a takeable label is a button.
                <g
                  key={`${edge.id}-label`}
                  className={`qm-label${on ? ' is-on' : ''}`}
                  data-transition={edge.transition}
                  data-edge={edge.id}
                  onMouseEnter={() => setHovered(edge.id)}
                  onMouseLeave={() => setHovered(null)}
                  onFocus={() => setHovered(edge.id)}
                  onBlur={() => setHovered(null)}
                  {...(on
                    ? {
                        role: 'button',
                        tabIndex: 0,
                        'aria-label': `Send: ${text}`,
                        onClick: take,
                        onKeyDown: (e: KeyboardEvent<SVGGElement>) => {
                          if (e.key === 'Enter' || e.key === ' ') {
                            e.preventDefault();
                            e.stopPropagation();
                            take();
                          }
                        },
                      }
                    : {})}
                >
                  <title>{text}</title>
                  <rect x={box.x} y={box.y} width={box.width} height={box.height} rx={4} />
                  <Rows rows={box.rows} x={box.x + 4} y={box.y + 4} width={box.width - 8} align="start" />
                </g>
              );
            })}
          </g>
        </svg>
      </div>
      <p id={helpId} className="qm-help">
        Drag or use the arrow keys to move, the mouse wheel or + and − to zoom, 0 for actual size, F to fit. Blue labels are events the
        current state takes: click one (or Tab to it and press Enter) to send it.
      </p>
    </figure>
  );
}
