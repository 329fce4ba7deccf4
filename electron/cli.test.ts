import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../simulator';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'stayboard-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(args: string[], stdin = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe('npm run cli', { timeout: 60_000 }, () => {
  it('syncs the demo simulator: progress on stderr, a JSON summary on stdout; then status, search and query offline', async () => {
    const db = join(dir, 'demo.db');
    const sync = await cli(['sync', '--full', '--demo', '--demo-listings', '2', '--today', '2026-06-10', '--db', db]);
    expect(sync.code).toBe(0);
    const summary = JSON.parse(sync.stdout) as {
      requestsTotal: number;
      requests: Record<string, number>;
      written: Record<string, number>;
      quarantined: number;
      durationMs: number;
    };
    expect(summary.requestsTotal).toBeGreaterThan(20);
    expect(summary.requests['bookings']).toBeGreaterThan(0);
    expect(summary.written['bookings']).toBeGreaterThan(0);
    expect(summary.quarantined).toBe(0);
    expect(summary.durationMs).toBeGreaterThan(0);
    expect(sync.stderr).toMatch(/done: \d+ jobs/);
    expect(statSync(db).mode & 0o777).toBe(0o600);

    const status = await cli(['status', '--db', db, '--today', '2026-06-10']);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ state: 'signedOut', quarantined: 0 });

    const listing = await cli(['query', 'listings', '--db', db, '--limit', '1']);
    const name = (JSON.parse(listing.stdout) as { name: string }[])[0]!.name;
    const found = await cli(['search', name.split(' ')[0]!, '--db', db]);
    expect((JSON.parse(found.stdout) as { hits: { kind: string }[] }).hits.some((h) => h.kind === 'listing')).toBe(
      true,
    );

    const bad = await cli(['query', 'sqlite_master', '--db', db]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/query needs one of/);
  });

  it('takes the password on stdin and says plainly when it is wrong', async () => {
    const sim = await startSimulator({ listings: 1, today: '2026-06-10', user: 'ops', password: 'right' });
    try {
      const db = join(dir, 'real.db');
      const wrong = await cli(['sync', '--api', sim.url, '--user', 'ops', '--password-stdin', '--db', db], 'wrong\n');
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toMatch(/not accepted/);
      const ok = await cli(['sync', '--api', sim.url, '--user', 'ops', '--password-stdin', '--db', db], 'right\n');
      expect(ok.code).toBe(0);
      expect(ok.stdout + ok.stderr).not.toContain('right\n');
    } finally {
      await sim.close();
    }
  });
});
