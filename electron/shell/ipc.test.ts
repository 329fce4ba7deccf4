// The IPC sender check and the Electron transport, main side.
import { describe, expect, it, vi } from 'vitest';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL, ok } from '../../shared/contract';
import { EventBus } from '../services/bus';
import type { Dispatcher } from '../services/dispatcher';
import { bindIpc, handleInvoke, isTrustedSender } from './ipc';

const top = (url: string) => ({ url, parent: null });

describe('isTrustedSender', () => {
  it('accepts only our top frame on app://stayboard', () => {
    expect(isTrustedSender(top('app://stayboard/index.html'))).toBe(true);
    expect(isTrustedSender(top('app://stayboard/index.html#/today'))).toBe(true);
  });
  it('refuses subframes, foreign origins, file:// and destroyed frames', () => {
    expect(
      isTrustedSender({ url: 'app://stayboard/index.html', parent: top('app://stayboard/index.html') } as never),
    ).toBe(false);
    expect(isTrustedSender(top('https://evil.example/'))).toBe(false);
    expect(isTrustedSender(top('app://evil/index.html'))).toBe(false);
    expect(isTrustedSender(top('file:///opt/stayboard/index.html'))).toBe(false);
    expect(isTrustedSender(top('http://127.0.0.1:5173/'))).toBe(false);
    expect(isTrustedSender(null)).toBe(false);
    expect(isTrustedSender(undefined)).toBe(false);
  });
});

describe('handleInvoke', () => {
  const dispatcher: Dispatcher = { dispatch: vi.fn((name: unknown) => Promise.resolve(ok({ name }))) };
  it('forwards a well-formed call from our frame to the dispatcher', async () => {
    const r = await handleInvoke(dispatcher, top('app://stayboard/index.html'), { name: 'session.get', input: {} });
    expect(r).toEqual({ ok: true, value: { name: 'session.get' } });
  });
  it('answers forbidden to anyone else without running anything', async () => {
    const dispatch = vi.fn();
    const r = await handleInvoke({ dispatch }, top('https://evil.example/'), { name: 'session.signOut', input: {} });
    expect(r).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(dispatch).not.toHaveBeenCalled();
  });
  it('refuses a malformed message', async () => {
    for (const m of [null, 'session.get', { input: {} }, { name: 3 }])
      expect(await handleInvoke(dispatcher, top('app://stayboard/'), m)).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
  });
});

describe('bindIpc', () => {
  it('registers one invoke channel and forwards bus events only to windows showing our page', async () => {
    const handlers = new Map<string, (e: unknown, m: unknown) => unknown>();
    const ipcMain = {
      handle: (ch: string, fn: (e: unknown, m: unknown) => unknown) => void handlers.set(ch, fn),
      removeHandler: (ch: string) => void handlers.delete(ch),
    };
    const ours = { isDestroyed: () => false, getURL: () => 'app://stayboard/index.html', send: vi.fn() };
    const elsewhere = { isDestroyed: () => false, getURL: () => 'https://evil.example/', send: vi.fn() };
    const gone = { isDestroyed: () => true, getURL: () => 'app://stayboard/index.html', send: vi.fn() };
    const bus = new EventBus();
    const dispatcher: Dispatcher = { dispatch: () => Promise.resolve(ok(1)) };
    const binding = bindIpc(ipcMain as never, dispatcher, bus, () => [ours, elsewhere, gone] as never);

    expect([...handlers.keys()]).toEqual([IPC_INVOKE_CHANNEL]);
    const answer = await handlers.get(IPC_INVOKE_CHANNEL)!(
      { senderFrame: top('app://stayboard/index.html') },
      { name: 'app.info' },
    );
    expect(answer).toEqual({ ok: true, value: 1 });

    bus.emit('session.expired', { message: 'Sign in again.' });
    expect(ours.send).toHaveBeenCalledWith(IPC_EVENT_CHANNEL, {
      event: 'session.expired',
      payload: { message: 'Sign in again.' },
    });
    expect(elsewhere.send).not.toHaveBeenCalled();
    expect(gone.send).not.toHaveBeenCalled();

    binding.dispose();
    bus.emit('session.expired', { message: 'again' });
    expect(ours.send).toHaveBeenCalledTimes(1);
    expect(handlers.size).toBe(0);
  });
});
