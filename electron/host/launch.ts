// Starts the services runtime and the web host together, optionally on the
// demo workspace or signed in to an account: what `npm run web`, `npm start`
// (without Electron) and the e2e tests all use.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CommandError, type CommandArgs } from '../../shared/contract';
import { createRuntime, type Runtime, type WorkspaceFactory } from '../services/runtime';
import { translateError, workspaceDeps } from '../services/wiring';
import { silentLogger, type Logger } from '../log/log';
import { startWebHost, type WebHost } from './web';

/**
 * The built renderer: out/renderer of the checkout this code runs from. Found
 * by walking up to the package root, because this module runs from source
 * (electron/host/) and bundled (out/main/ or one of its chunks).
 */
function rendererDirOfCheckout(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (let dir = here; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return join(dir, 'out', 'renderer');
    if (dirname(dir) === dir) return resolve(here, '..', '..', 'out', 'renderer');
  }
}
export const DEFAULT_RENDERER_DIR = rendererDirOfCheckout();

export interface LaunchOptions {
  /** Open the demo workspace at once. */
  demo?: boolean;
  /** Sign in to this account at once (password given, session only unless remember). */
  signIn?: CommandArgs<'session.signIn'>;
  port?: number;
  /** Where settings and caches live; default: a temp folder removed on close. */
  dataDir?: string;
  rendererDir?: string;
  log?: Logger;
  secret?: string;
  version?: string;
  /** Replaces the real accounts/engine/demo wiring (tests). */
  workspace?: WorkspaceFactory;
}

export interface Launched {
  url: string;
  host: WebHost;
  runtime: Runtime;
  /** Why the demo or the sign-in did not open (the page still works; it shows the sign-in screen). */
  startupError: string | null;
  close(): Promise<void>;
}

export async function launchWebHost(options: LaunchOptions = {}): Promise<Launched> {
  const log = options.log ?? silentLogger;
  const rendererDir = options.rendererDir ?? DEFAULT_RENDERER_DIR;
  if (!existsSync(join(rendererDir, 'index.html'))) {
    throw new Error(`The renderer is not built (${join(rendererDir, 'index.html')} is missing). Run: npm run build`);
  }
  const tempDir = options.dataDir ? null : mkdtempSync(join(tmpdir(), 'stayboard-web-'));
  const dataDir = options.dataDir ?? tempDir!;
  const runtime = createRuntime({
    dataDir,
    log,
    app: { name: 'Stayboard', version: options.version ?? '0.0.0' },
    workspace: options.workspace ?? ((parts) => workspaceDeps({ ...parts, dataDir })),
    translate: translateError,
  });
  let host: WebHost;
  try {
    host = await startWebHost({
      dispatcher: runtime.dispatcher,
      bus: runtime.bus,
      rendererDir,
      log: log.child('web'),
      ...(options.port !== undefined ? { port: options.port } : {}),
      ...(options.secret !== undefined ? { secret: options.secret } : {}),
    });
  } catch (e) {
    await runtime.close();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    throw e;
  }

  let startupError: string | null = null;
  try {
    if (options.demo) await runtime.workspace.openDemo();
    else if (options.signIn) await runtime.workspace.signIn(options.signIn);
    else if (options.dataDir) await runtime.workspace.restore();
  } catch (e) {
    startupError = e instanceof CommandError || e instanceof Error ? e.message : String(e);
    log.warn(`startup sign-in failed: ${startupError}`);
  }

  let closing: Promise<void> | null = null;
  return {
    url: host.url,
    host,
    runtime,
    startupError,
    close() {
      closing ??= (async () => {
        await host.close();
        await runtime.close();
        if (tempDir) rmSync(tempDir, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}
