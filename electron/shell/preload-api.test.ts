// The preload's exposed surface: exactly `invoke` and `on`; contract names
// only; listeners get payloads (never the IPC event); `off` really unsubscribes.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../../shared/contract';
import { createPreloadApi, type IpcRendererLike } from './preload-api';

function fakeIpc(answer: (channel: string, message: unknown) => Promise<unknown>) {
  const emitter = new EventEmitter();
  const sent: [string, unknown][] = [];
  const ipc: IpcRendererLike = {
    invoke: (channel, message) => {
      sent.push([channel, message]);
      return answer(channel, message);
    },
    on: (channel, listener) => emitter.on(channel, listener),
    removeListener: (channel, listener) => emitter.removeListener(channel, listener),
  };
  const push = (event: string, payload: unknown) =>
    emitter.emit(IPC_EVENT_CHANNEL, { sender: 'raw-ipc-event' }, { event, payload });
  return { ipc, sent, push, count: () => emitter.listenerCount(IPC_EVENT_CHANNEL) };
}

describe('preload API', () => {
  it('exposes exactly invoke and on, frozen', () => {
    const api = createPreloadApi(fakeIpc(() => Promise.resolve({ ok: true, value: 1 })).ipc);
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on']);
    expect(Object.isFrozen(api)).toBe(true);
    expect(typeof api.invoke).toBe('function');
    expect(typeof api.on).toBe('function');
  });

  it('sends contract commands on the one channel and returns the answer', async () => {
    const f = fakeIpc(() => Promise.resolve({ ok: true, value: { version: '1' } }));
    const api = createPreloadApi(f.ipc);
    expect(await api.invoke('app.info', {})).toEqual({ ok: true, value: { version: '1' } });
    expect(f.sent).toEqual([[IPC_INVOKE_CHANNEL, { name: 'app.info', input: {} }]]);
  });

  it('refuses names outside the contract without sending anything', async () => {
    const f = fakeIpc(() => Promise.resolve({ ok: true, value: 1 }));
    const api = createPreloadApi(f.ipc);
    const r = await api.invoke('fs.readFile' as never, {} as never);
    expect(r).toMatchObject({ ok: false, error: { code: 'unknown_command' } });
    expect(f.sent).toEqual([]);
  });

  it('turns a dead main process or a garbled answer into a Result, never a throw', async () => {
    const dead = createPreloadApi(fakeIpc(() => Promise.reject(new Error('gone'))).ipc);
    expect(await dead.invoke('app.info', {})).toMatchObject({ ok: false, error: { code: 'disconnected' } });
    const garbled = createPreloadApi(fakeIpc(() => Promise.resolve('what')).ipc);
    expect(await garbled.invoke('app.info', {})).toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('delivers only its own event, as the payload alone', () => {
    const f = fakeIpc(() => Promise.resolve(null));
    const api = createPreloadApi(f.ipc);
    const got: unknown[] = [];
    api.on('session.expired', (p) => got.push(p));
    f.push('cache.changed', { resources: ['bookings'] });
    f.push('session.expired', { message: 'Sign in again.' });
    expect(got).toEqual([{ message: 'Sign in again.' }]);
  });

  it('off really unsubscribes (and twice is harmless)', () => {
    const f = fakeIpc(() => Promise.resolve(null));
    const api = createPreloadApi(f.ipc);
    const got: unknown[] = [];
    const off = api.on('cache.changed', (p) => got.push(p));
    const keep = api.on('cache.changed', () => undefined);
    expect(f.count()).toBe(2);
    off();
    off();
    expect(f.count()).toBe(1);
    f.push('cache.changed', { resources: ['bookings'] });
    expect(got).toEqual([]);
    keep();
    expect(f.count()).toBe(0);
  });

  it('throws on an event name outside the contract or a missing listener', () => {
    const api = createPreloadApi(fakeIpc(() => Promise.resolve(null)).ipc);
    expect(() => api.on('ipc.raw' as never, () => undefined)).toThrow('There is no event "ipc.raw"');
    expect(() => api.on('cache.changed', undefined as never)).toThrow('needs a listener');
  });
});
