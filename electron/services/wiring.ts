// How the workspace gets its accounts, engines and demo simulator in the real
// app (Electron and the web host alike). The one place that knows the
// concrete engine and simulator modules.
import type { Logger } from '../shell/log';
import { CommandError } from '../../shared/contract';
import type { EnginePort } from './engine-port';
import type { WorkspaceDeps } from './workspace';
import { startDemoServer } from './demo';

export interface WiringOptions {
  /** Where the cache databases live (one per account). */
  dataDir: string;
  log: Logger;
}

export function workspaceDeps(_options: WiringOptions): Omit<WorkspaceDeps<EnginePort>, 'log' | 'bus'> {
  return {
    accounts: {
      status: () =>
        Promise.resolve({
          available: false,
          message: 'The keychain is not connected yet: credentials are kept for this session only.',
        }),
      remembered: () => Promise.resolve([]),
      forget: () => Promise.resolve(),
    },
    openEngine: () =>
      Promise.reject(new CommandError('unavailable', 'Signing in needs the sync engine, which is not built yet.')),
    startDemo: () => startDemoServer(),
  };
}
