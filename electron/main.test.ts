// The main process composition, with the Electron objects it uses faked
// (there is no Electron binary here): sandbox for every renderer, app:// before
// ready, single-instance lock, permissions denied, every webContents hardened,
// IPC bound, the secure window on app://, the menu, and a clean quit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
const appHandlers = new Map<string, ((...a: unknown[]) => void)[]>();
const userData = mkdtempSync(join(tmpdir(), 'stayboard-main-'));
const windows: FakeWindow[] = [];
let readyResolve: () => void = () => undefined;
const ready = new Promise<void>((r) => (readyResolve = r));

class FakeContents {
  handlers = new Map<string, (...a: unknown[]) => void>();
  openHandler: unknown = null;
  url = '';
  on(name: string, fn: (...a: unknown[]) => void) {
    this.handlers.set(name, fn);
    return this;
  }
  setWindowOpenHandler(fn: unknown) {
    this.openHandler = fn;
  }
  isDestroyed = () => false;
  getURL = () => this.url;
  send = vi.fn();
  sendInputEvent = vi.fn();
}

class FakeWindow {
  webContents = new FakeContents();
  handlers = new Map<string, () => void>();
  constructor(readonly options: { webPreferences: Record<string, unknown> }) {
    windows.push(this);
    appHandlers.get('web-contents-created')?.forEach((fn) => fn({}, this.webContents));
  }
  on(name: string, fn: () => void) {
    this.handlers.set(name, fn);
    return this;
  }
  once(name: string, fn: () => void) {
    return this.on(name, fn);
  }
  loadURL(url: string) {
    this.webContents.url = url;
    calls.push(`loadURL ${url}`);
    return Promise.resolve();
  }
  isMaximized = () => false;
  isMinimized = () => false;
  isFullScreen = () => false;
  getNormalBounds = () => ({ x: 0, y: 0, width: 1200, height: 800 });
  static getAllWindows = () => windows;
}

const ipcHandlers = new Map<string, unknown>();
const sessionHandlers: string[] = [];

vi.mock('electron-updater', () => ({ default: { autoUpdater: null } }));
vi.mock('electron', () => ({
  crashReporter: { start: (o: { uploadToServer: boolean }) => calls.push(`crashReporter upload=${o.uploadToServer}`) },
  clipboard: { writeText: vi.fn() },
  dialog: { showMessageBox: vi.fn(() => Promise.resolve({ response: 0 })) },
  app: {
    enableSandbox: () => calls.push('enableSandbox'),
    setPath: (name: string, path: string) => calls.push(`setPath ${name} ${path.slice(userData.length)}`),
    requestSingleInstanceLock: () => (calls.push('requestSingleInstanceLock'), true),
    whenReady: () => ready,
    on: (name: string, fn: (...a: unknown[]) => void) =>
      void appHandlers.set(name, [...(appHandlers.get(name) ?? []), fn]),
    quit: () => calls.push('quit'),
    exit: vi.fn(),
    getPath: (name: string) => join(userData, name),
    getVersion: () => '0.1.0',
    isPackaged: true,
  },
  protocol: {
    registerSchemesAsPrivileged: (schemes: { scheme: string }[]) =>
      calls.push(`registerSchemes ${schemes.map((s) => s.scheme).join()}`),
    handle: (scheme: string) => calls.push(`handle ${scheme}`),
  },
  session: {
    defaultSession: {
      setPermissionRequestHandler: () => sessionHandlers.push('request'),
      setPermissionCheckHandler: () => sessionHandlers.push('check'),
      setDevicePermissionHandler: () => sessionHandlers.push('device'),
      setDisplayMediaRequestHandler: () => sessionHandlers.push('display'),
    },
  },
  ipcMain: {
    handle: (channel: string, fn: unknown) => void ipcHandlers.set(channel, fn),
    removeHandler: (channel: string) => void ipcHandlers.delete(channel),
  },
  BrowserWindow: FakeWindow,
  Menu: {
    buildFromTemplate: (t: unknown[]) => ({ items: t }),
    setApplicationMenu: () => calls.push('setApplicationMenu'),
  },
  screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
  shell: { openExternal: vi.fn(() => Promise.resolve()), openPath: vi.fn() },
}));

afterAll(async () => {
  // Quit cleanly so the runtime (and its files) close.
  const event = { preventDefault: vi.fn() };
  appHandlers.get('before-quit')?.forEach((fn) => fn(event));
  await vi.waitFor(() => expect(calls).toContain('quit'), { timeout: 10_000 });
  rmSync(userData, { recursive: true, force: true });
});

describe('main process', () => {
  it('before ready: sandboxes every renderer, registers app:// and takes the single-instance lock', async () => {
    await import('./main');
    expect(calls.slice(0, 5)).toEqual([
      'enableSandbox',
      'registerSchemes app',
      `setPath crashDumps ${join('/', 'logs', 'crashes')}`,
      'crashReporter upload=false',
      'requestSingleInstanceLock',
    ]);
    expect(windows).toHaveLength(0);
  });

  it('when ready: denies permissions, serves app://, binds IPC, sets the menu and opens the secure window', async () => {
    readyResolve();
    await vi.waitFor(() => expect(windows).toHaveLength(1));
    expect(sessionHandlers.sort()).toEqual(['check', 'device', 'display', 'request']);
    expect(calls).toContain('handle app');
    expect(calls).toContain('setApplicationMenu');
    expect([...ipcHandlers.keys()]).toEqual(['stayboard:invoke']);
    const win = windows[0]!;
    expect(win.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      devTools: false,
    });
    expect(String(win.options.webPreferences['preload'])).toMatch(/preload[/\\]index\.cjs$/);
    expect(calls).toContain('loadURL app://stayboard/index.html');
    // The global hook hardened the window's webContents: navigation and window.open are handled.
    expect([...win.webContents.handlers.keys()]).toEqual(
      expect.arrayContaining(['will-navigate', 'will-redirect', 'will-attach-webview', 'input-event']),
    );
    expect(win.webContents.openHandler).toBeTypeOf('function');
  });

  it('answers the renderer through IPC only from our own frame', async () => {
    const handler = ipcHandlers.get('stayboard:invoke') as (e: unknown, m: unknown) => Promise<unknown>;
    const ours = await handler(
      { senderFrame: { url: 'app://stayboard/index.html', parent: null } },
      { name: 'app.info', input: {} },
    );
    expect(ours).toEqual({ ok: true, value: { name: 'Stayboard', version: '0.1.0', demo: false } });
    const foreign = await handler(
      { senderFrame: { url: 'https://evil.example/', parent: null } },
      { name: 'app.info', input: {} },
    );
    expect(foreign).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });
});
