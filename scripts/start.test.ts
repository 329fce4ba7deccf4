import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staleReason } from './start';

function checkout() {
  const root = mkdtempSync(join(tmpdir(), 'stayboard-start-'));
  for (const d of ['electron', 'shared', 'renderer/src', 'simulator', 'out/main', 'out/preload', 'out/renderer'])
    mkdirSync(join(root, d), { recursive: true });
  writeFileSync(join(root, 'electron/main.ts'), '');
  writeFileSync(join(root, 'renderer/src/App.svelte'), '');
  const old = new Date('2026-01-01T00:00:00Z');
  for (const f of ['electron/main.ts', 'renderer/src/App.svelte']) utimesSync(join(root, f), old, old);
  return root;
}

describe('npm start build check', () => {
  it('builds when an output is missing', () => {
    expect(staleReason(checkout())).toMatch(/out\/main\/index\.js is missing/);
  });

  it('builds when a source is newer than the build, and not otherwise', () => {
    const root = checkout();
    for (const o of ['out/main/index.js', 'out/main/host.js', 'out/preload/index.cjs', 'out/renderer/index.html'])
      writeFileSync(join(root, o), '');
    expect(staleReason(root)).toBeNull();
    const future = new Date(Date.now() + 60_000);
    writeFileSync(join(root, 'renderer/src/App.svelte'), 'changed');
    utimesSync(join(root, 'renderer/src/App.svelte'), future, future);
    expect(staleReason(root)).toBe('renderer changed since the last build');
  });

  it('ignores test files (they are not part of the build)', () => {
    const root = checkout();
    for (const o of ['out/main/index.js', 'out/main/host.js', 'out/preload/index.cjs', 'out/renderer/index.html'])
      writeFileSync(join(root, o), '');
    const future = new Date(Date.now() + 60_000);
    writeFileSync(join(root, 'electron/x.test.ts'), '');
    utimesSync(join(root, 'electron/x.test.ts'), future, future);
    expect(staleReason(root)).toBeNull();
  });
});
