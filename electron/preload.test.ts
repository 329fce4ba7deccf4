// The preload script itself, with the two Electron objects it touches faked:
// it exposes exactly one global, `stayboard`, with exactly `invoke` and `on`.
import { describe, expect, it, vi } from 'vitest';

const exposed: Record<string, unknown> = {};
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => void (exposed[key] = api) },
  ipcRenderer: { invoke: vi.fn(), on: vi.fn(), removeListener: vi.fn() },
}));

describe('preload', () => {
  it('exposes window.stayboard with exactly invoke and on, and nothing of ipcRenderer', async () => {
    await import('./preload');
    expect(Object.keys(exposed)).toEqual(['stayboard']);
    const api = exposed['stayboard'] as Record<string, unknown>;
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on']);
    expect(api).not.toHaveProperty('send');
    expect(api).not.toHaveProperty('ipcRenderer');
  });
});
