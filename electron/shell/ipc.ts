// The Electron transport, main side: one `invoke` channel into the dispatcher
// (only for our own top frame on our own origin) and one event channel out to
// our windows. The renderer never sees ipcRenderer or a raw IPC event.
import type { IpcMain, IpcMainInvokeEvent, WebContents, WebFrameMain } from 'electron';
import { fail, IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL, type Result } from '../../shared/contract';
import type { EventBus } from '../services/bus';
import type { Dispatcher } from '../services/dispatcher';
import { RefusalLog, type Logger } from '../log/log';
import { isAppUrl } from './security';

type FrameLike = Pick<WebFrameMain, 'url' | 'parent'> | null | undefined;

/**
 * True only for the top frame of a page served from app://stayboard. A
 * subframe, a page navigated elsewhere, or a destroyed frame (null) is refused.
 */
export function isTrustedSender(frame: FrameLike): boolean {
  if (!frame) return false;
  if (frame.parent !== null) return false;
  return isAppUrl(frame.url);
}

/** Answers one invoke message: sender check, message shape, then the dispatcher. */
export async function handleInvoke(
  dispatcher: Dispatcher,
  frame: FrameLike,
  message: unknown,
  refusals?: Pick<RefusalLog, 'refused'>,
): Promise<Result<unknown>> {
  if (!isTrustedSender(frame)) {
    refusals?.refused('an IPC call from an untrusted frame', { url: frame?.url ?? null });
    return fail('forbidden', 'This page is not allowed to talk to Stayboard.');
  }
  if (!message || typeof message !== 'object' || typeof (message as { name?: unknown }).name !== 'string') {
    return fail('invalid_input', 'A command call needs a name and an input.');
  }
  const { name, input } = message as { name: string; input?: unknown };
  return dispatcher.dispatch(name, input);
}

export interface IpcBinding {
  /** Stops answering and stops forwarding events. */
  dispose(): void;
}

/**
 * Wires the dispatcher and the event bus to Electron's IPC. `targets` lists the
 * webContents that should receive events (our windows); each is checked to
 * still show our page before anything is sent to it.
 */
export function bindIpc(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  dispatcher: Dispatcher,
  bus: EventBus,
  targets: () => Pick<WebContents, 'isDestroyed' | 'getURL' | 'send'>[],
  log?: Logger,
): IpcBinding {
  // A page hammering the channel adds a few lines to the log, not one per call.
  const refusals = log ? new RefusalLog(log) : undefined;
  ipcMain.handle(IPC_INVOKE_CHANNEL, (event: IpcMainInvokeEvent, message: unknown) =>
    handleInvoke(dispatcher, event.senderFrame, message, refusals),
  );
  const unsubscribe = bus.subscribe((name, payload) => {
    for (const contents of targets()) {
      if (contents.isDestroyed() || !isAppUrl(contents.getURL())) continue;
      contents.send(IPC_EVENT_CHANNEL, { event: name, payload });
    }
  });
  return {
    dispose() {
      unsubscribe();
      refusals?.flush(true);
      ipcMain.removeHandler(IPC_INVOKE_CHANNEL);
    },
  };
}
