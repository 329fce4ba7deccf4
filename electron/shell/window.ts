// The main window: locked-down preferences, app:// entry, remembered size
// and position, shown only when its first frame is ready (no white flash).
// Navigation and new-window rules are applied to every webContents in main.ts.
import type { BrowserWindow as BrowserWindowType, BrowserWindowConstructorOptions, Rectangle } from 'electron';
import type { Logger } from '../log/log';
import { APP_ENTRY_URL, secureWebPreferences } from './security';
import { DEFAULT_WINDOW, fitToScreens, loadWindowState, MIN_HEIGHT, MIN_WIDTH, trackWindowState } from './window-state';

export interface MainWindowDeps {
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindowType;
  preloadPath: string;
  stateFile: string;
  workAreas: () => Rectangle[];
  devTools: boolean;
  icon?: string;
  log: Logger;
}

/** The constructor options, separate so the test can check them without a window. */
export function mainWindowOptions(
  deps: Pick<MainWindowDeps, 'preloadPath' | 'devTools' | 'icon'>,
  saved = DEFAULT_WINDOW,
) {
  const options: BrowserWindowConstructorOptions = {
    ...(saved.x !== undefined && saved.y !== undefined ? { x: saved.x, y: saved.y } : {}),
    width: saved.width,
    height: saved.height,
    minWidth: MIN_WIDTH,
    minHeight: MIN_HEIGHT,
    show: false,
    title: 'Stayboard',
    backgroundColor: '#f7f7f5',
    autoHideMenuBar: false,
    ...(deps.icon ? { icon: deps.icon } : {}),
    webPreferences: { ...secureWebPreferences(deps.preloadPath), devTools: deps.devTools },
  };
  return options;
}

export function createMainWindow(deps: MainWindowDeps): BrowserWindowType {
  const saved = fitToScreens(loadWindowState(deps.stateFile), deps.workAreas());
  const win = new deps.BrowserWindow(mainWindowOptions(deps, saved));
  trackWindowState(win, deps.stateFile);
  win.once('ready-to-show', () => {
    if (saved.maximized) win.maximize();
    win.show();
  });
  win.webContents.on('render-process-gone', (_e, details) => {
    deps.log.error(`renderer gone: ${details.reason}`);
  });
  win.loadURL(APP_ENTRY_URL).catch((e: unknown) => deps.log.error('could not load the renderer', e));
  return win;
}
