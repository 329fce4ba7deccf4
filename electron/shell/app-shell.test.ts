// Menu, single instance, clean quit and the window's options.
import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { silentLogger } from '../log/log';
import { menuTemplate } from './menu';
import { installCleanQuit } from './quit';
import { claimSingleInstance, focusWindow } from './single-instance';
import { mainWindowOptions } from './window';

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? flatten(i.submenu) : [])]);
}

describe('menu', () => {
  const actions = {
    search: vi.fn(),
    syncNow: vi.fn(),
    openLogs: vi.fn(),
    copyDiagnostics: vi.fn(),
    checkForUpdates: vi.fn(),
  };
  it('uses the standard roles for editing, zoom, full screen, window and quit', () => {
    const roles = flatten(menuTemplate('linux', 'Stayboard', actions, false)).map((i) => i.role);
    for (const role of [
      'undo',
      'redo',
      'cut',
      'copy',
      'paste',
      'selectAll',
      'zoomIn',
      'zoomOut',
      'resetZoom',
      'togglefullscreen',
      'minimize',
      'quit',
    ])
      expect(roles, role).toContain(role);
    expect(roles).not.toContain('toggleDevTools');
  });
  it('has an app menu on macOS and devtools only when asked', () => {
    const mac = menuTemplate('darwin', 'Stayboard', actions, true);
    expect(mac[0]!.label).toBe('Stayboard');
    expect(flatten(mac).map((i) => i.role)).toEqual(
      expect.arrayContaining(['about', 'hide', 'quit', 'toggleDevTools']),
    );
  });
  it('binds the app shortcuts to its actions', () => {
    const items = flatten(menuTemplate('linux', 'Stayboard', actions, false));
    const search = items.find((i) => i.accelerator === 'CmdOrCtrl+K')!;
    const sync = items.find((i) => i.accelerator === 'CmdOrCtrl+R')!;
    (search.click as () => void)();
    (sync.click as () => void)();
    expect(actions.search).toHaveBeenCalled();
    expect(actions.syncNow).toHaveBeenCalled();
  });
  it('offers Show Logs, Copy Diagnostics and Check for Updates in the File menu', () => {
    const file = menuTemplate('linux', 'Stayboard', actions, false).find((m) => m.label === 'File')!;
    const items = flatten([file]);
    for (const [label, action] of [
      ['Show Logs', actions.openLogs],
      ['Copy Diagnostics', actions.copyDiagnostics],
      ['Check for Updates…', actions.checkForUpdates],
    ] as const) {
      const item = items.find((i) => i.label === label);
      expect(item, label).toBeDefined();
      (item!.click as () => void)();
      expect(action).toHaveBeenCalled();
    }
  });
});

describe('single instance', () => {
  it('quits a second instance', () => {
    const app = { requestSingleInstanceLock: () => false, quit: vi.fn(), on: vi.fn() };
    expect(claimSingleInstance(app as never, () => null)).toBe(false);
    expect(app.quit).toHaveBeenCalled();
  });
  it('focuses (and restores) the existing window when another instance starts', () => {
    let second: (() => void) | undefined;
    const app = {
      requestSingleInstanceLock: () => true,
      quit: vi.fn(),
      on: (_e: string, fn: () => void) => (second = fn),
    };
    const win = { isMinimized: () => true, restore: vi.fn(), show: vi.fn(), focus: vi.fn() };
    expect(claimSingleInstance(app as never, () => win)).toBe(true);
    second!();
    expect(win.restore).toHaveBeenCalled();
    expect(win.focus).toHaveBeenCalled();
    expect(app.quit).not.toHaveBeenCalled();
    expect(() => focusWindow(null)).not.toThrow();
  });
});

describe('clean quit', () => {
  function fakeApp() {
    let handler: ((e: { preventDefault(): void }) => void) | undefined;
    const app = {
      on: (_e: string, fn: typeof handler) => void (handler = fn),
      quit: vi.fn((): { preventDefault: ReturnType<typeof vi.fn> } => {
        const event = { preventDefault: vi.fn() };
        handler!(event);
        return event;
      }),
      exit: vi.fn(),
    };
    return {
      app,
      request: () => {
        const event = { preventDefault: vi.fn() };
        handler!(event);
        return event;
      },
    };
  }

  it('holds the quit until the shutdown (drain + database close) finished, once', async () => {
    const { app, request } = fakeApp();
    let finish!: () => void;
    const shutdown = vi.fn(() => new Promise<void>((r) => (finish = r)));
    installCleanQuit(app as never, shutdown, silentLogger);
    expect(request().preventDefault).toHaveBeenCalled();
    expect(request().preventDefault).toHaveBeenCalled();
    expect(shutdown).toHaveBeenCalledTimes(1);
    expect(app.quit).not.toHaveBeenCalled();
    finish();
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledTimes(1));
    const quitEvent = app.quit.mock.results[0]!.value as { preventDefault: () => void };
    expect(quitEvent.preventDefault).not.toHaveBeenCalled();
  });

  it('quits anyway when the shutdown hangs or fails', async () => {
    const hung = fakeApp();
    installCleanQuit(hung.app as never, () => new Promise<void>(() => undefined), silentLogger, 20);
    hung.request();
    await vi.waitFor(() => expect(hung.app.quit).toHaveBeenCalled());
    const failing = fakeApp();
    installCleanQuit(failing.app as never, () => Promise.reject(new Error('db locked')), silentLogger);
    failing.request();
    await vi.waitFor(() => expect(failing.app.quit).toHaveBeenCalled());
  });
});

describe('main window options', () => {
  it('carry the secure preferences, devtools only in development, and start hidden', () => {
    const o = mainWindowOptions({ preloadPath: '/p/index.cjs', devTools: false });
    expect(o.webPreferences).toMatchObject({
      preload: '/p/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      devTools: false,
    });
    expect(o.show).toBe(false);
    expect(o.minWidth).toBeGreaterThan(0);
  });
});
