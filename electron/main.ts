// The Electron main process: the thin shell around the services runtime.
// Order matters: sandbox and the app:// scheme before ready; the single-
// instance lock before anything opens the database; security handlers before
// the first window; IPC before the renderer loads. Crash reports stay on this
// computer: the crash reporter writes minidumps under the logs folder and
// never uploads them.
import {
  app,
  BrowserWindow,
  clipboard,
  crashReporter,
  dialog,
  ipcMain,
  Menu,
  protocol,
  screen,
  session,
  shell,
} from 'electron';
import electronUpdater from 'electron-updater';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bindIpc } from './shell/ipc';
import { createLogger, fileSink, stderrSink, type LogSink } from './log/log';
import { menuTemplate } from './shell/menu';
import { installAppProtocol, registerAppScheme } from './shell/protocol';
import { installCleanQuit } from './shell/quit';
import { contentSecurityPolicy, denyAllPermissions, hardenWebContents } from './shell/security';
import { claimSingleInstance } from './shell/single-instance';
import { checkFromMenu, type Ask } from './shell/update-prompts';
import { UPDATE_RECHECK_MS, UpdateController, updateFeed } from './shell/updates';
import { createMainWindow } from './shell/window';
import { unsentChanges } from './services/platform';
import { createRuntime } from './services/runtime';
import { translateError, workspaceDeps } from './services/wiring';

const here = dirname(fileURLToPath(import.meta.url)); // out/main
const rendererDir = join(here, '..', 'renderer');
const preloadPath = join(here, '..', 'preload', 'index.cjs');

app.enableSandbox();
registerAppScheme(protocol);
// Minidumps go to <logs>/crashes, beside main.log, and nowhere else.
app.setPath('crashDumps', join(app.getPath('logs'), 'crashes'));
crashReporter.start({ uploadToServer: false, compress: true });

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
    platform: ({ bus, workspace }) => {
      const feed = updateFeed(process.env, app.isPackaged);
      return {
        host: 'electron',
        versions: { ...process.versions },
        updates: new UpdateController({
          // electron-updater is touched only when there is a feed (its autoUpdater is made on first access).
          updater: feed.kind === 'none' ? null : electronUpdater.autoUpdater,
          feed,
          unsent: () => unsentChanges({ workspace }),
          log: log.child('updates'),
          onChange: (state) => bus.emit('updates.changed', state),
        }),
      };
    },
  });
  const updates = runtime.context.platform.updates;
  const ask: Ask = async (p) =>
    (
      await dialog.showMessageBox({
        type: 'question',
        message: p.message,
        ...(p.detail ? { detail: p.detail } : {}),
        buttons: p.buttons,
        defaultId: 0,
        cancelId: p.buttons.length - 1,
      })
    ).response;
  // The renderer's "Restart to install" goes through updates.install; the menu asks natively, with the same rule.
  const logCrash = (what: string, reason: string) =>
    log.error(`${what} gone: ${reason}`, { lastActions: runtime.breadcrumbs.lines() });
  app.on('render-process-gone', (_e, _contents, details) => logCrash('renderer', details.reason));
  app.on('child-process-gone', (_e, details) => logCrash(`${details.type} process`, details.reason));
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
          copyDiagnostics: () =>
            void runtime.dispatcher.dispatch('app.diagnostics', {}).then((r) => {
              if (!r.ok) return log.warn('diagnostics failed', r.error);
              void clipboard.writeText((r.value as { text: string }).text);
              log.info('diagnostics copied to the clipboard');
            }),
          checkForUpdates: () =>
            void checkFromMenu(updates, ask, app.getVersion()).catch((e: unknown) =>
              log.warn('update check from the menu failed', e),
            ),
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
  // A quiet look for an update after start and every few hours; the header says when one is ready.
  void updates.check();
  setInterval(() => void updates.check(), UPDATE_RECHECK_MS).unref();
}
