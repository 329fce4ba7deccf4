import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WINDOW,
  fitToScreens,
  loadWindowState,
  MIN_WIDTH,
  parseWindowState,
  trackWindowState,
} from './window-state';

const screen = { x: 0, y: 0, width: 1920, height: 1040 };
const second = { x: 1920, y: 0, width: 1280, height: 1000 };

describe('window state', () => {
  it('keeps a saved position that is on a screen', () => {
    const s = { x: 100, y: 80, width: 1200, height: 800, maximized: false };
    expect(fitToScreens(s, [screen])).toEqual(s);
    expect(fitToScreens({ ...s, x: 2000 }, [screen, second])).toEqual({ ...s, x: 2000 });
  });

  it('drops the position when its screen is gone, keeping the size', () => {
    const s = { x: 2000, y: 50, width: 1200, height: 800, maximized: true };
    expect(fitToScreens(s, [screen])).toEqual({ width: 1200, height: 800, maximized: true });
  });

  it('shrinks a window larger than its screen', () => {
    expect(fitToScreens({ x: 0, y: 0, width: 4000, height: 3000, maximized: false }, [screen])).toMatchObject({
      width: 1920,
      height: 1040,
    });
  });

  it('parses garbage to the default and enforces the minimum size', () => {
    expect(parseWindowState(null)).toEqual(DEFAULT_WINDOW);
    expect(parseWindowState({ width: 'big' })).toEqual(DEFAULT_WINDOW);
    expect(parseWindowState({ width: 10, height: 10, x: 5, y: Number.NaN })).toEqual({
      width: MIN_WIDTH,
      height: 600,
      maximized: false,
    });
  });

  it('saves on close and restores next launch', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'stayboard-ws-')), 'window-state.json');
    expect(loadWindowState(file)).toEqual(DEFAULT_WINDOW);
    const handlers = new Map<string, () => void>();
    const win = {
      on: (e: string, fn: () => void) => {
        handlers.set(e, fn);
        return win;
      },
      isMaximized: () => true,
      isMinimized: () => false,
      isFullScreen: () => false,
      getNormalBounds: () => ({ x: 40, y: 30, width: 1300, height: 900 }),
    };
    trackWindowState(win as never, file);
    handlers.get('close')!();
    expect(loadWindowState(file)).toEqual({ x: 40, y: 30, width: 1300, height: 900, maximized: true });
    writeFileSync(file, '{oops');
    expect(loadWindowState(file)).toEqual(DEFAULT_WINDOW);
    expect(readFileSync(file, 'utf8')).toBe('{oops');
  });
});
