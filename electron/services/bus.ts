// The event bus of the main side: services emit contract events here; each
// transport (Electron IPC, WebSocket) subscribes and forwards to its renderer.
// Payloads are checked against the event table before anyone sees them, so a
// bug in the engine cannot push a malformed or oversharing payload.
import { EVENTS, type EventInput, type EventName } from '../../shared/contract';
import { summarize } from '../../shared/api/validation';
import { silentLogger, type Logger } from '../log/log';

export type { EventInput };

export type BusListener = (event: EventName, payload: unknown) => void;

export class EventBus {
  private readonly listeners = new Set<BusListener>();
  constructor(private readonly log: Logger = silentLogger) {}

  /** Validates (and strips) the payload, then delivers it to every subscriber. Never throws. */
  emit<E extends EventName>(event: E, payload: EventInput<E>): void {
    const spec = EVENTS[event];
    if (!spec) {
      this.log.error(`dropped unknown event "${String(event)}"`);
      return;
    }
    const parsed = spec.payload.safeParse(payload);
    if (!parsed.success) {
      this.log.error(`dropped malformed ${event} event: ${summarize(parsed.error)}`);
      return;
    }
    for (const listener of [...this.listeners]) {
      try {
        listener(event, parsed.data);
      } catch (e) {
        // One broken transport (a closed window, a dead socket) must not stop the others.
        this.log.warn(`an event listener failed on ${event}`, e);
      }
    }
  }

  /** Subscribes to every event; returns the unsubscribe function. */
  subscribe(listener: BusListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  get size(): number {
    return this.listeners.size;
  }
}
