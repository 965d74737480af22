/** Mermaid generation (src/tools/diagram/mermaid.ts), checked line by line on the fixtures. */
import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { machines } from '../../machines';
import { activeStateNodes, escapeLabel, toMermaid } from '../../src/tools/diagram/mermaid';
import { kitchenSinkMachine } from './fixtures/kitchen-sink.machine';
import { amountMachine, lightMachine } from './fixtures/small.machines';

const lines = (text: string) => text.split('\n').map((l) => l.trim());

describe('toMermaid', () => {
  const text = toMermaid(kitchenSinkMachine);
  const l = lines(text);

  it('starts a stateDiagram-v2 and wraps a root that has its own transitions', () => {
    expect(l[0]).toBe('stateDiagram-v2');
    expect(l).toContain('[*] --> s_sink');
    expect(l).toContain('state s_sink {');
    expect(l).toContain('s_sink --> s_idle : app.reset');
  });

  it('nests compound states as blocks with their initial arrow', () => {
    expect(l).toContain('state "panel" as s_panel');
    expect(l).toContain('state s_panel {');
    expect(l).toContain('[*] --> s_panel_wizard');
    expect(l).toContain('state s_panel_wizard {');
    expect(l).toContain('[*] --> s_panel_wizard_step1');
    expect(l).toContain('s_panel_wizard_step1 --> s_panel_wizard_step2 : next');
  });

  it('splits parallel regions with --', () => {
    const start = l.indexOf('state s_panel_editor {');
    const bold = l.indexOf('state s_panel_editor_bold {');
    const sep = l.indexOf('--', bold);
    const italic = l.indexOf('state s_panel_editor_italic {');
    expect(start).toBeGreaterThan(0);
    expect(bold).toBeGreaterThan(start);
    expect(sep).toBeGreaterThan(bold);
    expect(italic).toBeGreaterThan(sep);
    expect(l).toContain('state "editor (invoke listener)" as s_panel_editor');
  });

  it('marks final states', () => {
    expect(l).toContain('s_panel_wizard_complete --> [*]');
    expect(l).toContain('s_finished --> [*]');
  });

  it('labels guards, after, always, invoke done/error, onDone and self transitions', () => {
    expect(l).toContain('s_idle --> s_idle : inc [canInc]');
    expect(l).toContain('s_idle --> s_idle : inc');
    expect(l).toContain('s_idle --> s_idle : ping');
    expect(l).toContain('s_checking --> s_high : always [isHigh]');
    expect(l).toContain('s_checking --> s_idle : always');
    expect(l).toContain('s_high --> s_idle : after 500ms');
    expect(l).toContain('s_mid --> s_idle : after patience');
    expect(l).toContain('s_loading --> s_idle : done#58; loader');
    expect(l).toContain('s_loading --> s_failed : error#58; loader');
    expect(l).toContain('s_loading : invoke loader');
    expect(l).toContain('s_panel_wizard --> s_panel_editor : done');
    expect(l).toContain('s_panel --> s_idle : panel.close');
  });

  it('writes an edge in the block of the nearest common ancestor', () => {
    const inner = l.indexOf('s_panel_wizard --> s_panel_editor : done');
    const panelOpen = l.indexOf('state s_panel {');
    const wizardOpen = l.indexOf('state s_panel_wizard {');
    const wizardClose = l.indexOf('}', wizardOpen);
    expect(inner).toBeGreaterThan(wizardClose);
    expect(inner).toBeGreaterThan(panelOpen);
  });

  it('does not wrap a root without transitions', () => {
    const t = lines(toMermaid(lightMachine));
    expect(t).toEqual(
      expect.arrayContaining(['[*] --> s_off', 'state "off" as s_off', 's_off --> s_on : turn.on', 's_on --> s_off : reset']),
    );
    expect(t.some((x) => x.includes('s_light'))).toBe(false);
  });

  it('wraps a parallel root, since Mermaid takes `--` only inside a block', () => {
    const parallel = setup({}).createMachine({
      id: 'both',
      type: 'parallel',
      states: { a: { initial: 'x', states: { x: {} } }, b: { initial: 'y', states: { y: {} } } },
    });
    const raw = toMermaid(parallel).split('\n');
    // At the top level the separator would sit at two spaces; inside the root's block it is deeper.
    expect(raw.filter((x) => x.trim() === '--')).toEqual(['    --']);
    expect(raw).toContain('  state s_both {');
  });

  it('highlights the active atomic states', () => {
    const t = lines(toMermaid(kitchenSinkMachine, { highlight: { panel: { editor: { bold: 'on', italic: 'off' } } } }));
    expect(t).toContain('classDef active fill:#fde68a,stroke:#b45309,stroke-width:3px,color:#111');
    expect(t).toContain('class s_panel_editor_bold_on,s_panel_editor_italic_off active');
    expect(activeStateNodes(kitchenSinkMachine, { panel: 'wizard' }).map((n) => n.id)).toEqual(['sink.panel', 'sink.panel.wizard']);
    expect(lines(toMermaid(amountMachine, { highlight: 'rejected' }))).toContain('class s_rejected active');
  });

  it('escapes ":" and sanitizes ids', () => {
    expect(escapeLabel('a:b;c#"d"')).toBe('a#58;b#59;c#35;#quot;d#quot;');
    const odd = setup({}).createMachine({
      id: 'odd',
      initial: 'a-b',
      states: { 'a-b': { on: { 'go:now': 'c d' } }, 'c d': {}, a_b: {} },
    });
    const t = lines(toMermaid(odd));
    expect(t).toContain('s_a_b --> s_c_d : go#58;now');
    expect(t).toContain('state "a_b" as s_a_b_2');
  });

  it('generates a diagram for every registered machine', () => {
    for (const entry of machines) expect(toMermaid(entry.machine).startsWith('stateDiagram-v2\n')).toBe(true);
  });
});
