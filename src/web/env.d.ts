/** Module declarations for non-TypeScript imports (CSS bundled by esbuild/Vite, PO catalogs in Storybook). */
declare module '*.css';
declare module '*.po' {
  export const messages: import('@lingui/core').Messages;
}
/** A stylesheet's text (Vite's `?raw`; the server bundle's esbuild plugin, src/tools/server-bundle.mjs). */
declare module '*.css?raw' {
  const text: string;
  export default text;
}
