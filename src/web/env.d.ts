/** Module declarations for non-TypeScript imports (CSS bundled by esbuild/Vite, PO catalogs in Storybook). */
declare module '*.css';
declare module '*.po' {
  export const messages: import('@lingui/core').Messages;
}
