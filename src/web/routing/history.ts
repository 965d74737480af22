/**
 * The browser's location as the app follows it: wouter's browser location (its patched
 * pushState/replaceState events, the location hooks and navigate). The shim of useSyncExternalStore it
 * imports is aliased to React's own hook in build.mjs.
 */
export { navigate, useLocationProperty, usePathname } from 'wouter/use-browser-location';
