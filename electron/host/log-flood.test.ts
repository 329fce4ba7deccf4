// Issue 27 case 7: the log is bounded within a run. It rotates by size while
// the app runs (not only when the file is opened), and a flood of refused
// WebSocket handshakes from a local process is counted and summarised — a few
// lines, not one per attempt.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BRIDGE_PATH, ok } from '../../shared/contract';
import { EventBus } from '../services/bus';
import { createLogger, fileSink, memorySink, RefusalLog } from '../log/log';
import { startWebHost } from './web';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'stayboard-log-flood-'));
  dirs.push(d);
  return d;
};

/** One WebSocket handshake without the secret, answered (refused) by the host. */
function refusedHandshake(port: number, origin: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path: `${BRIDGE_PATH}?secret=wrong`,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        Origin: origin,
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 101);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a bounded log (issue 27, case 7)', { timeout: 120_000 }, () => {
  it('rotates by size while running: the file and its one predecessor stay within the limit', async () => {
    const file = join(tempDir(), 'logs', 'main.log');
    const sink = fileSink(file, { maxBytes: 64 * 1024 });
    const log = createLogger({ sinks: [sink] });
    for (let i = 0; i < 5_000; i++) log.info(`line ${i} ${'·'.repeat(60)}`);
    await sink.close();
    expect(statSync(file).size).toBeLessThanOrEqual(64 * 1024);
    expect(statSync(`${file}.1`).size).toBeLessThanOrEqual(64 * 1024);
    expect(readFileSync(file, 'utf8')).toMatch(/line 4999 ·+\n$/);
  });

  it('5,000 refused WebSocket handshakes: every one refused, a few lines in the log', async () => {
    const rendererDir = tempDir();
    mkdirSync(join(rendererDir, 'assets'));
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
    const lines = memorySink();
    const host = await startWebHost({
      dispatcher: { dispatch: () => Promise.resolve(ok(null)) },
      bus: new EventBus(),
      rendererDir,
      log: createLogger({ sinks: [lines] }),
      secret: 'the-right-secret',
    });
    try {
      const statuses = new Map<number, number>();
      for (let batch = 0; batch < 50; batch++) {
        const answers = await Promise.all(Array.from({ length: 100 }, () => refusedHandshake(host.port, host.origin)));
        for (const s of answers) statuses.set(s, (statuses.get(s) ?? 0) + 1);
      }
      expect(Object.fromEntries(statuses)).toEqual({ 401: 5_000 });
    } finally {
      await host.close();
    }
    const refusals = lines.lines.filter((l) => l.includes('refused'));
    expect(refusals.length).toBeLessThanOrEqual(3);
    // The count is said at close: the first refusal in full, then how many more.
    expect(refusals.join('')).toContain('4999 more times');
  });

  it('summarises per window: one line for the first refusal of a window, one for the rest', () => {
    const sink = memorySink();
    let now = 0;
    const refusals = new RefusalLog(createLogger({ sinks: [sink] }), () => now, 60_000);
    for (let i = 0; i < 1_000; i++) refusals.refused('a WebSocket without the right secret');
    now = 61_000;
    refusals.refused('a WebSocket without the right secret');
    expect(sink.lines.length).toBe(3);
    expect(sink.lines[1]).toContain('999 more times');
    refusals.flush(true);
    expect(sink.lines.length).toBe(3);
  });
});
