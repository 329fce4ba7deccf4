#!/usr/bin/env node
// `npm test`: every check the project has, in one run, ending with the plain
// line "N passed, N failed" summed over every runner (lint, the layer rules and
// typecheck count as one check each; then vitest's tests; then Playwright's e2e
// tests). A test that passed only on a retry counts as failed (scripts/tally.mjs).
//
// The whole run happens inside a private D-Bus session with a real Secret
// Service (gnome-keyring, unlocked with a throwaway password, data in a temp
// dir), so the keychain tests talk to the real thing and never to the
// developer's own keyring.
//
// Options: --skip-static (no lint/typecheck), --skip-e2e, --skip-build;
// anything after `--` goes to vitest as filters.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { secretServiceUp } from './secret-service.mjs';
import { playwrightProblems, tallyPlaywright, tallyVitest } from './tally.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const sep = args.indexOf('--');
const flags = new Set(sep === -1 ? args : args.slice(0, sep));
const vitestFilters = sep === -1 ? [] : args.slice(sep + 1);
const bin = (name) => join(root, 'node_modules', '.bin', name);
const resultsDir = join(root, 'test-results');

if (!process.env.STAYBOARD_IN_DBUS) {
  // Re-enter inside a fresh session bus; everything below runs there.
  const r = spawnSync('dbus-run-session', ['--', process.execPath, fileURLToPath(import.meta.url), ...args], {
    stdio: 'inherit',
    env: { ...process.env, STAYBOARD_IN_DBUS: '1' },
  });
  process.exit(r.status ?? 1);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function startKeyring() {
  const dataHome = mkdtempSync(join(tmpdir(), 'stayboard-keyring-'));
  process.env.XDG_DATA_HOME = dataHome;
  const daemon = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], {
    stdio: ['pipe', 'ignore', 'ignore'],
    env: process.env,
  });
  daemon.stdin.end('stayboard-test-keyring\n');
  for (let i = 0; i < 100; i++) {
    if (secretServiceUp()) {
      process.env.STAYBOARD_KEYRING = 'available';
      return () => {
        daemon.kill();
        rmSync(dataHome, { recursive: true, force: true });
      };
    }
    await sleep(100);
  }
  console.error('test: gnome-keyring did not come up; keychain tests will report the keychain as unavailable.');
  daemon.kill();
  return () => rmSync(dataHome, { recursive: true, force: true });
}

let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];

function step(name, cmd, cmdArgs, extraEnv = {}) {
  console.log(`\n━━ ${name} ━━`);
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit', cwd: root, env: { ...process.env, ...extraEnv } });
  return r.status ?? 1;
}

/** Counts one check and lists it in the summary. */
function record(name, ok) {
  if (ok) passed++;
  else failed++;
  lines.push(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
  return ok;
}

function check(name, cmd, cmdArgs) {
  return record(name, step(name, cmd, cmdArgs) === 0);
}

/**
 * Runs checks a core at a time each (every one is a single-threaded process); each one's output is printed whole
 * with its time when it ends; counted and listed in the order given.
 */
async function checksInParallel(checks) {
  const results = new Array(checks.length);
  let next = 0;
  async function worker() {
    while (next < checks.length) {
      const i = next++;
      const [name, cmd, cmdArgs] = checks[i];
      const started = Date.now();
      const out = [];
      results[i] = await new Promise((done) => {
        const child = spawn(cmd, cmdArgs, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout.on('data', (d) => out.push(d));
        child.stderr.on('data', (d) => out.push(d));
        child.on('error', (e) => {
          out.push(Buffer.from(`${e.message}\n`));
          done(false);
        });
        child.on('close', (code) => done(code === 0));
      });
      console.log(`\n━━ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s) ━━`);
      process.stdout.write(Buffer.concat(out));
    }
  }
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), checks.length) }, worker));
  checks.forEach(([name], i) => record(name, results[i]));
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const stopKeyring = await startKeyring();
mkdirSync(resultsDir, { recursive: true });
try {
  if (!flags.has('--skip-static')) {
    // A core each (two on our machines). ESLint goes first, being the longest.
    await checksInParallel([
      ['lint (eslint)', bin('eslint'), ['--max-warnings', '0', '.']],
      ['format (prettier --check)', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
      [
        'layers (dependency-cruiser)',
        bin('depcruise'),
        ['--config', '.dependency-cruiser.mjs', 'electron', 'shared', 'renderer'],
      ],
      ['electron security (electronegativity)', process.execPath, ['scripts/electronegativity.mjs']],
      ['typecheck (tsc, node side)', bin('tsc'), ['-p', 'tsconfig.node.json', '--noEmit']],
      ['typecheck (tsc, e2e specs)', bin('tsc'), ['-p', 'tests/e2e/tsconfig.json', '--noEmit']],
      [
        'typecheck (svelte-check, renderer)',
        bin('svelte-check'),
        ['--tsconfig', './tsconfig.web.json', '--fail-on-warnings', '--output', 'machine'],
      ],
    ]);
  }
  const built = flags.has('--skip-build') || check('build (electron-vite)', bin('electron-vite'), ['build']);

  const vitestJson = join(resultsDir, 'vitest.json');
  const vitestFlaky = join(resultsDir, 'vitest-flaky.json');
  rmSync(vitestJson, { force: true });
  rmSync(vitestFlaky, { force: true });
  const vStatus = step(
    'unit + integration (vitest)',
    bin('vitest'),
    [
      'run',
      '--reporter=default',
      '--reporter=json',
      '--reporter=./scripts/vitest-flaky.mjs',
      `--outputFile.json=${vitestJson}`,
      ...vitestFilters,
    ],
    { STAYBOARD_VITEST_FLAKY: vitestFlaky },
  );
  const v = readJson(vitestJson);
  if (v) {
    const t = tallyVitest(v, readJson(vitestFlaky) ?? []);
    passed += t.passed;
    failed += t.failed;
    skipped += t.skipped;
    lines.push(`${vStatus === 0 && t.failed === 0 ? 'ok  ' : 'FAIL'} ${t.line}`);
    for (const problem of t.problems) lines.push(`     ${problem}`);
  } else {
    failed++;
    lines.push('FAIL vitest produced no report');
  }
  if (vStatus !== 0 && v && failed === 0) {
    failed++;
    lines.push('FAIL vitest exited non-zero');
  }

  if (!flags.has('--skip-e2e') && existsSync(join(root, 'tests', 'e2e'))) {
    if (!built) {
      failed++;
      lines.push('FAIL e2e not run: the build failed');
    } else {
      const pwJson = join(resultsDir, 'playwright.json');
      rmSync(pwJson, { force: true });
      const pStatus = step('end-to-end (playwright, chromium)', bin('playwright'), ['test', '--reporter=list,json'], {
        PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
      });
      const p = readJson(pwJson);
      if (p?.stats) {
        const t = tallyPlaywright(p.stats);
        passed += t.passed;
        failed += t.failed;
        skipped += t.skipped;
        lines.push(`${pStatus === 0 && t.failed === 0 ? 'ok  ' : 'FAIL'} ${t.line}`);
        for (const problem of playwrightProblems(p)) lines.push(`     ${problem}`);
        if (pStatus !== 0 && t.failed === 0) {
          failed++;
          lines.push('FAIL playwright exited non-zero');
        }
      } else {
        failed++;
        lines.push('FAIL playwright produced no report');
      }
    }
  }
} finally {
  stopKeyring();
}

console.log('\n━━ summary ━━');
for (const line of lines) console.log(line);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
