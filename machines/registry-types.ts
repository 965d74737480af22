import type { AnyStateMachine, EventObject } from 'xstate';

/**
 * How the generated path tests explore one machine. Lives beside each machine so the registry,
 * the path tests (tests/paths) and the Storybook "Machines" section all read the same data.
 */
export interface PathConfig {
  /** Input given to createActor when the machine takes input. */
  input?: unknown;
  /**
   * Several inputs, when a guard reads context that only input sets (e.g. an alert's severity):
   * paths are generated from each and coverage is their union. Takes precedence over `input`.
   */
  inputs?: unknown[];
  /**
   * Events to try from a snapshot (with payloads). Include invoke results and delays as plain
   * events: `xstate.done.actor.<id>`, `xstate.error.actor.<id>`, `xstate.after.<ms>.<stateId>`.
   */
  events: (snapshot: { value: unknown; context: unknown }) => EventObject[];
  /** Reduce a snapshot to what changes behaviour, so exploration ends. Default: JSON of value. */
  serializeState?: (snapshot: { value: unknown; context: unknown }) => string;
  /** Upper bound on explored states (safety net; exploration must not hit it). */
  limit?: number;
}

export interface MachineEntry {
  /** Stable id, also the file name stem: `machines/<id>.machine.ts`. */
  id: string;
  title: string;
  description: string;
  machine: AnyStateMachine;
  paths: PathConfig;
  /**
   * Names for events where the automatic one on the Storybook diagram is poor (src/tools/diagram/
   * humanize.ts): the event type, or `xstate.after.<delay>` for a delay, → words ("set code").
   */
  eventLabels?: Readonly<Record<string, string>>;
}
