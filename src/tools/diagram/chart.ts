/**
 * A statechart as boxes and arrows for the Storybook machine pages (laid out by layout.ts, drawn by
 * stories/machines/MachineChart.tsx). Built by walking `machine.root`:
 *
 * - the machine is the outer box; compound states hold their children, an initial dot points to the
 *   initial child; parallel states hold one dashed box per region; final states have a double border;
 *   history states are a small "H"/"H*";
 * - a box lists what the state does besides moving: invoked actors ("runs load triggers"), entry and
 *   exit actions, and the transitions that stay in the state (targetless or to itself: "set code /
 *   set code");
 * - a transition declared on a compound state towards one of its own descendants (taken from any
 *   state inside) is listed in the box with its target ("select tab [tab is login] → login");
 * - every other transition is an arrow labelled with the event, the guard and the actions, in words
 *   (humanize.ts); one towards an ancestor ends at the ancestor's initial dot (layered layouts cannot
 *   route an edge between a box and its own contents);
 * - each transition carries a key (`transitionKey`) that identifies it in any running copy of the
 *   machine, so the page can tell which arrows the current state can take and send their events.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { type EventLabels, type HumanTransition, humanizeAction, humanizeTransition, words } from './humanize';

export type ChartNodeKind = 'machine' | 'state' | 'compound' | 'parallel' | 'region' | 'final' | 'history' | 'initial';

export interface ChartLine {
  text: string;
  kind: 'invoke' | 'entry' | 'exit' | 'internal';
  /** For `internal` lines: the transition (see `transitionKey`). */
  transition?: string;
  label?: HumanTransition;
}

export interface ChartNode {
  /** DOM-safe, unique in the chart. */
  id: string;
  kind: ChartNodeKind;
  /** The XState state node id (absent for initial dots). */
  stateId?: string;
  title: string;
  lines: ChartLine[];
  children: ChartNode[];
}

export interface ChartEdge {
  id: string;
  source: string;
  target: string;
  /** The transition (`transitionKey`); absent for the arrows out of initial dots. */
  transition?: string;
  label?: HumanTransition;
}

export interface Chart {
  root: ChartNode;
  edges: ChartEdge[];
  /** Chart node id of each XState state node id. */
  nodeOfState: Record<string, string>;
}

/**
 * Identifies a transition across copies of a machine (`inertMachine` builds new state nodes):
 * source state id, event descriptor and position among that source's transitions for it.
 */
export function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source as AnyStateNode;
  const list = t.eventType === '' ? (source.always ?? []) : (source.transitions.get(t.eventType) ?? []);
  return `${source.id}|${t.eventType}|${list.indexOf(t)}`;
}

const childrenOf = (node: AnyStateNode) => Object.values(node.states ?? {}) as AnyStateNode[];

function isAncestor(ancestor: AnyStateNode, node: AnyStateNode): boolean {
  for (let p = node.parent as AnyStateNode | undefined; p; p = p.parent as AnyStateNode | undefined) if (p === ancestor) return true;
  return false;
}

/** `target`'s path below `ancestor`: "login", "login.editing". */
const relativeName = (ancestor: AnyStateNode, target: AnyStateNode) => target.path.slice(ancestor.path.length).join('.');

const invokeIds = (node: AnyStateNode) => (node.invoke ?? []).map((inv: { id: string; src: unknown }) => inv.id);

function actionNames(actions: readonly unknown[] | undefined): string[] {
  return (actions ?? []).map(humanizeAction).filter((a): a is string => Boolean(a));
}

export interface ChartOptions {
  title?: string;
  eventLabels?: EventLabels;
}

export function buildChart(machine: AnyStateMachine, options: ChartOptions = {}): Chart {
  const root = machine.root as AnyStateNode;
  const nodes = new Map<AnyStateNode, ChartNode>();
  const nodeOfState: Record<string, string> = {};
  const edges: ChartEdge[] = [];
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}${counter++}`;

  const kindOf = (node: AnyStateNode, parent: AnyStateNode | undefined): ChartNodeKind => {
    if (node === root) return 'machine';
    if (node.type === 'history') return 'history';
    if (node.type === 'final') return 'final';
    if (node.type === 'parallel') return 'parallel';
    if (parent?.type === 'parallel') return 'region';
    return childrenOf(node).length ? 'compound' : 'state';
  };

  const build = (node: AnyStateNode, parent?: AnyStateNode): ChartNode => {
    const kind = kindOf(node, parent);
    const title =
      kind === 'machine' ? (options.title ?? machine.id) : kind === 'history' ? (node.history === 'deep' ? 'H*' : 'H') : String(node.key);
    const lines: ChartLine[] = [];
    for (const id of invokeIds(node)) lines.push({ kind: 'invoke', text: `runs ${words(id)}` });
    const entry = actionNames(node.entry);
    if (entry.length) lines.push({ kind: 'entry', text: `on entry / ${entry.join(', ')}` });
    const exit = actionNames(node.exit);
    if (exit.length) lines.push({ kind: 'exit', text: `on exit / ${exit.join(', ')}` });
    const chartNode: ChartNode = { id: nextId('n'), kind, stateId: node.id, title, lines, children: [] };
    nodes.set(node, chartNode);
    nodeOfState[node.id] = chartNode.id;
    for (const child of childrenOf(node)) chartNode.children.push(build(child, node));
    return chartNode;
  };
  const chartRoot = build(root);

  // Initial dots: every compound state with an initial child; created on demand for the others.
  const initialDots = new Map<AnyStateNode, ChartNode>();
  const initialDot = (node: AnyStateNode): ChartNode => {
    const known = initialDots.get(node);
    if (known) return known;
    const dot: ChartNode = { id: nextId('i'), kind: 'initial', title: 'start', lines: [], children: [] };
    initialDots.set(node, dot);
    nodes.get(node)!.children.unshift(dot);
    const first = node.initial?.target?.[0] as AnyStateNode | undefined;
    const targets = first ? [first] : node.type === 'parallel' ? childrenOf(node) : [];
    for (const target of targets) edges.push({ id: nextId('e'), source: dot.id, target: chartId(target) });
    return dot;
  };
  const chartId = (node: AnyStateNode) => nodes.get(node)!.id;

  const walkInitials = (node: AnyStateNode) => {
    if (node.type === 'compound' && node.initial?.target?.length) initialDot(node);
    for (const child of childrenOf(node)) walkInitials(child);
  };
  walkInitials(root);

  const addTransition = (t: AnyTransitionDefinition) => {
    const source = t.source as AnyStateNode;
    const key = transitionKey(t);
    const label = humanizeTransition(t, options.eventLabels);
    const targets = (t.target as AnyStateNode[] | undefined) ?? [];
    const text = [label.event.text, label.guard ? `[${label.guard}]` : '', label.actions.length ? `/ ${label.actions.join(', ')}` : '']
      .filter(Boolean)
      .join(' ');
    const node = nodes.get(source) as ChartNode;
    const outward = targets.filter((target) => target !== source);
    if (!outward.length) {
      // Stays in the state (or re-enters it): listed inside its box.
      const again = targets.length && t.reenter ? ' ↻' : '';
      node.lines.push({ kind: 'internal', text: `${text}${again}`, transition: key, label });
      return;
    }
    // From a box to its own contents (taken in any state inside): listed in the box with the target,
    // instead of arrows across the whole box.
    const inside = outward.filter((target) => isAncestor(source, target));
    if (inside.length) {
      const to = inside.map((target) => relativeName(source, target)).join(', ');
      node.lines.push({ kind: 'internal', text: `${text} → ${to}`, transition: key, label });
    }
    for (const target of outward.filter((x) => !inside.includes(x))) {
      const to = isAncestor(target, source) ? initialDot(target).id : chartId(target);
      edges.push({ id: nextId('e'), source: chartId(source), target: to, transition: key, label });
    }
  };
  const collect = (node: AnyStateNode) => {
    for (const list of node.transitions.values()) for (const t of list) addTransition(t);
    for (const t of node.always ?? []) addTransition(t);
    for (const child of childrenOf(node)) collect(child);
  };
  collect(root);

  return { root: chartRoot, edges, nodeOfState };
}

/** Every node of the chart, depth first. */
export function chartNodes(node: ChartNode): ChartNode[] {
  return [node, ...node.children.flatMap(chartNodes)];
}
