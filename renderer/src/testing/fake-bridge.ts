// An in-memory bridge for component tests: answers every command from the
// contract's examples unless a test gives its own handler, records every
// call, and lets a test push events. Never used by the app itself.
import type {
  CommandInput,
  CommandName,
  CommandOutput,
  EventName,
  EventPayload,
  Result,
  StayboardBridge,
} from '../../../shared/contract';
import { COMMAND_EXAMPLES } from '../../../shared/contract/testing/examples';

type Handler<N extends CommandName> = (input: CommandInput<N>) => Result<CommandOutput<N>> | CommandOutput<N>;
type Handlers = { [N in CommandName]?: Handler<N> };

export interface FakeBridge extends StayboardBridge {
  calls: { name: CommandName; input: unknown }[];
  callsOf<N extends CommandName>(name: N): CommandInput<N>[];
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  handle<N extends CommandName>(name: N, handler: Handler<N>): void;
}

function isResult(v: unknown): v is Result<unknown> {
  return typeof v === 'object' && v !== null && 'ok' in v && typeof v.ok === 'boolean';
}

export function fakeBridge(handlers: Handlers = {}): FakeBridge {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const table: Handlers = { ...handlers };
  const calls: { name: CommandName; input: unknown }[] = [];
  return {
    calls,
    callsOf<N extends CommandName>(name: N) {
      return calls.filter((c) => c.name === name).map((c) => c.input as CommandInput<N>);
    },
    invoke<N extends CommandName>(name: N, input: CommandInput<N>): Promise<Result<CommandOutput<N>>> {
      calls.push({ name, input: structuredClone(input) });
      const handler: Handler<N> | undefined = table[name];
      if (!handler) return Promise.resolve({ ok: true, value: structuredClone(COMMAND_EXAMPLES[name].output) });
      const out = handler(input);
      return Promise.resolve(isResult(out) ? (out as Result<CommandOutput<N>>) : { ok: true, value: out });
    },
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const l = listener as (payload: unknown) => void;
      set.add(l);
      return () => set.delete(l);
    },
    emit(event, payload) {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
    handle(name, handler) {
      (table as Record<string, unknown>)[name] = handler;
    },
  };
}

/** Lets pending promises and Svelte updates settle. */
export async function settle(ms = 0): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, ms));
}
