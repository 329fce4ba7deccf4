// One Stayboard per user: a second launch hands over to the first (which
// brings its window to the front) and exits, so two processes never write
// the same database and outbox.
import type { App, BrowserWindow } from 'electron';

type FocusableWindow = Pick<BrowserWindow, 'isMinimized' | 'restore' | 'show' | 'focus'>;

/** Brings a window to the front, restoring it if minimised. */
export function focusWindow(win: FocusableWindow | null | undefined): void {
  if (!win) return;
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
}

/**
 * Takes the single-instance lock. Returns false (and asks the app to quit)
 * when another instance holds it; otherwise focuses our window whenever a
 * second instance starts.
 */
export function claimSingleInstance(
  app: Pick<App, 'requestSingleInstanceLock' | 'quit' | 'on'>,
  currentWindow: () => FocusableWindow | null,
): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', () => focusWindow(currentWindow()));
  return true;
}
