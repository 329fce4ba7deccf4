// The surface the renderer talks to, whatever carries it (Electron preload or
// the web host's WebSocket): exactly `invoke` and `on`. Shared so the preload,
// the WebSocket client and the renderer agree on one type.
import type { CommandInput, CommandName, CommandOutput } from './commands';
import type { EventName, EventPayload } from './push-events';
import type { Result } from './result';

export interface StayboardBridge {
  /** Runs a command in the main process. Never rejects for a command error: the Result says. */
  invoke<N extends CommandName>(name: N, input: CommandInput<N>): Promise<Result<CommandOutput<N>>>;
  /** Subscribes to a push event; the returned function unsubscribes. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** The global name the preload exposes the bridge under (`window.stayboard`). */
export const BRIDGE_GLOBAL = 'stayboard';

/** IPC channel names used by the Electron transport (one for commands, one for events). */
export const IPC_INVOKE_CHANNEL = 'stayboard:invoke';
export const IPC_EVENT_CHANNEL = 'stayboard:event';

/**
 * The web host's WebSocket protocol. Client → host: a request. Host → client:
 * a response to a request id, or an event.
 */
export interface WireRequest {
  id: number;
  name: string;
  input: unknown;
}
export interface WireResponse {
  id: number;
  result: Result<unknown>;
}
export interface WireEvent {
  event: string;
  payload: unknown;
}
/** Path of the WebSocket endpoint; the per-launch secret goes in the `secret` query parameter. */
export const BRIDGE_PATH = '/bridge';
