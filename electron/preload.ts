// The preload script: runs sandboxed with context isolation, bundled into one
// CommonJS file (electron.vite.config.ts). It exposes `window.stayboard` with
// exactly `invoke` and `on`, nothing else — never ipcRenderer itself.
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_GLOBAL } from '../shared/contract/bridge';
import { createPreloadApi } from './shell/preload-api';

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, createPreloadApi(ipcRenderer));
