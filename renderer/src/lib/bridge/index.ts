// The renderer's ONE transport picker. In Electron the preload has put the
// bridge on `window.stayboard`; in a browser (web host) we talk WebSocket,
// authenticated by the per-launch secret from the page URL, which is then
// removed from the address bar (and kept in this tab's sessionStorage so a
// reload still works). Nothing else in the renderer knows which one it runs on.
import { BRIDGE_GLOBAL, BRIDGE_PATH, type StayboardBridge } from '../../../../shared/contract';
import { createWebSocketBridge, type SocketFactory } from './websocket';

const SECRET_KEY = 'stayboard.secret';

export interface BridgeEnvironment {
  location: Pick<Location, 'href' | 'host' | 'protocol'>;
  history: Pick<History, 'replaceState' | 'state'>;
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
  preload?: StayboardBridge | undefined;
  connect: SocketFactory;
}

/** Takes the secret out of the page URL (remembering it for this tab), or reads it back from the tab. */
export function takeSecret(env: Pick<BridgeEnvironment, 'location' | 'history' | 'sessionStorage'>): string | null {
  const url = new URL(env.location.href);
  const fromUrl = url.searchParams.get('secret');
  if (fromUrl) {
    env.sessionStorage.setItem(SECRET_KEY, fromUrl);
    url.searchParams.delete('secret');
    env.history.replaceState(env.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    return fromUrl;
  }
  return env.sessionStorage.getItem(SECRET_KEY);
}

export function pickBridge(env: BridgeEnvironment): StayboardBridge {
  if (env.preload && typeof env.preload.invoke === 'function' && typeof env.preload.on === 'function')
    return env.preload;
  const secret = takeSecret(env) ?? '';
  const scheme = env.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return createWebSocketBridge(
    `${scheme}//${env.location.host}${BRIDGE_PATH}?secret=${encodeURIComponent(secret)}`,
    env.connect,
  );
}

let bridge: StayboardBridge | null = null;

/** The bridge of this page (created on first use). */
export function getBridge(): StayboardBridge {
  bridge ??= pickBridge({
    location: window.location,
    history: window.history,
    sessionStorage: window.sessionStorage,
    preload: (window as unknown as Record<string, StayboardBridge | undefined>)[BRIDGE_GLOBAL],
    connect: (url) => new WebSocket(url),
  });
  return bridge;
}
