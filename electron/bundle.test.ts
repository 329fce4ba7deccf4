// What the build (out/) may hold. The main bundle (out/main): the app's entries
// (index.js for Electron, host.js for the web host) and every chunk they load
// with a static import carry no simulator code; the demo's simulator (without a
// control API) lives in a chunk reached only through import(), which the build
// must still emit (the demo opens from it). No built file at all — main,
// preload or renderer — carries the simulator's control API, a test helper
// (any testing/ folder or testing.ts, api/test-server.ts, simulator/conformance/*)
// or the contract's examples (shared/contract/testing/examples.ts).
//
// A module is recognised by its fingerprints: the names of its top-level
// functions and classes that no production module also declares (a bundler
// keeps them where it does not minify), and its longer plain string literals
// that no production source holds (a minifier keeps those: the renderer's
// bundle, and the examples, which declare no function).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staleReason } from '../scripts/start';

const root = resolve(import.meta.dirname, '..');
const outMain = join(root, 'out', 'main');
const ENTRIES = ['index.js', 'host.js'];

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...walk(path));
    else if ((path.endsWith('.ts') && !path.endsWith('.d.ts')) || path.endsWith('.svelte')) out.push(path);
  }
  return out;
}

const rel = (p: string) => relative(root, p).split('\\').join('/');
const isTest = (p: string) => p.endsWith('.test.ts');
/** Test helpers: a testing/ folder, a testing.ts module, the API test server, the simulator's conformance kit. */
const isTestHelper = (p: string) =>
  /(^|\/)testing\//.test(p) ||
  /(^|\/)testing\.ts$/.test(p) ||
  /(^|\/)test-server\.ts$/.test(p) ||
  p.startsWith('simulator/conformance/');

const DECLARATION = /^[ \t]*(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?|class)\s+([A-Za-z_$][\w$]*)/gm;

function declaredNames(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const f of files) for (const m of readFileSync(f, 'utf8').matchAll(DECLARATION)) names.add(m[1]!);
  return names;
}

const sources = [
  ...walk(join(root, 'electron')),
  ...walk(join(root, 'shared')),
  ...walk(join(root, 'renderer')),
].filter((f) => !isTest(rel(f)));
const production = sources.filter((f) => !isTestHelper(rel(f)));
const productionNames = declaredNames(production);

/** Names that only the given modules declare; as `function X(` / `class X` they mark those modules in a bundle. */
function fingerprints(files: string[], allowed: Set<string>): string[] {
  return [...declaredNames(files)].filter((n) => !allowed.has(n) && n.length > 3);
}

const simulatorAll = walk(join(root, 'simulator')).filter((f) => !isTest(rel(f)));
const simulatorFiles = simulatorAll.filter((f) => !isTestHelper(rel(f)));
const SIMULATOR = fingerprints(simulatorFiles, productionNames);
// The demo's lazy chunk is the simulator: a helper's name it also declares marks nothing.
const TEST_HELPERS = fingerprints(
  [...sources, ...simulatorAll].filter((f) => isTestHelper(rel(f))),
  new Set([...productionNames, ...declaredNames(simulatorFiles)]),
);
/** Plain string literals (no escapes, no interpolation) long enough to mark one module. */
const LITERAL = /(['"`])([A-Za-z0-9][A-Za-z0-9 .,:;@/+()-]{17,}[A-Za-z0-9.)])\1/g;
const productionText = [...production, ...simulatorFiles].map((f) => readFileSync(f, 'utf8')).join('\n');
/** The literals of the given modules that no production source (nor the demo's simulator) holds. */
function literalFingerprints(files: string[]): string[] {
  const literals = new Set<string>();
  for (const f of files) for (const m of readFileSync(f, 'utf8').matchAll(LITERAL)) literals.add(m[2]!);
  return [...literals].filter((l) => !productionText.includes(l));
}
const helperFiles = [...sources, ...simulatorAll].filter((f) => isTestHelper(rel(f)));
const HELPER_LITERALS = literalFingerprints(helperFiles);
const examplesFile = join(root, 'shared', 'contract', 'testing', 'examples.ts');
const EXAMPLE_LITERALS = literalFingerprints([examplesFile]);
const controlFile = join(root, 'simulator', 'server', 'control.ts');
const otherSimulatorNames = declaredNames(simulatorFiles.filter((f) => f !== controlFile));
const CONTROL = fingerprints([controlFile], new Set([...productionNames, ...otherSimulatorNames]));
/** Literal of the control API only (its secret header). */
const CONTROL_LITERALS = ['x-control-secret'];

/** Where a fingerprint shows in a bundle file, or null. */
function found(code: string, names: string[], literals: string[] = []): string | null {
  for (const n of names) {
    const esc = n.replace(/\$/g, '\\$');
    if (new RegExp(`(?:function\\*?|class)\\s+${esc}(?:\\$\\d+)?\\b`).test(code)) return n;
  }
  const lower = code.toLowerCase();
  return literals.find((l) => code.includes(l) || lower.includes(l)) ?? null;
}

/** The chunks a file loads with a static import / export-from, and those it loads with import(). */
function links(file: string): { statics: string[]; dynamics: string[] } {
  const code = readFileSync(file, 'utf8');
  const at = (spec: string) => resolve(dirname(file), spec);
  const statics = [
    ...code.matchAll(/(?:^|[;\n])\s*(?:import|export)\s*(?:[^;"'()]*?\sfrom\s*)?["'](\.{1,2}\/[^"']+)["']/g),
  ];
  const dynamics = [...code.matchAll(/\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g)];
  return { statics: statics.map((m) => at(m[1]!)), dynamics: dynamics.map((m) => at(m[1]!)) };
}

/** Every file the entries load without import(): what starting the app loads. */
function staticClosure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...entries];
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    todo.push(...links(f).statics);
  }
  return seen;
}

function builtFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((n) => join(dir, n))
    .filter((p) => /\.(js|cjs|mjs)$/.test(p) && statSync(p).isFile());
}
const outAll = () => ['main', 'preload', 'renderer'].flatMap((part) => builtFiles(join(root, 'out', part)));

describe('the built main bundle', () => {
  // npm test builds before vitest; alone, this test builds when out/ is older than a source.
  const stale = staleReason(root);
  if (stale) {
    const r = spawnSync(join(root, 'node_modules', '.bin', 'electron-vite'), ['build'], {
      cwd: root,
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`electron-vite build failed (${stale}):\n${r.stderr}`);
  }

  it('recognises the simulator and the test helpers by enough fingerprints to notice them', () => {
    expect(SIMULATOR).toContain('serveSimulator');
    expect(SIMULATOR.length).toBeGreaterThan(50);
    expect(TEST_HELPERS.length).toBeGreaterThan(20);
    expect(CONTROL).toContain('createControl');
    expect(EXAMPLE_LITERALS.length).toBeGreaterThan(10);
    expect(HELPER_LITERALS.length).toBeGreaterThan(EXAMPLE_LITERALS.length);
    // The check finds them in their own sources, so it would find them bundled.
    const sim = readFileSync(join(root, 'simulator', 'server', 'control.ts'), 'utf8');
    expect(found(sim, SIMULATOR, CONTROL_LITERALS)).not.toBeNull();
    expect(found(readFileSync(examplesFile, 'utf8'), [], HELPER_LITERALS)).not.toBeNull();
  });

  it('starts the app without loading any simulator code or control API', () => {
    const closure = staticClosure(ENTRIES.map((e) => join(outMain, e)));
    for (const e of ENTRIES) expect(existsSync(join(outMain, e)), e).toBe(true);
    const leaks = [...closure]
      .map((f) => ({ file: rel(f), marker: found(readFileSync(f, 'utf8'), SIMULATOR, CONTROL_LITERALS) }))
      .filter((l) => l.marker !== null);
    expect(leaks).toEqual([]);
  });

  it('holds no test helper, no example of the contract and no control API in any built file', () => {
    const files = outAll();
    expect(files.map(rel)).toEqual(
      expect.arrayContaining(['out/main/index.js', 'out/preload/index.cjs', expect.stringMatching(/^out\/renderer\//)]),
    );
    const leaks = files
      .map((f) => ({
        file: rel(f),
        // Names only in out/main: the preload and the renderer bundle dependencies that may declare the same.
        marker: found(readFileSync(f, 'utf8'), f.startsWith(outMain) ? [...TEST_HELPERS, ...CONTROL] : CONTROL, [
          ...CONTROL_LITERALS,
          ...HELPER_LITERALS,
        ]),
      }))
      .filter((l) => l.marker !== null);
    expect(leaks).toEqual([]);
  });

  // What `npm start` runs where Electron is missing: the bundle must load in plain Node
  // (a name two modules declare in one chunk fails only there, never under vitest).
  it('opens the demo from the built web host: it prints its address and serves the page', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stayboard-bundle-'));
    const child = spawn(process.execPath, [join(outMain, 'host.js'), '--demo', '--data', dataDir], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, STAYBOARD_LOG: 'warn' },
    });
    try {
      const url = await new Promise<string>((done, fail) => {
        let out = '';
        let err = '';
        child.stdout.on('data', (b: Buffer) => {
          out += b.toString();
          const m = /^(http:\/\/127\.0\.0\.1:\d+\/\S*)$/m.exec(out);
          if (m) done(m[1]!);
        });
        child.stderr.on('data', (b: Buffer) => (err += b.toString()));
        child.on('exit', (code) => fail(new Error(`the built web host exited (${code}) before its address:\n${err}`)));
      });
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="app"');
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it("emits the demo's simulator as a chunk loaded only through import()", () => {
    const closure = staticClosure(ENTRIES.map((e) => join(outMain, e)));
    const lazy = builtFiles(outMain).filter((f) => !closure.has(f));
    const withSimulator = lazy.filter((f) => found(readFileSync(f, 'utf8'), ['serveSimulator']) !== null);
    expect(withSimulator.length).toBe(1);
    const loaders = [...closure].filter((f) => links(f).dynamics.includes(withSimulator[0]!));
    expect(loaders.length).toBeGreaterThan(0);
  });
});
