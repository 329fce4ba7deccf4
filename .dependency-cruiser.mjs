// The layers inside electron/ (README.md, "How the folders fit together"), checked by dependency-cruiser
// in `npm test` (`npx depcruise --config .dependency-cruiser.mjs electron shared renderer`):
//
//   log ← api ← cache, credentials ← sync, outbox, documents ← notify ← engine ← services ← shell ← host
//
// A layer imports only layers to its left (and shared/); siblings (cache and
// credentials; sync, outbox and documents) do not import each other. The logger
// (log/) is a leaf every layer may use: it imports nothing of the project.
// main.ts, preload.ts and cli.ts are the composition roots above all of them. No
// production file imports simulator/ or a test helper; tests (*.test.ts) and test
// helpers (testing/ folders, services/testing.ts, api/test-server.ts, the
// simulator's conformance kit) may import anything. There are no exceptions.

const LAYERS = [
  ['log'],
  ['api'],
  ['cache', 'credentials'],
  ['sync', 'outbox', 'documents'],
  ['notify'],
  ['engine'],
  ['services'],
  ['shell'],
  ['host'],
];

// The layers inside renderer/src/, the same way round:
//
//   lib ← state ← components ← screens ← app        i18n beside: every layer may use it; it uses lib only
//
// main.ts and App.svelte are the renderer's composition root; testing/ holds test helpers.
const RENDERER_LAYERS = [['lib'], ['state'], ['components'], ['screens'], ['app']];

const TEST_FILE = '\\.test\\.ts$';
const TEST_HELPER = '(^|/)testing/|(^|/)testing\\.ts$|(^|/)test-server\\.ts$|^simulator/conformance/';
const folder = (names) => `^electron/(${names.join('|')})/`;

const rendererFolder = (names) => `^renderer/src/(${names.join('|')})/`;

const rendererRules = [
  ...RENDERER_LAYERS.flatMap((names, rank) => {
    const above = RENDERER_LAYERS.slice(rank + 1).flat();
    return above.length
      ? [
          {
            name: `renderer-layer-${names.join('-')}`,
            comment: `renderer/src/${names.join(',')} may not import a layer above it (${above.join(', ')}).`,
            severity: 'error',
            from: { path: rendererFolder(names), pathNot: [TEST_FILE, TEST_HELPER] },
            to: { path: rendererFolder(names[0] === 'lib' ? [...above, 'i18n'] : above) },
          },
        ]
      : [];
  }),
  {
    name: 'renderer-i18n-beside',
    comment: 'renderer/src/i18n words things for every layer; it imports only lib/ (and shared/).',
    severity: 'error',
    from: { path: rendererFolder(['i18n']), pathNot: [TEST_FILE, TEST_HELPER] },
    to: { path: rendererFolder(RENDERER_LAYERS.flat().filter((n) => n !== 'lib')) },
  },
];

const layerRules = LAYERS.flatMap((names, rank) => {
  const above = LAYERS.slice(rank + 1).flat();
  const rules = [];
  if (above.length)
    rules.push({
      name: `layer-${names.join('-')}`,
      comment: `electron/{${names.join(',')}} may not import a layer above it (${above.join(', ')}).`,
      severity: 'error',
      from: { path: folder(names), pathNot: [TEST_FILE, TEST_HELPER] },
      to: { path: folder(above) },
    });
  if (names.length > 1)
    for (const name of names)
      rules.push({
        name: `sibling-${name}`,
        comment: `electron/${name} may not import its sibling layer (${names.filter((n) => n !== name).join(', ')}).`,
        severity: 'error',
        from: { path: folder([name]), pathNot: [TEST_FILE, TEST_HELPER] },
        to: { path: folder(names.filter((n) => n !== name)) },
      });
  return rules;
});

export default {
  forbidden: [
    ...layerRules,
    ...rendererRules,
    {
      name: 'logger-is-a-leaf',
      comment: 'electron/log/ imports nothing of the project (node:* only), so every layer may use it.',
      severity: 'error',
      from: { path: '^electron/log/', pathNot: [TEST_FILE] },
      to: { path: '^(electron|shared|renderer|simulator)/', pathNot: '^electron/log/' },
    },
    {
      name: 'no-runtime-circle',
      comment:
        'No module loads itself again through the modules it loads: a circle of imports that run. ' +
        'A type-only import is erased at build and ties nothing at run time.',
      severity: 'error',
      from: { path: '^(electron|shared|renderer)/', pathNot: [TEST_FILE, TEST_HELPER] },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-simulator-in-production',
      comment:
        'Production code never loads the simulator statically: the demo loads it with import() ' +
        '(services/demo.ts, cli.ts) so the built app starts without it. A type-only import is erased at build.',
      severity: 'error',
      from: { path: '^(electron|shared)/', pathNot: [TEST_FILE, TEST_HELPER] },
      to: { path: '^simulator/', dependencyTypesNot: ['dynamic-import', 'type-only'] },
    },
    {
      name: 'no-test-helpers-in-production',
      comment:
        'Production code never imports a test or a test helper (testing/, testing.ts, test-server.ts, ' +
        'simulator/conformance/), not even with import().',
      severity: 'error',
      from: { path: '^(electron|shared|renderer)/', pathNot: [TEST_FILE, TEST_HELPER] },
      to: { path: `${TEST_FILE}|${TEST_HELPER}` },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|out)/' },
  },
};
