/**
 * `npm test` runs this (scripts/test.sh): no import circles anywhere, and the layers of the
 * server point one way — http → api → services → ports → engines. See docs/architecture.md.
 */
const SERVER = '^packages/server/src/';
const SERVICES = `${SERVER}(auth|vault|files|scripts|payment|backup|health|storage|events)/`;
const ENGINES = '^packages/(document-store/src/(sqlite|mongodb)|block-store/src/(helia|kubo))/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: the modules in it cannot be understood (or loaded) one at a time.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'api-not-http',
      severity: 'error',
      comment: 'Handlers (api/) know their endpoint, not the router: http/ imports api/, never the reverse.',
      from: { path: `${SERVER}api/` },
      to: { path: `${SERVER}http/` },
    },
    {
      name: 'http-through-api',
      severity: 'error',
      comment: 'The HTTP layer reaches the services only through the procedures of api/.',
      from: { path: `${SERVER}http/` },
      to: { path: SERVICES },
    },
    {
      name: 'services-not-up',
      severity: 'error',
      comment:
        'Services know nothing of HTTP or of the wiring: not api/, http/, context.ts (which imports every service) or node.ts.',
      from: { path: SERVICES },
      to: { path: `${SERVER}(api/|http/|context\\.ts$|node\\.ts$)` },
    },
    {
      name: 'only-the-wiring-opens-engines',
      severity: 'error',
      comment:
        "Services and handlers use the ports (the store packages' main entries); only the wiring (and the test support in src/testing/) picks an engine.",
      from: { path: SERVER, pathNot: `${SERVER}(engines/open\\.ts|node\\.ts|testing/)` },
      to: { path: ENGINES },
    },
    {
      name: 'engines-apart',
      severity: 'error',
      comment:
        'An engine shares code with another only through engine-neutral modules (src/common/, mingo/, …).',
      from: { path: '^packages/block-store/src/(helia|kubo)/' },
      to: { path: '^packages/block-store/src/(helia|kubo)/', pathNot: '^packages/block-store/src/$1/' },
    },
    {
      name: 'document-engines-apart',
      severity: 'error',
      comment:
        'An engine shares code with another only through engine-neutral modules (mingo/, query-guard, …).',
      from: { path: '^packages/document-store/src/(sqlite|mongodb)/' },
      to: {
        path: '^packages/document-store/src/(sqlite|mongodb)/',
        pathNot: '^packages/document-store/src/$1/',
      },
    },
    {
      name: 'stores-stand-alone',
      severity: 'error',
      comment: 'The store packages depend on no other part of the project.',
      from: { path: '^packages/(document-store|block-store)/src/' },
      to: { path: '^(packages/(?!document-store|block-store)|apps/)' },
    },
    {
      name: 'nothing-imports-an-app',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|generated|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      conditionNames: ['@cella/source', 'import', 'node', 'default'],
      exportsFields: ['exports'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
  },
};
