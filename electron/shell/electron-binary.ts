// Where the Electron binary is, without asking the `electron` package: its
// index.js tries to DOWNLOAD the binary when it is missing, which hangs or
// fails on machines without internet. We read the same files it would.
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type ElectronBinary = { ok: true; path: string } | { ok: false; reason: string };

export function findElectronBinary(root: string, env: NodeJS.ProcessEnv = process.env): ElectronBinary {
  const pkg = join(root, 'node_modules', 'electron');
  if (!existsSync(join(pkg, 'package.json'))) return { ok: false, reason: 'the electron package is not installed' };
  const pathFile = join(pkg, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const override = env['ELECTRON_OVERRIDE_DIST_PATH'];
  const full = override ? join(override, relative || 'electron') : relative ? join(pkg, 'dist', relative) : '';
  if (!full)
    return { ok: false, reason: "Electron's binary was never downloaded (node_modules/electron/path.txt is missing)" };
  try {
    accessSync(full, constants.X_OK);
  } catch {
    return { ok: false, reason: `Electron's binary is missing or not executable at ${full}` };
  }
  return { ok: true, path: full };
}
