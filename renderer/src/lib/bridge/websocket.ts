// The WebSocket transport of the bridge (web host): requests `{id, name,
// input}` answered by `{id, result}`, events `{event, payload}`. Calls made
// before the socket opens wait for it; when the socket closes, calls in flight
// answer `disconnected`, drop listeners hear of it (renderer/src/state/link.svelte.ts),
// and the next call reconnects; event listeners stay subscribed across it.
import {
  fail,
  isCommandName,
  isEventName,
  resultEnvelope,
  type Result,
  type StayboardBridge,
} from '../../../../shared/contract';

type Listener = (payload: unknown) => void;

export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'close' | 'error' | 'message', listener: (event: { data?: unknown }) => void): void;
}

export type SocketFactory = (url: string) => SocketLike;

const OPEN = 1;

export function createWebSocketBridge(
  url: string,
  connect: SocketFactory,
): StayboardBridge & { close(): void; onDrop(listener: () => void): () => void } {
  let socket: SocketLike | null = null;
  let opened: Promise<SocketLike> | null = null;
  let nextId = 1;
  const pending = new Map<number, (result: Result<unknown>) => void>();
  const listeners = new Map<string, Set<Listener>>();
  const dropListeners = new Set<() => void>();

  function open(): Promise<SocketLike> {
    if (opened) return opened;
    opened = new Promise<SocketLike>((resolve, reject) => {
      const ws = connect(url);
      socket = ws;
      let isOpen = false;
      ws.addEventListener('open', () => {
        isOpen = true;
        resolve(ws);
      });
      ws.addEventListener('message', (event) => receive(event.data));
      ws.addEventListener('close', () => {
        if (socket === ws) {
          socket = null;
          opened = null;
        }
        for (const [id, answer] of pending) {
          pending.delete(id);
          answer(fail('disconnected', 'The connection to Stayboard was lost; try again.'));
        }
        if (!isOpen) reject(new Error('closed before opening'));
        else for (const listener of [...dropListeners]) listener();
      });
      ws.addEventListener('error', () => undefined);
    });
    return opened;
  }

  function receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let msg: unknown;
    try {
      msg = JSON.parse(data);
    } catch {
      return;
    }
    if (!msg || typeof msg !== 'object') return;
    const m = msg as { id?: unknown; result?: unknown; event?: unknown; payload?: unknown };
    if (typeof m.id === 'number') {
      const answer = pending.get(m.id);
      if (!answer) return;
      pending.delete(m.id);
      const checked = resultEnvelope.safeParse(m.result);
      answer(
        checked.success ? checked.data : fail('internal', 'Stayboard sent an answer the page does not understand.'),
      );
    } else if (typeof m.event === 'string') {
      for (const listener of [...(listeners.get(m.event) ?? [])]) listener(m.payload);
    }
  }

  async function invoke(name: string, input: unknown): Promise<Result<unknown>> {
    if (!isCommandName(name)) return fail('unknown_command', `There is no command "${String(name).slice(0, 60)}".`);
    let ws: SocketLike;
    try {
      ws = await open();
    } catch {
      return fail('disconnected', 'Stayboard is not reachable; is the web host still running?');
    }
    const id = nextId++;
    return new Promise<Result<unknown>>((resolve) => {
      pending.set(id, resolve);
      try {
        ws.send(JSON.stringify({ id, name, input }));
      } catch {
        pending.delete(id);
        resolve(fail('disconnected', 'The connection to Stayboard was lost; try again.'));
      }
    });
  }

  function on(event: string, listener: Listener): () => void {
    if (!isEventName(event)) throw new TypeError(`There is no event "${String(event).slice(0, 60)}".`);
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(listener);
    // Events flow only over an open socket: subscribing opens it.
    open().catch(() => undefined);
    return () => {
      set.delete(listener);
    };
  }

  return {
    invoke: invoke as StayboardBridge['invoke'],
    on: on as StayboardBridge['on'],
    close() {
      dropListeners.clear();
      if (socket && socket.readyState === OPEN) socket.close(1000, 'page closing');
    },
    onDrop(listener) {
      dropListeners.add(listener);
      return () => void dropListeners.delete(listener);
    },
  };
}
