// The web host: static files with the CSP, the WebSocket bridge speaking the
// contract, and the doors it keeps shut (wrong secret, foreign origin, wrong
// Host, traversal, malformed messages).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { BRIDGE_PATH, ok } from '../../shared/contract';
import { EventBus } from '../services/bus';
import { silentLogger } from '../log/log';
import type { Dispatcher } from '../services/dispatcher';
import { parseWireRequest, secretMatches, startWebHost, type WebHost } from './web';

function rendererDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'stayboard-renderer-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>');
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(dir, '.env'), 'SECRET=1');
  return dir;
}

const SECRET = 'test-secret-123';
let host: WebHost | null = null;
const bus = new EventBus();
const calls: [unknown, unknown][] = [];
const dispatcher: Dispatcher = {
  dispatch: (name, input) => {
    calls.push([name, input]);
    return Promise.resolve(ok({ echo: name }));
  },
};

async function start(): Promise<WebHost> {
  host = await startWebHost({ dispatcher, bus, rendererDir: rendererDir(), log: silentLogger, secret: SECRET });
  return host;
}
afterEach(async () => {
  await host?.close();
  host = null;
  calls.length = 0;
});

function socket(h: WebHost, opts: { secret?: string; origin?: string } = {}): Promise<WebSocket> {
  const ws = new WebSocket(
    `ws://127.0.0.1:${h.port}${BRIDGE_PATH}?secret=${encodeURIComponent(opts.secret ?? SECRET)}`,
    {
      origin: opts.origin ?? h.origin,
    },
  );
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(String(res.statusCode))));
    ws.once('error', reject);
  });
}

function next(ws: WebSocket): Promise<unknown> {
  return new Promise((resolve) => ws.once('message', (d: Buffer) => resolve(JSON.parse(d.toString('utf8')))));
}

describe('web host', () => {
  it('listens on 127.0.0.1 and prints a URL carrying the secret', async () => {
    const h = await start();
    expect(h.url).toBe(`http://127.0.0.1:${h.port}/?secret=${SECRET}`);
  });

  it('serves the renderer with the CSP (connect only to itself) and protective headers', async () => {
    const h = await start();
    const res = await fetch(`${h.origin}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${h.port}`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await fetch(`${h.origin}/assets/app.js`)).headers.get('content-type')).toContain('text/javascript');
  });

  it('refuses traversal, hidden files, unknown paths and other methods', async () => {
    const h = await start();
    for (const path of [
      '/..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/.env',
      '/nope.js',
      '/assets/..%5c..%5c.env',
    ])
      expect((await fetch(`${h.origin}${path}`)).status, path).toBe(404);
    expect((await fetch(`${h.origin}/`, { method: 'POST' })).status).toBe(405);
  });

  it('refuses a request for another Host name (DNS rebinding)', async () => {
    const h = await start();
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve) => {
      request({ host: '127.0.0.1', port: h.port, path: '/', headers: { host: `evil.example:${h.port}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).end();
    });
    expect(status).toBe(421);
  });

  it('answers contract calls over the WebSocket and pushes events', async () => {
    const h = await start();
    const ws = await socket(h);
    const answer = next(ws);
    ws.send(JSON.stringify({ id: 7, name: 'app.info', input: {} }));
    expect(await answer).toEqual({ id: 7, result: { ok: true, value: { echo: 'app.info' } } });
    expect(calls).toEqual([['app.info', {}]]);
    const pushed = next(ws);
    bus.emit('cache.changed', { resources: ['bookings'] });
    expect(await pushed).toEqual({ event: 'cache.changed', payload: { resources: ['bookings'] } });
    ws.close();
  });

  it('refuses a WebSocket without the secret or with a wrong one', async () => {
    const h = await start();
    await expect(socket(h, { secret: '' })).rejects.toThrow('401');
    await expect(socket(h, { secret: 'guess' })).rejects.toThrow('401');
    expect(h.clients()).toBe(0);
  });

  it('refuses a WebSocket from a foreign origin even with the secret', async () => {
    const h = await start();
    await expect(socket(h, { origin: 'https://evil.example' })).rejects.toThrow('403');
    await expect(socket(h, { origin: `http://localhost:${h.port + 1}` })).rejects.toThrow('403');
  });

  it('closes a connection that sends a malformed message', async () => {
    const h = await start();
    const ws = await socket(h);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send('{"name":"app.info"}');
    expect(await closed).toBe(1008);
    expect(calls).toEqual([]);
  });

  it('closes its connections when it stops', async () => {
    const h = await start();
    const ws = await socket(h);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await h.close();
    expect(await closed).toBe(1001);
  });
});

describe('wire helpers', () => {
  it('compares secrets exactly', () => {
    expect(secretMatches('abc', 'abc')).toBe(true);
    expect(secretMatches('abd', 'abc')).toBe(false);
    expect(secretMatches('ab', 'abc')).toBe(false);
    expect(secretMatches(null, 'abc')).toBe(false);
  });
  it('parses only well-formed requests', () => {
    expect(parseWireRequest('{"id":1,"name":"a.b","input":{}}')).toEqual({ id: 1, name: 'a.b', input: {} });
    for (const bad of ['', 'null', '[]', '{"id":"1","name":"a"}', '{"id":1.5,"name":"a"}', '{"id":1}'])
      expect(parseWireRequest(bad)).toBeNull();
  });
});
