// Layer rules of the project, checked by `npm run check:layers` (part of `npm run verify`).
// Whitelist mode: an import is allowed only when a rule below allows it; anything else fails the check.
//
//   start -> application -> domain <- infrastructure      (start wires everything, so it sees every module)
//   domain -> common (the pagination model), nothing else: no framework, no SQL, no Node built-ins
//   api: framework-free, imports nothing; common imports nothing
const modulePath = (name) => `^__artifactId__-${name}/src/`;
const modules = (...names) => `^__artifactId__-(${names.join('|')})/src/`;
const nodeModules = (...names) => `node_modules/(${names.join('|')})/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  allowed: [
    {
      comment: 'Any file may import files of its own module.',
      from: { path: '^(__artifactId__-[a-z]+)/src/' },
      to: { path: '^$1/src/' },
    },
    {
      comment: 'start wires the service together: it may use every module, npm package and Node built-in.',
      from: { path: modulePath('start') },
      to: { path: [modules('application', 'domain', 'infrastructure', 'api', 'common'), 'node_modules/'] },
    },
    { from: { path: modulePath('start') }, to: { dependencyTypes: ['core'] } },
    {
      comment: 'application orchestrates the domain; it uses no framework.',
      from: { path: modulePath('application') },
      to: { path: modules('domain', 'common') },
    },
    {
      comment: 'domain depends only on the common pagination model.',
      from: { path: modulePath('domain') },
      to: { path: modules('common') },
    },
    {
      comment: 'infrastructure implements domain gateways with SQL (Kysely and the drivers).',
      from: { path: modulePath('infrastructure') },
      to: { path: [modules('domain', 'common'), nodeModules('kysely', 'better-sqlite3', 'pg', 'mysql2')] },
    },
    { from: { path: modulePath('infrastructure') }, to: { dependencyTypes: ['core'] } },
    {
      comment: 'Tests may use the test tools and Node built-ins, on top of what their module may use.',
      from: { path: '\\.test(-support)?\\.ts$' },
      to: { path: nodeModules('vitest', '@vitest', 'fast-check') },
    },
    { from: { path: '\\.test(-support)?\\.ts$' }, to: { dependencyTypes: ['core'] } },
  ],
  allowedSeverity: 'error',
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Modules and files must not import each other in a cycle.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing is a typo or a missing dependency.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^__artifactId__-[a-z]+/dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['source', 'import', 'types', 'node', 'default'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
