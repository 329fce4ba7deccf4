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
  /** The host's answer to the nth call sent on this socket. */
  answer(result: unknown, nth = 0) {
    this.receive({ id: this.sent[nth]!.id, result });
  }
}

/** A connect function that makes fake sockets, and the sockets it made. */
function fakeSockets() {
  const sockets: FakeSocket[] = [];
  const connect = (url: string) => {
    const s = new FakeSocket(url);
    sockets.push(s);
    return s;
  };
  return { sockets, connect };
}

function env(href: string, preload?: StayboardBridge) {
  const store = new Map<string, string>();
  const { sockets, connect } = fakeSockets();
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
    connect,
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
    const { sockets, connect } = fakeSockets();
    const bridge = createWebSocketBridge('ws://h/bridge?secret=x', connect);
    /** The nth socket, once the bridge has asked for it and the host has let it open. */
    const opened = async (nth: number) => {
      await flush();
      sockets[nth]!.open();
      await flush();
      return sockets[nth]!;
    };
    return { bridge, sockets, opened };
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
    s.answer({ ok: true, value: 'second' }, 1);
    s.answer({ ok: true, value: 'first' }, 0);
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
    const { bridge, opened } = setup();
    const got: unknown[] = [];
    const off = bridge.on('cache.changed', (p) => got.push(p));
    bridge.on('session.expired', () => got.push('wrong'));
    const s = await opened(0);
    s.receive({ event: 'cache.changed', payload: { resources: ['bookings'] } });
    off();
    s.receive({ event: 'cache.changed', payload: { resources: ['cleaning'] } });
    expect(got).toEqual([{ resources: ['bookings'] }]);
  });

  it('answers disconnected for calls in flight when the socket closes, and reconnects on the next call', async () => {
    const { bridge, sockets, opened } = setup();
    const pending = bridge.invoke('app.info', {});
    (await opened(0)).close();
    expect(await pending).toMatchObject({ ok: false, error: { code: 'disconnected' } });
    const again = bridge.invoke('app.info', {});
    const next = await opened(1);
    expect(sockets).toHaveLength(2);
    next.answer({ ok: true, value: 1 });
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
    const { bridge, sockets, opened } = setup();
    const got: unknown[] = [];
    bridge.on('cache.changed', (p) => got.push(p));
    let drops = 0;
    bridge.onDrop(() => drops++);
    (await opened(0)).close();
    expect(drops).toBe(1);
    const again = bridge.invoke('app.info', {});
    const next = await opened(1);
    next.receive({ event: 'cache.changed', payload: { resources: ['guests'] } });
    expect(got).toEqual([{ resources: ['guests'] }]);
    next.answer({ ok: true, value: 1 });
    await again;
    // A socket that never opened (the host refused it) is not a drop: the call's answer says so.
    next.close();
    const refused = bridge.invoke('app.info', {});
    await flush();
    sockets[2]!.close();
    expect(await refused).toMatchObject({ ok: false, error: { code: 'disconnected' } });
    expect(drops).toBe(2);
  });

  it('ignores garbage and answers a malformed result as internal', async () => {
    const { bridge, opened } = setup();
    const r = bridge.invoke('app.info', {});
    const s = await opened(0);
    s.receive('nonsense');
    s.answer({ ok: 'maybe' });
    expect(await r).toMatchObject({ ok: false, error: { code: 'internal' } });
  });
});
