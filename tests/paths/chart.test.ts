/** The statechart as boxes and arrows (src/tools/diagram/chart.ts) and its ELK layout (layout.ts). */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { machines } from '../../machines';
import { buildChart, type ChartNode, chartNodes, transitionKey } from '../../src/tools/diagram/chart';
import { labelRows, layoutChart, TYPE, wrap } from '../../src/tools/diagram/layout';
import { inertMachine } from '../../src/tools/diagram/simulate';
import { kitchenSinkMachine } from './fixtures/kitchen-sink.machine';

const chart = buildChart(kitchenSinkMachine, { title: 'Kitchen sink' });
const all = chartNodes(chart.root);
const byState = (id: string) => all.find((n) => n.stateId === id) as ChartNode;
const edgeLabels = (from: ChartNode, to: ChartNode) =>
  chart.edges.filter((e) => e.source === from.id && e.target === to.id).map((e) => e.label?.event.text);

describe('buildChart', () => {
  it('nests states in boxes, regions in a parallel state, with initial dots', () => {
    expect(chart.root).toMatchObject({ kind: 'machine', title: 'Kitchen sink', stateId: 'sink' });
    expect(byState('sink.panel').kind).toBe('compound');
    expect(byState('sink.panel.editor').kind).toBe('parallel');
    expect(byState('sink.panel.editor.bold').kind).toBe('region');
    expect(byState('sink.finished').kind).toBe('final');
    const dot = byState('sink.panel').children.find((c) => c.kind === 'initial') as ChartNode;
    expect(edgeLabels(dot, byState('sink.panel.wizard'))).toEqual([undefined]);
  });

  it('draws transitions as labelled arrows, listing those that stay inside the box', () => {
    expect(edgeLabels(byState('sink.idle'), byState('sink.checking'))).toEqual(['check']);
    expect(edgeLabels(byState('sink.high'), byState('sink.idle'))).toEqual(['after 500 ms']);
    expect(edgeLabels(byState('sink.loading'), byState('sink.idle'))).toEqual(['cancel', 'loader done']);
    expect(edgeLabels(byState('sink.loading'), byState('sink.failed'))).toEqual(['loader failed']);
    expect(edgeLabels(byState('sink.panel'), byState('sink.idle'))).toEqual(['panel close', 'finished']);
    const idle = byState('sink.idle');
    expect(idle.lines.map((l) => l.text)).toEqual(['inc [can inc] / inc', 'inc / note max', 'ping / ping ↻']);
    expect(byState('sink.loading').lines[0]).toMatchObject({ kind: 'invoke', text: 'runs loader' });
  });

  it('lists a transition from a box into its own contents in the box, with its target (never such an edge)', () => {
    expect(chart.root.lines).toContainEqual(
      expect.objectContaining({ kind: 'internal', text: 'app reset / reset → idle', transition: 'sink|app.reset|0' }),
    );
    const ids = new Map(all.map((n) => [n.id, n]));
    const contains = (outer: ChartNode, inner: ChartNode): boolean => outer.children.some((c) => c === inner || contains(c, inner));
    for (const edge of chart.edges) {
      const [a, b] = [ids.get(edge.source), ids.get(edge.target)];
      expect(a && b && !contains(a, b) && !contains(b, a)).toBe(true);
    }
  });

  it('keys transitions so a running inert copy of the machine finds them', () => {
    const actor = createActor(inertMachine(kitchenSinkMachine), { input: undefined }).start();
    const snapshot = actor.getSnapshot();
    const [taken] = snapshot.machine.getTransitionData(snapshot, { type: 'check' });
    if (!taken) throw new Error('no transition for check');
    const key = transitionKey(taken);
    expect(key).toBe('sink.idle|check|0');
    expect(chart.edges.find((e) => e.transition === key)?.target).toBe(byState('sink.checking').id);
    actor.stop();
  });
});

describe('layoutChart', () => {
  it('wraps long labels and puts the event first, its origin as a note', () => {
    expect(wrap('one two three four', 9)).toEqual(['one two', '  three', '  four']);
    expect(labelRows({ event: { text: 'submit', origin: 'user' }, guard: 'code valid', actions: ['clear error'] })).toEqual([
      { text: 'submit', style: 'event', note: 'user' },
      { text: '[code valid]', style: 'label' },
      { text: '/ clear error', style: 'label' },
    ]);
    for (const style of Object.values(TYPE)) expect(style.size).toBeGreaterThanOrEqual(12);
  });

  it('places every box inside its parent and routes every arrow, for every registered machine', { timeout: 120_000 }, async () => {
    for (const entry of machines) {
      const layout = await layoutChart(buildChart(entry.machine, { title: entry.title, eventLabels: entry.eventLabels }));
      const placed = new Map(layout.nodes.map((p) => [p.node.id, p]));
      for (const p of layout.nodes) {
        for (const child of p.node.children) {
          const c = placed.get(child.id);
          expect(c, `${entry.id}: ${child.title} placed`).toBeDefined();
          if (!c) continue;
          expect(
            c.x >= p.x && c.y >= p.y && c.x + c.width <= p.x + p.width + 0.5 && c.y + c.height <= p.y + p.height + 0.5,
            `${entry.id}: ${child.title} inside ${p.node.title}`,
          ).toBe(true);
        }
      }
      for (const e of layout.edges) expect(e.points.length, `${entry.id}: ${e.edge.id} routed`).toBeGreaterThanOrEqual(2);
      expect(layout.edges.filter((e) => e.edge.label).every((e) => e.label)).toBe(true);
    }
  });
});
