// The renderer's transport picker and the WebSocket transport, with a fake socket.
import { describe, expect, it, vi } from 'vitest';
import type { StayboardBridge } from '../../../../shared/contract';
import { pickBridge, takeSecret, type BridgeEnvironment } from './index';
import { createWebSocketBridge, type SocketLike } from './websocket';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: { id: number; name: string; input: unknown }[] = [];
  private listeners = new Map<string, ((e: { data?: unknown }) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, fn: (e: { data?: unknown }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  private fire(type: string, e: { data?: unknown } = {}) {
    for (const fn of this.listeners.get(type) ?? []) fn(e);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as FakeSocket['sent'][number]);
  }
  close() {
    this.readyState = 3;
    this.fire('close');
  }
  open() {
    this.readyState = 1;
    this.fire('open');
  }
  receive(msg: unknown) {
    this.fire('message', { data: JSON.stringify(msg) });
  }
}

function env(href: string, preload?: StayboardBridge) {
  const store = new Map<string, string>();
  const sockets: FakeSocket[] = [];
  const replaced: string[] = [];
  const u = new URL(href);
  const e: BridgeEnvironment = {
    location: { href, host: u.host, protocol: u.protocol },
    history: {
      state: null,
      replaceState: (_s: unknown, _t: string, url?: string | URL | null) => void replaced.push(String(url)),
    },
    sessionStorage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    preload,
    connect: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
  };
  return { e, sockets, replaced, store };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('transport picker', () => {
  it('uses the preload bridge when Electron provides one', () => {
    const preload = { invoke: vi.fn(), on: vi.fn() } as unknown as StayboardBridge;
    const { e, sockets } = env('app://stayboard/index.html', preload);
    expect(pickBridge(e)).toBe(preload);
    expect(sockets).toEqual([]);
  });

  it('otherwise takes the secret from the URL, hides it, and connects to /bridge with it', async () => {
    const { e, sockets, replaced, store } = env('http://127.0.0.1:5555/?secret=s%2B3&x=1#/today');
    const bridge = pickBridge(e);
    expect(replaced).toEqual(['/?x=1#/today']);
    expect(store.get('stayboard.secret')).toBe('s+3');
    void bridge.invoke('app.info', {});
    await flush();
    expect(sockets[0]!.url).toBe('ws://127.0.0.1:5555/bridge?secret=s%2B3');
  });

  it('finds the secret again after a reload (same tab)', () => {
    const first = env('http://127.0.0.1:5555/?secret=abc');
    takeSecret(first.e);
    const reload = { ...first.e, location: { ...first.e.location, href: 'http://127.0.0.1:5555/' } };
    expect(takeSecret(reload)).toBe('abc');
  });
});

describe('WebSocket bridge', () => {
  function setup() {
    const sockets: FakeSocket[] = [];
    const bridge = createWebSocketBridge('ws://h/bridge?secret=x', (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    });
    return { bridge, sockets };
  }

  it('waits for the socket, then matches answers to calls by id', async () => {
    const { bridge, sockets } = setup();
    const a = bridge.invoke('app.info', {});
    const b = bridge.invoke('session.get', {});
    await flush();
    const s = sockets[0]!;
    expect(s.sent).toEqual([]);
    s.open();
    await flush();
    expect(s.sent.map((m) => m.name)).toEqual(['app.info', 'session.get']);
    s.receive({ id: s.sent[1]!.id, result: { ok: true, value: 'second' } });
    s.receive({ id: s.sent[0]!.id, result: { ok: true, value: 'first' } });
    expect(await a).toEqual({ ok: true, value: 'first' });
    expect(await b).toEqual({ ok: true, value: 'second' });
  });

  it('refuses names outside the contract without sending', async () => {
    const { bridge, sockets } = setup();
    expect(await bridge.invoke('eval' as never, {} as never)).toMatchObject({
      ok: false,
      error: { code: 'unknown_command' },
    });
    expect(sockets).toEqual([]);
  });

  it('delivers events to their listeners until off', async () => {
    const { bridge, sockets } = setup();
    const got: unknown[] = [];
    const off = bridge.on('cache.changed', (p) => got.push(p));
    bridge.on('session.expired', () => got.push('wrong'));
    sockets[0]!.open();
    await flush();
    sockets[0]!.receive({ event: 'cache.changed', payload: { resources: ['bookings'] } });
    off();
    sockets[0]!.receive({ event: 'cache.changed', payload: { resources: ['cleaning'] } });
    expect(got).toEqual([{ resources: ['bookings'] }]);
  });

  it('answers disconnected for calls in flight when the socket closes, and reconnects on the next call', async () => {
    const { bridge, sockets } = setup();
    const pending = bridge.invoke('app.info', {});
    await flush();
    sockets[0]!.open();
    await flush();
    sockets[0]!.close();
    expect(await pending).toMatchObject({ ok: false, error: { code: 'disconnected' } });
    const again = bridge.invoke('app.info', {});
    await flush();
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    await flush();
    sockets[1]!.receive({ id: sockets[1]!.sent[0]!.id, result: { ok: true, value: 1 } });
    expect(await again).toEqual({ ok: true, value: 1 });
  });

  it('answers disconnected when the host cannot be reached at all', async () => {
    const { bridge, sockets } = setup();
    const r = bridge.invoke('app.info', {});
    await flush();
    sockets[0]!.close();
    expect(await r).toMatchObject({ ok: false, error: { code: 'disconnected' } });
  });

  it('tells drop listeners when an open socket closes, and events flow again over the next socket', async () => {
    const { bridge, sockets } = setup();
    const got: unknown[] = [];
    bridge.on('cache.changed', (p) => got.push(p));
    let drops = 0;
    bridge.onDrop(() => drops++);
    await flush();
    sockets[0]!.open();
    await flush();
    sockets[0]!.close();
    expect(drops).toBe(1);
    const again = bridge.invoke('app.info', {});
    await flush();
    sockets[1]!.open();
    await flush();
    sockets[1]!.receive({ event: 'cache.changed', payload: { resources: ['guests'] } });
    expect(got).toEqual([{ resources: ['guests'] }]);
    sockets[1]!.receive({ id: sockets[1]!.sent[0]!.id, result: { ok: true, value: 1 } });
    await again;
    // A socket that never opened (the host refused it) is not a drop: the call's answer says so.
    sockets[1]!.close();
    const refused = bridge.invoke('app.info', {});
    await flush();
    sockets[2]!.close();
    expect(await refused).toMatchObject({ ok: false, error: { code: 'disconnected' } });
    expect(drops).toBe(2);
  });

  it('ignores garbage and answers a malformed result as internal', async () => {
    const { bridge, sockets } = setup();
    const r = bridge.invoke('app.info', {});
    await flush();
    sockets[0]!.open();
    await flush();
    sockets[0]!.receive('nonsense');
    sockets[0]!.receive({ id: sockets[0]!.sent[0]!.id, result: { ok: 'maybe' } });
    expect(await r).toMatchObject({ ok: false, error: { code: 'internal' } });
  });
});
