// What the preload exposes to the renderer, as a function of the two
// ipcRenderer methods it needs (so it can be tested without Electron):
// exactly `invoke(name, input)` and `on(event, listener) → off`, for names in
// the contract only. Listeners receive the payload, never the IPC event.
import {
  fail,
  IPC_EVENT_CHANNEL,
  IPC_INVOKE_CHANNEL,
  isCommandName,
  isEventName,
  resultEnvelope,
  type StayboardBridge,
} from '../../shared/contract';

type IpcListener = (event: unknown, message: unknown) => void;

export interface IpcRendererLike {
  invoke(channel: string, message: unknown): Promise<unknown>;
  on(channel: string, listener: IpcListener): unknown;
  removeListener(channel: string, listener: IpcListener): unknown;
}

export function createPreloadApi(ipc: IpcRendererLike): StayboardBridge {
  const invoke = async (name: string, input: unknown) => {
    if (!isCommandName(name)) return fail('unknown_command', `There is no command "${String(name).slice(0, 60)}".`);
    try {
      const answer = await ipc.invoke(IPC_INVOKE_CHANNEL, { name, input });
      const checked = resultEnvelope.safeParse(answer);
      return checked.success
        ? checked.data
        : fail('internal', 'The main process sent an answer Stayboard does not understand.');
    } catch {
      // The main side never throws across IPC; this means it is gone (quitting, crashed).
      return fail('disconnected', 'Stayboard is shutting down or restarting; try again in a moment.');
    }
  };

  const on = (event: string, listener: (payload: unknown) => void) => {
    if (!isEventName(event)) throw new TypeError(`There is no event "${String(event).slice(0, 60)}".`);
    if (typeof listener !== 'function') throw new TypeError('on() needs a listener function.');
    const wrapped: IpcListener = (_ipcEvent, message) => {
      const m = message as { event?: unknown; payload?: unknown } | null;
      if (m && m.event === event) listener(m.payload);
    };
    ipc.on(IPC_EVENT_CHANNEL, wrapped);
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      ipc.removeListener(IPC_EVENT_CHANNEL, wrapped);
    };
  };

  // The exposed object has exactly these two members (contextBridge copies own properties).
  return Object.freeze({ invoke, on }) as unknown as StayboardBridge;
}
