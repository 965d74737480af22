/**
 * The page of one registered machine in Storybook's "Machines" section: title and description, the
 * statechart (MachineChart: ELK layout at natural size, pan and zoom) with the active states
 * highlighted, and a live simulation. The simulation runs the machine with inert actors on a
 * simulated clock (src/tools/diagram/simulate.ts): nothing real happens; delays and invoke results
 * are the plain events offered by the entry's `paths.events`. An arrow the current state can take is
 * a button that sends the offered event taking it. Events are named in words (humanize.ts) and
 * payloads and context are shown without secrets (redact.ts).
 */
import { type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject, StateValue } from 'xstate';
import { machines } from '../../machines';
import type { MachineEntry } from '../../machines/registry-types';
import { buildChart, transitionKey } from '../../src/tools/diagram/chart';
import { eventText, humanizeEvent } from '../../src/tools/diagram/humanize';
import { type ChartLayout, layoutChart } from '../../src/tools/diagram/layout';
import { activeStateNodes, toMermaid } from '../../src/tools/diagram/mermaid';
import { redactSecrets } from '../../src/tools/diagram/redact';
import { acceptedEvents, createInertActor, toJsonSafe } from '../../src/tools/diagram/simulate';
import { canvasMeasure, MachineChart } from './MachineChart';
import './machines.css';

export interface MachinePageProps {
  /** Id of a machine in machines/index.ts. */
  machineId: string;
}

interface Step {
  n: number;
  event: EventObject;
  value: StateValue;
}

function inputsOf(entry: MachineEntry): unknown[] {
  return entry.paths.inputs?.length ? entry.paths.inputs : [entry.paths.input];
}

const formatValue = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The event in words, with its origin. */
const eventName = (entry: MachineEntry, event: EventObject) => eventText(humanizeEvent(event.type, { overrides: entry.eventLabels }));

/** The payload as compact JSON without secrets, or '' when there is none. */
function payloadText(event: EventObject): string {
  const { type: _type, ...payload } = event as EventObject & Record<string, unknown>;
  return Object.keys(payload).length ? JSON.stringify(redactSecrets(toJsonSafe(payload))) : '';
}

const PAYLOAD_SHOWN = 140;
/** A long payload (a page of books) is cut in the list; the whole is in the tooltip. */
const shortPayload = (text: string) => (text.length > PAYLOAD_SHOWN ? `${text.slice(0, PAYLOAD_SHOWN)}…` : text);

const layouts = new Map<AnyStateMachine, Promise<ChartLayout>>();

/** The chart's layout, computed once per machine (ELK takes a moment on the big ones). */
function useChartLayout(entry: MachineEntry) {
  const [state, setState] = useState<{ layout?: ChartLayout; error?: string }>({});
  useEffect(() => {
    let cancelled = false;
    setState({});
    let promise = layouts.get(entry.machine);
    if (!promise) {
      promise = layoutChart(buildChart(entry.machine, { title: entry.title, eventLabels: entry.eventLabels }), canvasMeasure());
      layouts.set(entry.machine, promise);
    }
    promise.then(
      (layout) => !cancelled && setState({ layout }),
      (err: unknown) => !cancelled && setState({ error: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      cancelled = true;
    };
  }, [entry]);
  return state;
}

/** For each transition the snapshot can take, the first offered event that takes it. */
function takeableTransitions(snapshot: AnyMachineSnapshot | undefined, events: EventObject[]): Map<string, EventObject> {
  const out = new Map<string, EventObject>();
  if (snapshot?.status !== 'active') return out;
  const machine = snapshot.machine as AnyStateMachine;
  for (const event of events) {
    let transitions: ReturnType<AnyStateMachine['getTransitionData']> = [];
    try {
      transitions = machine.getTransitionData(snapshot as never, event);
    } catch {
      continue;
    }
    for (const t of transitions) {
      const key = transitionKey(t);
      if (!out.has(key)) out.set(key, event);
    }
  }
  return out;
}

function useSimulation(entry: MachineEntry, inputIndex: number) {
  const input = inputsOf(entry)[inputIndex];
  const [generation, setGeneration] = useState(0);
  const [snapshot, setSnapshot] = useState<AnyMachineSnapshot | undefined>(undefined);
  const [history, setHistory] = useState<Step[]>([]);
  const sessionRef = useRef<ReturnType<typeof createInertActor> | undefined>(undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` is the Reset trigger (a new session).
  useEffect(() => {
    const session = createInertActor(entry.machine, { input });
    sessionRef.current = session;
    const sub = session.actor.subscribe({
      next: (s) => setSnapshot(s as AnyMachineSnapshot),
      error: () => setSnapshot(session.actor.getSnapshot() as AnyMachineSnapshot),
    });
    session.actor.start();
    setSnapshot(session.actor.getSnapshot() as AnyMachineSnapshot);
    setHistory([]);
    return () => {
      sub.unsubscribe();
      session.stop();
      if (sessionRef.current === session) sessionRef.current = undefined;
    };
  }, [entry, input, generation]);

  const send = useCallback((event: EventObject) => {
    const session = sessionRef.current;
    if (!session) return;
    session.actor.send(event);
    const next = session.actor.getSnapshot() as AnyMachineSnapshot;
    setSnapshot(next);
    setHistory((h) => [...h, { n: h.length + 1, event, value: next.value as StateValue }]);
  }, []);

  const reset = useCallback(() => setGeneration((g) => g + 1), []);
  return { snapshot, history, send, reset };
}

export function MachinePage({ machineId }: MachinePageProps) {
  const entry = machines.find((m) => m.id === machineId);
  if (!entry) {
    return (
      <main className="qm-page">
        <p role="alert">
          No machine with id <code>{machineId}</code> in machines/index.ts. Regenerate the machine stories (npm run stories:machines).
        </p>
      </main>
    );
  }
  return <MachineView entry={entry} />;
}

function MachineView({ entry }: { entry: MachineEntry }) {
  const inputs = inputsOf(entry);
  const [inputIndex, setInputIndex] = useState(0);
  const { snapshot, history, send, reset } = useSimulation(entry, inputIndex);
  const headingId = useId();
  const eventsHeadingRef = useRef<HTMLHeadingElement>(null);
  const eventListRef = useRef<HTMLUListElement>(null);
  const focusIndexRef = useRef<number | null>(null);

  const events = useMemo(() => (snapshot ? acceptedEvents(snapshot, entry.paths.events) : []), [snapshot, entry]);
  const takeable = useMemo(() => takeableTransitions(snapshot, events), [snapshot, events]);
  const enabled = useMemo(() => new Set(takeable.keys()), [takeable]);
  const active = useMemo(
    () => new Set(activeStateNodes(entry.machine, snapshot?.value as StateValue | undefined).map((n) => n.id)),
    [entry, snapshot?.value],
  );
  const { layout, error: layoutError } = useChartLayout(entry);
  const mermaid = useMemo(() => toMermaid(entry.machine), [entry]);
  const contextJson = useMemo(() => JSON.stringify(redactSecrets(toJsonSafe(snapshot?.context)), null, 2), [snapshot?.context]);

  // After an event the clicked button may be gone: keep keyboard focus on the event list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list of events changes.
  useEffect(() => {
    const index = focusIndexRef.current;
    if (index === null) return;
    focusIndexRef.current = null;
    const buttons = eventListRef.current?.querySelectorAll<HTMLButtonElement>('button');
    const target = buttons?.length ? buttons[Math.min(index, buttons.length - 1)] : eventsHeadingRef.current;
    target?.focus();
  }, [events]);

  const onSend = (event: EventObject, index: number) => {
    focusIndexRef.current = index;
    send(event);
  };
  const onTake = (transition: string) => {
    const event = takeable.get(transition);
    if (event) send(event);
  };
  const onReset = () => {
    focusIndexRef.current = 0;
    reset();
  };
  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const buttons = [...(eventListRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (i < 0) return;
    e.preventDefault();
    buttons[(i + (e.key === 'ArrowDown' ? 1 : buttons.length - 1)) % buttons.length]?.focus();
  };

  return (
    <main className="qm-page" aria-labelledby={headingId}>
      <header>
        <h1 id={headingId}>{entry.title}</h1>
        <p className="qm-description">{entry.description}</p>
        <p className="qm-meta">
          <code>machines/index.ts</code> id <code>{entry.id}</code> · machine <code>{entry.machine.id}</code>
        </p>
      </header>

      <div className="qm-layout">
        <section className="qm-diagram" aria-label="State diagram">
          <div data-testid="machine-diagram" data-rendered={Boolean(layout)}>
            {layout ? (
              <MachineChart
                layout={layout}
                active={active}
                enabled={enabled}
                onTake={onTake}
                label={`State diagram of ${entry.title}; active: ${formatValue(snapshot?.value)}`}
              />
            ) : layoutError ? (
              <p role="alert" className="qm-error">
                Diagram failed to lay out: {layoutError}
              </p>
            ) : (
              <p className="qm-none">Laying out the diagram…</p>
            )}
          </div>
          <details className="qm-source">
            <summary>Mermaid source (for documents)</summary>
            <pre className="qm-json">{mermaid}</pre>
          </details>
        </section>

        <section className="qm-sim" aria-label="Simulation">
          <h2>Simulation</h2>
          {inputs.length > 1 && (
            <label className="qm-input">
              Input{' '}
              <select value={inputIndex} onChange={(e) => setInputIndex(Number(e.target.value))}>
                {inputs.map((input, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: inputs are a fixed list
                  <option key={i} value={i}>
                    {i + 1}: {JSON.stringify(toJsonSafe(input)).slice(0, 80)}
                  </option>
                ))}
              </select>
            </label>
          )}

          <dl className="qm-state">
            <dt>State</dt>
            <dd>
              <output aria-live="polite" data-testid="machine-state">
                {formatValue(snapshot?.value)}
                {snapshot && snapshot.status !== 'active' ? ` (${snapshot.status})` : ''}
              </output>
            </dd>
            <dt>Context</dt>
            <dd>
              <pre className="qm-json" data-testid="machine-context">
                {contextJson}
              </pre>
            </dd>
          </dl>

          <h3 ref={eventsHeadingRef} tabIndex={-1}>
            Events accepted now
          </h3>
          {events.length ? (
            <ul className="qm-events" ref={eventListRef} onKeyDown={onListKey} aria-label="Events accepted now">
              {events.map((event, i) => {
                const payload = payloadText(event);
                return (
                  <li key={`${event.type} ${payload}`}>
                    <button
                      type="button"
                      onClick={() => onSend(event, i)}
                      data-event={event.type}
                      title={`${event.type} ${payload}`.trim()}
                    >
                      <span className="qm-event-type">{eventName(entry, event)}</span>
                      {payload && <span className="qm-event-payload">{shortPayload(payload)}</span>}
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="qm-none">{snapshot?.status === 'active' ? 'No offered event is accepted here.' : 'The machine has stopped.'}</p>
          )}

          <div className="qm-actions">
            <button type="button" onClick={onReset}>
              Reset
            </button>
          </div>

          <h3>History</h3>
          {history.length ? (
            <ol className="qm-history" aria-label="Steps taken">
              {history.map((step) => (
                <li key={step.n} data-event={step.event.type}>
                  <span className="qm-history-event">{eventName(entry, step.event)}</span>
                  {payloadText(step.event) && <code className="qm-event-payload">{shortPayload(payloadText(step.event))}</code>} →{' '}
                  <code>{formatValue(step.value)}</code>
                </li>
              ))}
            </ol>
          ) : (
            <p className="qm-none">No step yet.</p>
          )}
        </section>
      </div>
    </main>
  );
}
