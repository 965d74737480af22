/** What the client needs from a session gate: every request awaits `wait()` unless told to skip it. */
export interface SessionGate {
  wait(): Promise<void>;
}

/** A gate the session machine opens once the session check is done (and may close again). */
export interface Gate extends SessionGate {
  open(): void;
  close(): void;
  readonly isOpen: boolean;
}

export function createGate(initiallyOpen = false): Gate {
  let isOpen = initiallyOpen;
  let release: () => void = () => {};
  let opened: Promise<void> = Promise.resolve();
  const arm = () => {
    opened = new Promise<void>((resolve) => {
      release = resolve;
    });
  };
  if (!isOpen) arm();
  return {
    get isOpen() {
      return isOpen;
    },
    open() {
      if (isOpen) return;
      isOpen = true;
      release();
    },
    close() {
      if (!isOpen) return;
      isOpen = false;
      arm();
    },
    wait() {
      return opened;
    },
  };
}
