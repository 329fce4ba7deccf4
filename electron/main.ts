// The Electron main process: the thin shell around the services runtime.
// Order matters: sandbox and the app:// scheme before ready; the single-
// instance lock before anything opens the database; security handlers before
// the first window; IPC before the renderer loads.
import { app, BrowserWindow, ipcMain, Menu, protocol, screen, session, shell } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bindIpc } from './shell/ipc';
import { createLogger, fileSink, stderrSink, type LogSink } from './shell/log';
import { menuTemplate } from './shell/menu';
import { installAppProtocol, registerAppScheme } from './shell/protocol';
import { installCleanQuit } from './shell/quit';
import { contentSecurityPolicy, denyAllPermissions, hardenWebContents } from './shell/security';
import { claimSingleInstance } from './shell/single-instance';
import { createMainWindow } from './shell/window';
import { createRuntime } from './services/runtime';
import { translateError, workspaceDeps } from './services/wiring';

const here = dirname(fileURLToPath(import.meta.url)); // out/main
const rendererDir = join(here, '..', 'renderer');
const preloadPath = join(here, '..', 'preload', 'index.cjs');

app.enableSandbox();
registerAppScheme(protocol);

let mainWindow: BrowserWindow | null = null;

if (claimSingleInstance(app, () => mainWindow)) {
  app.whenReady().then(start, (e: unknown) => {
    console.error('Stayboard could not start:', e);
    app.exit(1);
  });
}

function start(): void {
  const sinks: LogSink[] = [fileSink(join(app.getPath('logs'), 'main.log'))];
  if (!app.isPackaged) sinks.push(stderrSink());
  const log = createLogger({ sinks, level: process.env['STAYBOARD_LOG'] === 'debug' ? 'debug' : 'info' });
  log.info(`Stayboard ${app.getVersion()} starting (Electron ${process.versions.electron})`);

  denyAllPermissions(session.defaultSession);
  installAppProtocol(protocol, rendererDir, contentSecurityPolicy());
  app.on('web-contents-created', (_event, contents) => {
    hardenWebContents(contents, {
      openExternal: (url) => shell.openExternal(url),
      onRefused: (url, why) => log.warn(`refused to open a link (${why})`, { url }),
    });
  });

  const dataDir = app.getPath('userData');
  const runtime = createRuntime({
    dataDir,
    log,
    app: { name: 'Stayboard', version: app.getVersion() },
    workspace: (parts) => workspaceDeps({ ...parts, dataDir }),
    translate: translateError,
  });
  const ipc = bindIpc(
    ipcMain,
    runtime.dispatcher,
    runtime.bus,
    () => BrowserWindow.getAllWindows().map((w) => w.webContents),
    log,
  );

  const openWindow = () => {
    mainWindow = createMainWindow({
      BrowserWindow,
      preloadPath,
      stateFile: join(dataDir, 'window-state.json'),
      workAreas: () => screen.getAllDisplays().map((d) => d.workArea),
      devTools: !app.isPackaged,
      log,
    });
    mainWindow.on('closed', () => {
      mainWindow = null;
    });
  };

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate(
        process.platform,
        'Stayboard',
        {
          // The renderer already handles Ctrl/Cmd+K; the menu item sends the same keystroke.
          search: () =>
            mainWindow?.webContents.sendInputEvent({
              type: 'keyDown',
              keyCode: 'K',
              modifiers: [process.platform === 'darwin' ? 'meta' : 'control'],
            }),
          syncNow: () => void runtime.dispatcher.dispatch('sync.now', {}),
          openLogs: () => void shell.openPath(app.getPath('logs')),
        },
        !app.isPackaged,
      ),
    ),
  );

  installCleanQuit(
    app,
    async () => {
      ipc.dispose();
      await runtime.close();
      log.info('stopped cleanly');
      await Promise.all(sinks.map((s) => s.close()));
    },
    log,
  );
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });

  // Before the renderer asks for the session: the last remembered account reopens from its cache (no network needed).
  const opening = process.argv.includes('--demo') ? runtime.workspace.openDemo() : runtime.workspace.restore();
  opening.catch((e: unknown) => log.error('could not open the workspace at start', e));
  openWindow();
}
