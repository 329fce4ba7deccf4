// The application menu: standard roles (so copy/paste, undo, zoom, full screen,
// window and quit behave and are translated as on every other app on the
// platform) plus the app's own commands, which go to the renderer as the same
// shortcuts it already handles.
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  /** Ask the renderer to focus the search box (Ctrl/Cmd+K, as inside the app). */
  search(): void;
  syncNow(): void;
  openLogs(): void;
  /** Versions, sync state, outbox counts… to the clipboard (no personal data). */
  copyDiagnostics(): void;
  checkForUpdates(): void;
}

export function menuTemplate(platform: NodeJS.Platform, appName: string, actions: MenuActions, devTools: boolean) {
  const mac = platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [];
  if (mac) {
    template.push({
      label: appName,
      submenu: [
        { role: 'about' },
        { type: 'separator' },
        { role: 'services' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    });
  }
  template.push(
    {
      label: 'File',
      submenu: [
        { label: 'Sync Now', accelerator: 'CmdOrCtrl+R', click: () => actions.syncNow() },
        { label: 'Show Logs', click: () => actions.openLogs() },
        { label: 'Copy Diagnostics', click: () => actions.copyDiagnostics() },
        { label: 'Check for Updates…', click: () => actions.checkForUpdates() },
        { type: 'separator' },
        mac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
        { type: 'separator' },
        { label: 'Search…', accelerator: 'CmdOrCtrl+K', click: () => actions.search() },
      ],
    },
    {
      label: 'View',
      submenu: [
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        ...(devTools ? ([{ type: 'separator' }, { role: 'toggleDevTools' }] as MenuItemConstructorOptions[]) : []),
      ],
    },
    {
      label: 'Window',
      submenu: mac
        ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }]
        : [{ role: 'minimize' }, { role: 'close' }],
    },
  );
  return template;
}
