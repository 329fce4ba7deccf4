// The security checklist, item by item, against the real factories and
// handlers (with tiny fakes of the Electron objects they are given).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  APP_ENTRY_URL,
  contentSecurityPolicy,
  createWindowOpenHandler,
  denyAllPermissions,
  GestureTracker,
  handleWillNavigate,
  hardenWebContents,
  isAppUrl,
  isSafeExternalUrl,
  secureWebPreferences,
  securityHeaders,
} from './security';

const root = join(import.meta.dirname, '..', '..');

describe('webPreferences', () => {
  const prefs = secureWebPreferences('/app/preload.cjs');
  it.each([
    [
      'isolates the context, sandboxes the renderer and keeps Node out',
      {
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
      },
    ],
    [
      'keeps web security on and insecure content, webviews and experiments off',
      {
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
        experimentalFeatures: false,
        navigateOnDragDrop: false,
      },
    ],
  ])('%s', (_, expected) => {
    expect(prefs).toMatchObject(expected);
  });
  it('enables no Blink feature', () => {
    expect(prefs).not.toHaveProperty('enableBlinkFeatures');
  });
  it('loads our preload', () => {
    expect(prefs.preload).toBe('/app/preload.cjs');
  });
});

describe('Content Security Policy', () => {
  const csp = contentSecurityPolicy();
  const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
  it('allows scripts only from our origin: no inline, no eval', () => {
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(directive('default-src')).toBe("default-src 'none'");
  });
  it('forbids plugins, frames, base rewriting and form posts', () => {
    for (const d of [
      "object-src 'none'",
      "frame-src 'none'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ])
      expect(csp).toContain(d);
  });
  it('takes images from our origin and data: only (photos arrive as data: URLs over the contract)', () => {
    expect(directive('img-src')).toBe("img-src 'self' data:");
  });
  it('adds only the connect origins it is given', () => {
    expect(directive('connect-src')).toBe("connect-src 'self'");
    expect(contentSecurityPolicy(['ws://127.0.0.1:4000'])).toContain("connect-src 'self' ws://127.0.0.1:4000");
  });
  it('is sent with the other protective headers', () => {
    const h = securityHeaders(csp);
    expect(h['Content-Security-Policy']).toBe(csp);
    expect(h['X-Content-Type-Options']).toBe('nosniff');
    expect(h['X-Frame-Options']).toBe('DENY');
  });
});

describe('origins', () => {
  it('recognises the renderer only on app://stayboard', () => {
    expect(isAppUrl(APP_ENTRY_URL)).toBe(true);
    expect(isAppUrl('app://stayboard/assets/x.js')).toBe(true);
    expect(isAppUrl('app://evil/index.html')).toBe(false);
    expect(isAppUrl('file:///app/index.html')).toBe(false);
    expect(isAppUrl('https://stayboard/index.html')).toBe(false);
    expect(isAppUrl('not a url')).toBe(false);
  });
  it('sends only plain http(s) links outside', () => {
    expect(isSafeExternalUrl('https://example.com/a?b=1')).toBe(true);
    expect(isSafeExternalUrl('http://example.com')).toBe(true);
    for (const bad of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'https://user:pw@example.com',
      'app://stayboard/x',
      'mailto:a@b.c',
      '',
    ])
      expect(isSafeExternalUrl(bad)).toBe(false);
  });
});

describe('navigation and new windows', () => {
  it('prevents every navigation', () => {
    const event = { preventDefault: vi.fn() };
    handleWillNavigate(event, 'https://example.com');
    handleWillNavigate(event, 'app://stayboard/other.html');
    expect(event.preventDefault).toHaveBeenCalledTimes(2);
  });

  function setup(now = { t: 10_000 }) {
    const gesture = new GestureTracker(1500, () => now.t);
    const openExternal = vi.fn(() => Promise.resolve());
    const refused: string[] = [];
    const handler = createWindowOpenHandler({ openExternal, gesture, onRefused: (_u, why) => refused.push(why) });
    return { gesture, openExternal, refused, handler, now };
  }

  it('denies every new window, and opens a clicked https link in the browser', () => {
    const s = setup();
    s.gesture.onInput({ type: 'mouseDown' });
    expect(s.handler({ url: 'https://example.com/help' })).toEqual({ action: 'deny' });
    expect(s.openExternal).toHaveBeenCalledWith('https://example.com/help');
  });

  it('opens nothing the person did not click', () => {
    const s = setup();
    expect(s.handler({ url: 'https://example.com' })).toEqual({ action: 'deny' });
    s.gesture.onInput({ type: 'mouseMove' });
    s.handler({ url: 'https://example.com' });
    s.gesture.onInput({ type: 'mouseDown' });
    s.now.t += 5000;
    s.handler({ url: 'https://example.com' });
    expect(s.openExternal).not.toHaveBeenCalled();
    expect(s.refused).toEqual(['not opened by a click', 'not opened by a click', 'not opened by a click']);
  });

  it('never opens a non-http link, even clicked', () => {
    const s = setup();
    s.gesture.onInput({ type: 'keyDown' });
    expect(s.handler({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(s.openExternal).not.toHaveBeenCalled();
    expect(s.refused).toEqual(['not an http(s) link']);
  });

  it('wires navigation, redirects, subframes, webviews and window.open on a webContents', () => {
    const handlers = new Map<string, (...a: unknown[]) => void>();
    let openHandler: ((d: { url: string }) => unknown) | undefined;
    const contents = {
      on: (name: string, fn: (...a: unknown[]) => void) => {
        handlers.set(name, fn);
        return contents;
      },
      setWindowOpenHandler: (fn: (d: { url: string }) => unknown) => {
        openHandler = fn;
      },
    };
    const openExternal = vi.fn(() => Promise.resolve());
    hardenWebContents(contents as never, { openExternal });
    for (const name of ['will-navigate', 'will-redirect', 'will-frame-navigate', 'will-attach-webview']) {
      const event = { preventDefault: vi.fn() };
      handlers.get(name)!(event, 'https://evil.example');
      expect(event.preventDefault, name).toHaveBeenCalled();
    }
    handlers.get('input-event')!({}, { type: 'mouseDown' });
    expect(openHandler!({ url: 'https://example.com' })).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('https://example.com');
  });
});

describe('permissions', () => {
  it('denies every permission request and check but desktop notifications', () => {
    type Request = (wc: unknown, permission: string, callback: (granted: boolean) => void) => void;
    type Display = (request: unknown, callback: (streams: object) => void) => void;
    type Check = (wc: unknown, permission: string) => boolean;
    let request: Request | undefined;
    let check: Check | undefined;
    let device: (() => boolean) | undefined;
    let display: Display | undefined;
    denyAllPermissions({
      setPermissionRequestHandler: (fn: Request) => void (request = fn),
      setPermissionCheckHandler: (fn: Check) => void (check = fn),
      setDevicePermissionHandler: (fn: () => boolean) => void (device = fn),
      setDisplayMediaRequestHandler: (fn: Display) => void (display = fn),
    });
    const granted = vi.fn();
    request!({}, 'media', granted);
    request!({}, 'notifications', granted);
    request!({}, 'geolocation', granted);
    expect(granted.mock.calls).toEqual([[false], [true], [false]]);
    expect(check!({}, 'media')).toBe(false);
    expect(check!({}, 'notifications')).toBe(true);
    expect(device!()).toBe(false);
    const streams = vi.fn();
    display!({}, streams);
    expect(streams).toHaveBeenCalledWith({});
  });
});

describe('platform', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  it('uses a current Electron major (45 or later) and the installed one matches', () => {
    const declared = Number(/(\d+)/.exec(pkg.devDependencies?.['electron'] ?? '')?.[1]);
    const installed = JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as {
      version: string;
    };
    expect(declared).toBeGreaterThanOrEqual(45);
    expect(Number(installed.version.split('.')[0])).toBe(declared);
  });
  it('has no remote module anywhere', () => {
    const deps = { ...pkg.dependencies, ...pkg.devDependencies };
    expect(Object.keys(deps)).not.toContain('@electron/remote');
    for (const file of [
      'electron/main.ts',
      'electron/preload.ts',
      'electron/shell/preload-api.ts',
      'electron/shell/window.ts',
      'electron.vite.config.ts',
    ])
      expect(readFileSync(join(root, file), 'utf8')).not.toMatch(/remote|enableRemoteModule/);
  });
});

describe('packaging', () => {
  const yml = readFileSync(join(root, 'electron-builder.yml'), 'utf8');
  const setting = (key: string) => new RegExp(`^\\s+${key}:\\s*(\\S+)`, 'm').exec(yml)?.[1];
  it('flips the security fuses in packaged builds', () => {
    expect(setting('runAsNode')).toBe('false');
    expect(setting('enableNodeOptionsEnvironmentVariable')).toBe('false');
    expect(setting('enableNodeCliInspectArguments')).toBe('false');
    expect(setting('enableEmbeddedAsarIntegrityValidation')).toBe('true');
    expect(setting('onlyLoadAppFromAsar')).toBe('true');
    expect(setting('enableCookieEncryption')).toBe('true');
    expect(setting('grantFileProtocolExtraPrivileges')).toBe('false');
  });
  it('builds AppImage and deb, dmg and nsis from the asar-packed build output', () => {
    for (const target of ['AppImage', 'deb', 'dmg', 'nsis']) expect(yml).toMatch(new RegExp(`^\\s+- ${target}$`, 'm'));
    expect(yml).toMatch(/^asar: true$/m);
    expect(yml).toMatch(/^ {2}- out\/\*\*$/m);
  });
});
