import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findElectronBinary } from './electron-binary';

function project(files: Record<string, string>, executable?: string) {
  const root = mkdtempSync(join(tmpdir(), 'stayboard-electron-'));
  for (const [rel, text] of Object.entries(files)) {
    const full = join(root, rel);
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, text);
  }
  if (executable) chmodSync(join(root, executable), 0o755);
  return root;
}

describe('findElectronBinary', () => {
  it('says why when the binary was never downloaded (this machine)', () => {
    const root = project({ 'node_modules/electron/package.json': '{}' });
    expect(findElectronBinary(root, {})).toEqual({
      ok: false,
      reason: "Electron's binary was never downloaded (node_modules/electron/path.txt is missing)",
    });
    expect(findElectronBinary(join(root, 'nowhere'), {})).toMatchObject({ ok: false });
  });

  it('finds the downloaded binary the way the electron package would', () => {
    const root = project(
      {
        'node_modules/electron/package.json': '{}',
        'node_modules/electron/path.txt': 'electron',
        'node_modules/electron/dist/electron': '',
      },
      'node_modules/electron/dist/electron',
    );
    expect(findElectronBinary(root, {})).toEqual({ ok: true, path: join(root, 'node_modules/electron/dist/electron') });
  });

  it('refuses a binary that is not executable, and honours ELECTRON_OVERRIDE_DIST_PATH', () => {
    const root = project({
      'node_modules/electron/package.json': '{}',
      'node_modules/electron/path.txt': 'electron',
      'node_modules/electron/dist/electron': '',
      'custom/electron': '',
    });
    const refused = findElectronBinary(root, {});
    expect(!refused.ok && refused.reason).toContain('not executable');
    chmodSync(join(root, 'custom/electron'), 0o755);
    expect(findElectronBinary(root, { ELECTRON_OVERRIDE_DIST_PATH: join(root, 'custom') })).toEqual({
      ok: true,
      path: join(root, 'custom/electron'),
    });
  });

  it('reports the real state of this checkout without trying to download anything', () => {
    const result = findElectronBinary(join(import.meta.dirname, '..', '..'));
    expect(typeof result.ok).toBe('boolean');
  });
});
