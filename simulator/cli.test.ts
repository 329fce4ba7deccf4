// `npm run sim`: the CLI starts the server, prints the base URL, credentials
// and control secret, applies fault flags, and stops cleanly on SIGTERM.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsx = `${root}node_modules/.bin/tsx`;

describe('cli', () => {
  it('starts, prints how to connect, honours flags and stops on SIGTERM', async () => {
    const child = spawn(
      tsx,
      [
        'simulator/cli.ts',
        '--port',
        '0',
        '--listings',
        '5',
        '--user',
        'ops',
        '--password',
        'pw',
        '--error-rate',
        '1',
        '--error-routes',
        'origins.list',
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      let out = '';
      child.stdout.setEncoding('utf8');
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no banner: ${out}`)), 20_000);
        child.stdout.on('data', (chunk: string) => {
          out += chunk;
          if (out.includes('Press Ctrl+C')) {
            clearTimeout(timer);
            resolve();
          }
        });
        child.once('exit', () => reject(new Error(`exited early: ${out}`)));
      });
      const url = /base URL\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1]!;
      expect(out).toMatch(/ops \/ pw/);
      expect(out).toMatch(/control secret\s+\S+/);
      const login = await fetch(`${url}/api/v1/login`, {
        method: 'POST',
        headers: { Authorization: `Basic ${Buffer.from('ops:pw').toString('base64')}` },
      });
      const { token } = (await login.json()) as { token: string };
      const origins = await fetch(`${url}/api/v1/origins`, { headers: { Authorization: `Bearer ${token}` } });
      expect([500, 502, 503]).toContain(origins.status);
      const listings = await fetch(`${url}/api/v1/listings`, { headers: { Authorization: `Bearer ${token}` } });
      expect(listings.status).toBe(200);
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
