// The import rules of src/, checked by `npm run lint:deps` (dependency-cruiser) in CI before the tests.
// The layers follow docs/architecture.md, lowest first:
//   base      config*.ts, errors.ts, ids.ts, db/, infra/, net/ (and storage/disk-full.ts, which needs only
//             errors.ts: the error handler and /health read it)
//   http      the HTTP plumbing of http/: schemas, the error handler, rate limits, OpenAPI, ...
//   features  identity, credits, storage, export, templates, webhooks, llm, documents, runs, projects,
//             analysis, editor, jobs; with http/auth.ts and http/verify-fast-path.ts, which authenticate
//             through identity/, and http/unavailable.routes.ts (routes, authenticated like any module's)
//   app       app.ts, context.ts, cli.ts, config-cli.ts, cli/, the commands (*.cli.ts), http/health.ts (it
//             reads the whole context), http/system.routes.ts (the health endpoints) and
//             http/server-options.ts (the Fastify server's options for app.ts, the /verify fast path among them)
// A layer imports only from its own and lower layers. Besides: no circular imports (type-only imports
// count: they are how the four circles of issue 31 looked), jobs/ does not import runs/, the generic
// engine (runs/, documents/agent/) imports no format (documents/slides|word|excel/), and a feature's
// routes are registered by its <name>.module.ts only (app.ts and context.ts loop over the modules).
// `import type` counts everywhere (tsPreCompilationDeps). TypeScript is parsed with swc (@swc/core): the
// typescript package of this repository (7.x) has no API dependency-cruiser can call yet, so every run
// also prints a `missing-tsc-transpiler` warning, which is harmless here (swc sees the type-only imports:
// the circles above were all `import type`).

const BASE = ['^src/(config|config-types|config-settings|errors|ids)\\.ts$', '^src/(db|infra|net)/', '^src/storage/disk-full\\.ts$'];
const HTTP_EDGE = '^src/http/(auth|verify-fast-path|unavailable\\.routes|health|system\\.routes|server-options)\\.ts$';
const HTTP = '^src/http/';
const FEATURES = ['^src/(identity|credits|storage|export|templates|webhooks|llm|documents|runs|projects|analysis|editor|jobs)/', '^src/http/(auth|verify-fast-path|unavailable\\.routes)\\.ts$'];
const APP = ['^src/(app|context|cli|config-cli)\\.ts$', '^src/cli/', '\\.cli\\.ts$', '^src/http/(health|system\\.routes|server-options)\\.ts$'];
const FORMATS = '^src/documents/(slides|word|excel)/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle of imports: move what both sides share into a file of its own (see the fixes of issue 31).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'base-imports-up',
      severity: 'error',
      comment: 'config, errors, ids, db/, infra/ and net/ are the bottom layer: they import no HTTP, feature or app code.',
      from: { path: BASE },
      to: { path: [HTTP, ...FEATURES, ...APP] },
    },
    {
      name: 'http-imports-up',
      severity: 'error',
      comment: 'The HTTP plumbing serves every module and imports none (the files of HTTP_EDGE belong to the layers above).',
      from: { path: HTTP, pathNot: HTTP_EDGE },
      to: { path: [...FEATURES, ...APP], pathNot: BASE },
    },
    {
      name: 'feature-imports-app',
      severity: 'error',
      comment: 'Modules receive what they need from app.ts/context.ts; they do not import them (commands, *.cli.ts, are the app layer).',
      from: { path: FEATURES, pathNot: APP },
      to: { path: APP },
    },
    {
      name: 'jobs-imports-runs',
      severity: 'error',
      comment: 'jobs/ is the queue under every module; runs/ is one of its users.',
      from: { path: '^src/jobs/' },
      to: { path: '^src/runs/' },
    },
    {
      name: 'engine-imports-format',
      severity: 'error',
      comment: 'The generic engine (runs/, documents/agent/) works through the FormatAdapter; a format registers itself, the engine never names one.',
      from: {
        path: ['^src/runs/', '^src/documents/agent/'],
      },
      to: { path: FORMATS },
    },
    {
      name: 'routes-outside-module',
      severity: 'error',
      comment: 'A feature\'s routes are registered by its <name>.module.ts (the module\'s routes(api) or pages(app)); app.ts and context.ts loop over the modules (src/README.md).',
      from: { path: '^src/', pathNot: ['\\.module\\.ts$', '\\.routes\\.ts$', HTTP] },
      to: { path: ['\\.routes\\.ts$', '^src/console/console-static\\.ts$'], pathNot: HTTP },
    },
  ],
  options: {
    parser: 'swc',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    // Tests may reach anywhere.
    exclude: { path: '\\.test\\.ts$' },
  },
};
