#!/usr/bin/env node
// Electron security checked by a tool: runs Electronegativity's checks on the
// Electron sources (electron/: main, preload, shell and everything they load)
// through its programmatic API — its CLI crashes on a commander version clash.
// Fails on any high-severity finding, on any finding not justified in
// electronegativity.json (check + file + why), on a justification that no
// longer matches a finding (so the file stays true), and on a file it could
// not parse (a file it did not read is a file it did not check).
//
// Offline and fast by construction: the tool fetches translations and the list
// of Electron releases with `got`; this script hands it a `got` that refuses at
// once, and turns off the one check that needs the release list (the Electron
// version is pinned in package.json and kept current by hand).
//
// The tool reads `new BrowserWindow({...})` literals only, and ours are built
// by a function (mainWindowOptions() in electron/shell/window.ts, from
// secureWebPreferences()). So the script also builds the options exactly as a
// packaged app does and hands them to the tool as one literal in a probe file
// (reported as WINDOW_PROBE): a weakened preference anywhere fails the check.
//
// Usage: node scripts/electronegativity.mjs [dir]   (default: electron)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const input = resolve(root, process.argv[2] ?? 'electron');
const config = JSON.parse(readFileSync(resolve(root, 'electronegativity.json'), 'utf8'));

// No network: the tool's `got` answers "offline" without trying.
const toolDir = dirname(require.resolve('@doyensec/electronegativity/package.json'));
const gotPath = require.resolve('got', { paths: [toolDir] });
const offline = () => Promise.reject(new Error('offline by design'));
require.cache[gotPath] = /** @type {NodeJS.Module} */ ({
  id: gotPath,
  filename: gotPath,
  loaded: true,
  exports: Object.assign(offline, { default: offline }),
});
process.env.LANG = 'en-US';

const electronRange = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')).devDependencies.electron;
const electronVersion = String(electronRange).replace(/^[^\d]*/, '');

const WINDOW_PROBE = 'WINDOW_PROBE';
const windowModule = await tsImport(pathToFileURL(resolve(root, 'electron/shell/window.ts')).href, import.meta.url);
const windowOptions = windowModule.mainWindowOptions({ preloadPath: '/app/preload/index.cjs', devTools: false });
const probeDir = mkdtempSync(join(tmpdir(), 'stayboard-electronegativity-'));
const probeFile = join(probeDir, 'window-probe.js');
writeFileSync(
  probeFile,
  `const { BrowserWindow } = require('electron');\nnew BrowserWindow(${JSON.stringify(windowOptions, null, 2)});\n`,
);

const tool = require('@doyensec/electronegativity');
const run = tool.default ?? tool;
const scan = (dir) =>
  run(
    {
      input: dir,
      electronVersionOverride: electronVersion,
      excludeFromScan: config.excludeChecks.map((c) => c.check),
      isRelative: false,
    },
    false,
  );
// The tool prints one line when its translation download fails (it always does here); keep the output to ours.
const log = console.log;
console.log = () => undefined;
let result;
try {
  const sources = await scan(input);
  const probe = await scan(probeFile);
  result = {
    atomicChecks: sources.atomicChecks,
    globalChecks: sources.globalChecks,
    errors: [...sources.errors, ...probe.errors],
    // The global CSP check reports "no CSP" for the probe file too: the sources' answer is the one that counts.
    issues: [...sources.issues, ...probe.issues.filter((i) => i.file === probeFile)],
  };
} finally {
  console.log = log;
  rmSync(probeDir, { recursive: true, force: true });
}

const problems = [];
for (const e of result.errors)
  if (!e.tolerable) problems.push(`could not parse ${relative(root, e.file)}: ${e.message}`);

const used = new Set();
const findings = result.issues.map((i) => ({
  check: i.id,
  file: i.file === 'N/A' ? 'N/A' : i.file === probeFile ? WINDOW_PROBE : relative(root, i.file),
  line: i.location?.line ?? 0,
  severity: i.severity?.name ?? String(i.severity?.value),
  confidence: i.confidence?.name ?? String(i.confidence?.value),
  description: i.description,
}));
for (const f of findings) {
  const where = `${f.check} (${f.severity}, ${f.confidence}) at ${f.file}:${f.line}`;
  if (f.severity === 'HIGH') {
    problems.push(`high severity: ${where} — ${f.description}`);
    continue;
  }
  const justified = config.findings.findIndex((j) => j.check === f.check && j.file === f.file);
  if (justified === -1) problems.push(`not justified in electronegativity.json: ${where} — ${f.description}`);
  else used.add(justified);
}
config.findings.forEach((j, i) => {
  if (!used.has(i))
    problems.push(`electronegativity.json justifies ${j.check} in ${j.file}, which is no longer found: remove it`);
});

console.log(
  `electronegativity: ${result.atomicChecks + result.globalChecks} checks on ${relative(root, input) || '.'} and the main window's options (Electron ${electronVersion}); ${findings.length} finding(s), ${used.size} justified`,
);
for (const p of problems) console.error(`  ✗ ${p}`);
process.exit(problems.length === 0 ? 0 : 1);
