// The Electron security checklist as small functions the window code wires
// up and the tests call directly: locked-down webPreferences, the CSP, what
// may be navigated to or opened outside, and a tracker of the person's own
// clicks so only links they clicked open in the browser.
// Types come from 'electron' but nothing here needs the binary at runtime.
import type { Event, HandlerDetails, Session, WebContents, WebPreferences } from 'electron';

export const APP_SCHEME = 'app';
export const APP_HOST = 'stayboard';
/** Where the renderer lives: never file://, always our own scheme. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** Every preference that matters spelled out, so a default changing upstream cannot loosen it. */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: true,
    // No devtools in packaged builds; main.ts passes isPackaged through here.
    devTools: true,
  };
}

/**
 * The Content Security Policy of the renderer. Scripts only from our own
 * origin (no inline, no eval); styles from our origin plus inline style
 * attributes (Svelte writes some; they cannot run code); images from our
 * origin and data: only (listing photos come over the contract as data: URLs,
 * electron/engine/photo-files.ts: no remote image origin); no frames, no
 * plugins, no forms posting anywhere. `connect` adds origins the page may
 * talk to (the web host's WebSocket); the Electron renderer talks only over IPC.
 */
export function contentSecurityPolicy(connect: readonly string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self'${connect.map((c) => ` ${c}`).join('')}`,
    "manifest-src 'self'",
    "worker-src 'none'",
    "frame-src 'none'",
    "child-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers every renderer document and asset is served with (app:// and the web host alike). */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=()',
  };
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** True for a URL of our renderer (app://stayboard/…). */
export function isAppUrl(url: string): boolean {
  const u = parse(url);
  return u !== null && u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST;
}

/** Only plain web links go to the system browser: http(s), a host, no embedded credentials. */
export function isSafeExternalUrl(url: string): boolean {
  const u = parse(url);
  return (
    u !== null && (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '' && !u.username && !u.password
  );
}

/** The renderer is a single page: every navigation away from it is refused. */
export function handleWillNavigate(event: Pick<Event, 'preventDefault'>, _url: string): void {
  event.preventDefault();
}

/**
 * Remembers when the person last pressed a key or a mouse button in a window,
 * so a link opens outside only as the direct result of their own click.
 */
export class GestureTracker {
  private last = Number.NEGATIVE_INFINITY;
  constructor(
    private readonly windowMs = 1500,
    private readonly now: () => number = () => Date.now(),
  ) {}
  /** Feed it `webContents` 'input-event' events. */
  onInput(input: { type: string }): void {
    if (
      input.type === 'mouseDown' ||
      input.type === 'mouseUp' ||
      input.type === 'keyDown' ||
      input.type === 'rawKeyDown'
    )
      this.last = this.now();
  }
  recent(): boolean {
    return this.now() - this.last <= this.windowMs;
  }
}

export interface WindowOpenDeps {
  openExternal: (url: string) => Promise<void>;
  gesture: GestureTracker;
  onRefused?: (url: string, why: string) => void;
}

/**
 * Handler for `setWindowOpenHandler`: never a new Electron window. A clicked
 * http(s) link opens in the system browser; anything else is refused.
 */
export function createWindowOpenHandler(deps: WindowOpenDeps) {
  return (details: Pick<HandlerDetails, 'url'>): { action: 'deny' } => {
    if (!isSafeExternalUrl(details.url)) deps.onRefused?.(details.url, 'not an http(s) link');
    else if (!deps.gesture.recent()) deps.onRefused?.(details.url, 'not opened by a click');
    else
      deps
        .openExternal(details.url)
        .catch((e: unknown) => deps.onRefused?.(details.url, `the browser could not open it: ${String(e)}`));
    return { action: 'deny' };
  };
}

/** The one permission the app's page gets: desktop notifications (what to show is decided on the main side, electron/notify). */
const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set(['notifications']);

/** No camera, microphone, geolocation, devices, screen capture: the app needs none. Notifications only. */
export function denyAllPermissions(
  session: Pick<
    Session,
    | 'setPermissionRequestHandler'
    | 'setPermissionCheckHandler'
    | 'setDevicePermissionHandler'
    | 'setDisplayMediaRequestHandler'
  >,
): void {
  session.setPermissionRequestHandler((_wc, permission, callback) => callback(GRANTED_PERMISSIONS.has(permission)));
  session.setPermissionCheckHandler((_wc, permission) => GRANTED_PERMISSIONS.has(permission));
  session.setDevicePermissionHandler(() => false);
  session.setDisplayMediaRequestHandler((_request, callback) => callback({}));
}

type HardenableContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

/** Applies the navigation, new-window, webview and click-tracking rules to one webContents. */
export function hardenWebContents(contents: HardenableContents, deps: Omit<WindowOpenDeps, 'gesture'>): GestureTracker {
  const gesture = new GestureTracker();
  contents.on('input-event', (_event, input) => gesture.onInput(input));
  contents.on('will-navigate', (event, url) => handleWillNavigate(event, url));
  contents.on('will-redirect', (event, url) => handleWillNavigate(event, url));
  contents.on('will-frame-navigate', (event) => {
    // Subframes have no business here at all; the main frame stays on its page.
    event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(createWindowOpenHandler({ ...deps, gesture }));
  return gesture;
}
