// The module boundaries (README "Architecture", "Boundaries"), checked by `npm run test:deps` (part of
// `npm run lint`) with dependency-cruiser. Every import counts: type-only ones (tsPreCompilationDeps),
// dynamic `import()` and `import('…')` types. Paths are relative to the repository root.

/** Everything of this repository a module could import. */
const LOCAL = '^(src|machines|stories|tests|locales)/|^build\\.mjs$';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circle anywhere, counting type-only and dynamic imports: a shared type or constant moves to the lower module.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'machines-import-contracts-only',
      severity: 'error',
      comment: 'machines/ are pure statecharts: they import each other, src/contracts and packages, nothing else of this repository.',
      from: { path: '^machines/' },
      to: { path: LOCAL, pathNot: '^(machines|src/contracts)/' },
    },
    {
      name: 'contracts-import-nothing',
      severity: 'error',
      comment: 'src/contracts (schemas, types and constants shared by the server and the client) imports only itself and packages.',
      from: { path: '^src/contracts/' },
      to: { path: LOCAL, pathNot: '^src/contracts/' },
    },
    {
      name: 'pure-no-node',
      severity: 'error',
      comment: 'machines/ and src/contracts run in the browser too: no Node.js built-in modules.',
      from: { path: '^(machines|src/contracts)/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'server-not-client',
      severity: 'error',
      comment:
        'The server shares only src/contracts with the client: nothing of machines/, src/web, src/viewer or src/api, but the design system\'s stylesheets (the public pages\' CSS, src/server/site/style.ts).',
      from: { path: '^src/server/' },
      to: { path: '^(machines|src/(web|viewer|api))/', pathNot: '^src/web/(styles|components/ui)/[^/]+\\.css$' },
    },
    {
      name: 'api-not-machines-or-views',
      severity: 'error',
      comment: 'The API client (src/api) builds on src/contracts only: nothing of machines/, src/web, src/viewer or src/server.',
      from: { path: '^src/api/' },
      to: { path: '^(machines|src/(web|viewer|server))/' },
    },
    {
      name: 'client-not-server',
      severity: 'error',
      comment: 'Nothing the browser loads imports the server.',
      from: { path: '^(machines|src/(web|viewer|api|contracts))/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'app-not-tests',
      severity: 'error',
      comment: 'Application code (src/, machines/) imports no test or story.',
      from: { path: '^(src|machines)/' },
      to: { path: '^(tests|stories)/' },
    },
    {
      name: 'resolvable',
      severity: 'error',
      comment: 'Every import resolves (an import the checker cannot follow would hide its dependencies).',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/|^tests/bench/vendor/' },
    tsPreCompilationDeps: true,
    detectJSDocImports: true,
    // Resolve packages as Node, the bundlers and TypeScript do (package.json "exports" first).
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'browser', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
