// `npm start`: builds what changed, then opens the Electron app. Where the
// Electron binary is missing (it cannot be downloaded on machines like our
// build servers) it says so in one sentence and serves the same app to the
// browser through the web host, on the demo workspace.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { findElectronBinary } from '../electron/shell/electron-binary';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const SOURCES = [
  'electron',
  'shared',
  'renderer',
  'simulator',
  'electron.vite.config.ts',
  'svelte.config.js',
  'package.json',
];
const OUTPUTS = ['out/main/index.js', 'out/main/host.js', 'out/preload/index.cjs', 'out/renderer/index.html'];

/** Newest modification time under `path` (files only; tests and dot-folders skipped: they are not built). */
function newest(path: string): number {
  let st;
  try {
    st = statSync(path);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return /\.test\.ts$/.test(path) ? 0 : st.mtimeMs;
  let max = 0;
  for (const name of readdirSync(path)) {
    if (name.startsWith('.') || name === 'node_modules') continue;
    max = Math.max(max, newest(join(path, name)));
  }
  return max;
}

/** Why a build is needed (missing or older than a source), or null when out/ is current. */
export function staleReason(dir: string): string | null {
  const outputs = OUTPUTS.map((o) => join(dir, o));
  const missing = outputs.find((o) => !existsSync(o));
  if (missing) return `${missing} is missing`;
  const built = Math.min(...outputs.map((o) => statSync(o).mtimeMs));
  const changed = SOURCES.find((s) => newest(join(dir, s)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

function build(): void {
  const reason = staleReason(root);
  if (!reason) return;
  console.error(`Building (${reason})…`);
  const r = spawnSync(join(root, 'node_modules', '.bin', 'electron-vite'), ['build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('The build failed (see above).');
    process.exit(r.status ?? 1);
  }
}

function openElectron(binary: string, args: string[]): void {
  const env = { ...process.env };
  delete env['ELECTRON_RUN_AS_NODE']; // would turn the app into a plain Node process
  const child = spawn(binary, [root, ...args], { cwd: root, stdio: 'inherit', env });
  child.on('exit', (code) => process.exit(code ?? 0));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
}

/**
 * The web host on the demo, from the build (out/main/host.js: plain Node loads
 * the bundle in ≈ 0.2 s where transpiling the sources took ≈ 0.5 s). It prints
 * the address; Ctrl+C reaches it through the terminal's process group.
 */
function openInBrowser(): void {
  console.log(
    "Electron's binary is not installed on this machine (it cannot be downloaded here), so Stayboard opens in your browser instead.",
  );
  const child = spawn(process.execPath, [join(root, 'out', 'main', 'host.js'), '--demo'], {
    cwd: root,
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
  // Stopped by a signal sent to this process alone (not the terminal's Ctrl+C): pass it on.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
}

function main(): void {
  build();
  const electron = findElectronBinary(root);
  if (electron.ok) openElectron(electron.path, process.argv.slice(2));
  else openInBrowser();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    main();
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  }
}
