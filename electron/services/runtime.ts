// The services runtime, the same in Electron and in the web host: event bus,
// settings, workspace (account + engine), the handler table and the
// dispatcher every transport calls. `close()` is the clean shutdown.
import { join } from 'node:path';
import type { Logger } from '../log/log';
import { watchLongTasks } from '../log/long-tasks';
import { Breadcrumbs } from './breadcrumbs';
import { EventBus } from './bus';
import type { ServiceContext } from './context';
import { createDispatcher, type Dispatcher, type ErrorTranslator } from './dispatcher';
import { buildHandlers } from './handlers';
import { SettingsStore } from './settings-store';
import type { Handlers } from './types';
import type { EnginePort } from './engine-port';
import { webPlatform, type PlatformPort } from './platform';
import { Workspace, type WorkspaceDeps } from './workspace';

/** Engines forward their events to the bus and follow the settings, so the factory receives both. */
export type WorkspaceFactory = (parts: {
  bus: EventBus;
  settings: SettingsStore;
  log: Logger;
}) => Omit<WorkspaceDeps<EnginePort>, 'log' | 'bus'>;

export interface RuntimeOptions {
  /** Where settings (and, through the engine factory, the cache) live; null = memory only. */
  dataDir: string | null;
  log: Logger;
  app: { name: string; version: string };
  /** How accounts, engines and the demo are made (wiring.ts in the app; fakes in tests), given the runtime's parts. */
  workspace: WorkspaceFactory;
  handlers?: Handlers;
  translate?: ErrorTranslator;
  /** Updates and versions of the host; made once the runtime exists (it counts unsent changes). Default: the web host's. */
  platform?: (runtime: Pick<Runtime, 'bus' | 'workspace'>) => PlatformPort;
}

export interface Runtime {
  readonly bus: EventBus;
  readonly settings: SettingsStore;
  readonly workspace: Workspace<EnginePort>;
  readonly dispatcher: Dispatcher;
  readonly context: ServiceContext;
  readonly breadcrumbs: Breadcrumbs;
  close(): Promise<void>;
}

export function createRuntime(options: RuntimeOptions): Runtime {
  const { log } = options;
  // Any main-process task over LONG_TASK_MS is logged with what ran in it (log/long-tasks.ts).
  const stopWatch = watchLongTasks(log.child('main'));
  const bus = new EventBus(log.child('events'));
  const settings = new SettingsStore(
    options.dataDir ? join(options.dataDir, 'settings.json') : null,
    log.child('settings'),
  );
  const workspace = new Workspace<EnginePort>({
    ...options.workspace({ bus, settings, log: log.child('engine') }),
    log: log.child('session'),
    bus,
  });
  const breadcrumbs = new Breadcrumbs();
  const platform = options.platform?.({ bus, workspace }) ?? webPlatform();
  const context: ServiceContext = { app: options.app, log, bus, settings, workspace, platform, breadcrumbs };
  const inner = createDispatcher(options.handlers ?? buildHandlers(), context, {
    log: log.child('ipc'),
    ...(options.translate ? { translate: options.translate } : {}),
  });
  // Every command leaves a breadcrumb; a failure nobody foresaw writes the last actions to the log.
  const dispatcher: Dispatcher = {
    async dispatch(name, input) {
      const started = performance.now();
      const result = await inner.dispatch(name, input);
      breadcrumbs.record(typeof name === 'string' ? name : '?', input, result, performance.now() - started);
      if (!result.ok && result.error.code === 'internal') {
        log.error('last actions before this failure', { actions: breadcrumbs.lines() });
      }
      return result;
    },
  };
  let closing: Promise<void> | null = null;
  return {
    bus,
    settings,
    workspace,
    dispatcher,
    context,
    breadcrumbs,
    close() {
      closing ??= workspace.close().finally(stopWatch);
      return closing;
    },
  };
}
