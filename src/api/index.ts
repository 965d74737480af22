export {
  type ApiClient,
  type ApiClientOptions,
  ASSOCIATION_HEADER,
  type CallOptions,
  createApiClient,
  DEFAULT_TIMEOUT_MS,
  type HttpMethod,
  type Id,
  type ListParams,
  type ModelApi,
  type QueryValue,
  TOKEN_COOKIE,
} from './client';
export { readCookie, setCookie } from './cookies';
export {
  ALERT_SEVERITIES,
  type Alert,
  ApiCallError,
  type ApiCallErrorDetails,
  type ApiErrorKind,
  alertsFor,
  bulkMessageId,
  CLIENT_MESSAGE_IDS,
  isApiCallError,
  isSessionExpired,
  type MessageRef,
  SILENT_CODES,
  serverMessageId,
  TRANSPORT_MESSAGE_IDS,
} from './errors';
export { createGate, type Gate, type SessionGate } from './gate';
export {
  CLIENT_CONFIG_ELEMENT_ID,
  type ClientConfig,
  type ConfigSource,
  DEFAULT_CLIENT_CONFIG,
  dataHost,
  HOST_KINDS,
  type HostKind,
  readClientConfig,
} from './hosts';
export { createLazyApiClient } from './lazy';
