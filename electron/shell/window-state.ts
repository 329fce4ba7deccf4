// Remembers the main window's size, position and maximised state between
// launches, and puts it back only where a screen still shows it (a monitor
// unplugged since last time must not leave the window off-screen).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { BrowserWindow, Rectangle } from 'electron';

export interface WindowState {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export const DEFAULT_WINDOW: WindowState = { width: 1366, height: 820, maximized: false };
export const MIN_WIDTH = 960;
export const MIN_HEIGHT = 600;
/** How much of the window must overlap a screen for the saved position to be kept. */
const MIN_VISIBLE = 120;

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** Parses a saved state tolerantly: anything unusable gives the default. */
export function parseWindowState(raw: unknown): WindowState {
  if (!raw || typeof raw !== 'object') return { ...DEFAULT_WINDOW };
  const r = raw as Record<string, unknown>;
  if (!finite(r['width']) || !finite(r['height'])) return { ...DEFAULT_WINDOW };
  const state: WindowState = {
    width: Math.max(MIN_WIDTH, Math.round(r['width'])),
    height: Math.max(MIN_HEIGHT, Math.round(r['height'])),
    maximized: r['maximized'] === true,
  };
  if (finite(r['x']) && finite(r['y'])) {
    state.x = Math.round(r['x']);
    state.y = Math.round(r['y']);
  }
  return state;
}

function overlap(a: Rectangle, b: Rectangle): { w: number; h: number } {
  return {
    w: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    h: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/**
 * The state to open with on these screens' work areas: the saved one if it is
 * visible enough on some screen (shrunk to fit that screen), otherwise the
 * saved size centred by the window manager (no x/y).
 */
export function fitToScreens(state: WindowState, workAreas: readonly Rectangle[]): WindowState {
  if (state.x === undefined || state.y === undefined) return state;
  const rect = { x: state.x, y: state.y, width: state.width, height: state.height };
  const screen = workAreas.find((area) => {
    const o = overlap(rect, area);
    return o.w >= MIN_VISIBLE && o.h >= MIN_VISIBLE;
  });
  if (!screen) return { width: state.width, height: state.height, maximized: state.maximized };
  return { ...state, width: Math.min(state.width, screen.width), height: Math.min(state.height, screen.height) };
}

export function loadWindowState(file: string): WindowState {
  try {
    return parseWindowState(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return { ...DEFAULT_WINDOW };
  }
}

export function saveWindowState(file: string, state: WindowState): void {
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.tmp`;
    writeFileSync(tmp, JSON.stringify(state), { mode: 0o600 });
    renameSync(tmp, file);
  } catch {
    // Best effort: losing the window position is not worth an error dialog.
  }
}

type TrackedWindow = Pick<BrowserWindow, 'on' | 'isMaximized' | 'isMinimized' | 'isFullScreen' | 'getNormalBounds'>;

/** The window's current state (normal bounds even while maximised, so un-maximising restores them). */
export function captureWindowState(win: TrackedWindow): WindowState {
  const b = win.getNormalBounds();
  return { x: b.x, y: b.y, width: b.width, height: b.height, maximized: win.isMaximized() };
}

/** Saves the state when the window moves, resizes (debounced) and closes. */
export function trackWindowState(win: TrackedWindow, file: string, debounceMs = 500): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    if (win.isMinimized() || win.isFullScreen()) return;
    saveWindowState(file, captureWindowState(win));
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(save, debounceMs);
  };
  win.on('resize', later);
  win.on('move', later);
  win.on('close', () => {
    clearTimeout(timer);
    save();
  });
}
