import { ERRORS, SESSION_EXPIRED_CODES, serverMessageId, TRANSPORT_MESSAGE_IDS } from '../contracts/errors';

/** A translatable message: the UI looks `id` up in its Lingui catalog; the client never holds English. */
export interface MessageRef {
  id: string;
  /** Same shape as the alert machine's MessageRef (machines/alert.machine.ts). */
  values?: Record<string, string | number>;
}

/** SPEC §3 Alert: type, message, requestId, delay, closable. */
export interface Alert {
  type: 'info' | 'success' | 'warning' | 'danger';
  message: MessageRef;
  requestId?: string;
  /** Auto-close after this many ms; absent = stays until closed. */
  delay?: number;
  closable?: boolean;
}

/** SPEC §8 severities: info 2 s, success 1 s, error shown as warning 3 s, fatal as danger (sticky). */
export const ALERT_SEVERITIES = {
  info: { type: 'info', delay: 2000, closable: true },
  success: { type: 'success', delay: 1000, closable: true },
  error: { type: 'warning', delay: 3000, closable: true },
  fatal: { type: 'danger', closable: false },
} as const satisfies Record<string, Omit<Alert, 'message'>>;

export type ApiErrorKind = 'server' | 'timeout' | 'parse' | 'network' | 'abort';

export interface ApiCallErrorDetails {
  /** HTTP status; 0 when no response arrived (network, timeout, abort). */
  status: number;
  type?: string;
  code?: number | string;
  requestId?: string;
  /** Bulk edits: one result per item (`{ id?, status, code? }`). */
  items?: unknown[];
  /** The raw error content as the server sent it (incl. `message`, `fields`). */
  content?: Record<string, unknown>;
  cause?: unknown;
}

/** The one error every call rejects with. */
export class ApiCallError extends Error {
  override readonly name = 'ApiCallError';
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly type?: string;
  readonly code?: number | string;
  readonly requestId?: string;
  readonly items?: unknown[];
  readonly content?: Record<string, unknown>;

  constructor(kind: ApiErrorKind, details: ApiCallErrorDetails) {
    const serverMessage = typeof details.content?.message === 'string' ? details.content.message : undefined;
    super(kind === 'server' ? `${details.type}.${details.code}${serverMessage ? `: ${serverMessage}` : ''}` : kind, {
      cause: details.cause,
    });
    this.kind = kind;
    this.status = details.status;
    this.type = details.type;
    this.code = details.code;
    this.requestId = details.requestId;
    this.items = details.items;
    this.content = details.content;
  }
}

export const isApiCallError = (error: unknown): error is ApiCallError => error instanceof ApiCallError;

/** 155: second factor required — the sign-in flow handles it, no alert (SPEC §8). */
export const SILENT_CODES: readonly number[] = [155];

export const isSessionExpired = (error: ApiCallError): boolean =>
  error.kind === 'server' && SESSION_EXPIRED_CODES.includes(Number(error.code));

export { serverMessageId, TRANSPORT_MESSAGE_IDS };
export const bulkMessageId = (code: number | string) => `errors.BULK.${code}`;

/**
 * Every message id the client can emit for known codes (a test checks each has a translation).
 * Bulk ids (`errors.BULK.{code}`) and codes outside the catalogue are dynamic.
 */
export const CLIENT_MESSAGE_IDS: readonly string[] = [
  ...Object.values(TRANSPORT_MESSAGE_IDS),
  ...Object.values(ERRORS)
    .filter((e) => !SESSION_EXPIRED_CODES.includes(e.code) && !SILENT_CODES.includes(e.code))
    .map((e) => serverMessageId(e.type, e.code)),
];

const errorAlert = (id: string, requestId: string | undefined): Alert => ({
  ...ALERT_SEVERITIES.error,
  message: { id },
  ...(requestId === undefined ? {} : { requestId }),
});

const failingItemCodes = (items: unknown[] | undefined): (number | string)[] =>
  (items ?? []).flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const { status, code } = item as { status?: unknown; code?: unknown };
    const failed = status === 'error' || (status !== 'ok' && code !== undefined);
    return failed && (typeof code === 'number' || typeof code === 'string') ? [code] : [];
  });

/**
 * SPEC §8: the alerts one failed call produces. Abort, 155 and session-expired codes are silent
 * (the session machine shows its own alert); `ignoreAlerts` is applied by the caller.
 */
export function alertsFor(error: ApiCallError): Alert[] {
  switch (error.kind) {
    case 'abort':
      return [];
    case 'timeout':
    case 'parse':
    case 'network':
      return [errorAlert(TRANSPORT_MESSAGE_IDS[error.kind], error.requestId)];
    case 'server': {
      if (isSessionExpired(error) || SILENT_CODES.includes(Number(error.code))) return [];
      const bulk = failingItemCodes(error.items);
      if (bulk.length > 0) return bulk.map((code) => errorAlert(bulkMessageId(code), error.requestId));
      return [errorAlert(serverMessageId(error.type, error.code), error.requestId)];
    }
  }
}
