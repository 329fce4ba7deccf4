// What the built main bundle (out/main) may hold: the app's entries (index.js
// for Electron, host.js for the web host) and every chunk they load with a
// static import carry no simulator code; no file of out/main carries the
// simulator's control API or a test helper (electron/**/testing/*,
// services/testing.ts, api/test-server.ts, simulator/conformance/*). The demo's simulator (without a
// control API) lives in a chunk reached only through import(), which the build
// must still emit (the demo opens from it).
//
// A module is recognised by its fingerprints: the names of its top-level
// functions and classes that no production module also declares (a bundler
// keeps them), plus a few string literals only it uses.
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
    else if (path.endsWith('.ts') && !path.endsWith('.d.ts')) out.push(path);
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

const sources = [...walk(join(root, 'electron')), ...walk(join(root, 'shared'))].filter((f) => !isTest(rel(f)));
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
  return literals.find((l) => lower.includes(l)) ?? null;
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
    .filter((p) => p.endsWith('.js') && statSync(p).isFile());
}

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
    // The check finds them in their own sources, so it would find them bundled.
    const sim = readFileSync(join(root, 'simulator', 'server', 'control.ts'), 'utf8');
    expect(found(sim, SIMULATOR, CONTROL_LITERALS)).not.toBeNull();
  });

  it('starts the app without loading any simulator code or control API', () => {
    const closure = staticClosure(ENTRIES.map((e) => join(outMain, e)));
    for (const e of ENTRIES) expect(existsSync(join(outMain, e)), e).toBe(true);
    const leaks = [...closure]
      .map((f) => ({ file: rel(f), marker: found(readFileSync(f, 'utf8'), SIMULATOR, CONTROL_LITERALS) }))
      .filter((l) => l.marker !== null);
    expect(leaks).toEqual([]);
  });

  it('holds no test helper and no control API in any file', () => {
    const leaks = builtFiles(outMain)
      .map((f) => ({
        file: rel(f),
        marker: found(readFileSync(f, 'utf8'), [...TEST_HELPERS, ...CONTROL], CONTROL_LITERALS),
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
