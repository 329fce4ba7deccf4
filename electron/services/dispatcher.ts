// The one door into the main side: takes an untrusted (name, input) pair from
// any transport, rejects unknown names, validates the input with the
// contract's schema (once: an edit's input is also admitted here, with the
// values that cannot travel refused, and goes to the outbox as it is — shared/contract/admitted-edit.ts), runs the handler, checks and strips the output, and turns
// every failure into `{ok: false, error: {code, message}}` — never a stack
// trace, never a secret.
import {
  COMMANDS,
  CommandError,
  admitParsedEdit,
  fail,
  isCommandName,
  isEditName,
  ok,
  type CommandName,
  type Result,
} from '../../shared/contract';
import { fieldErrors, summarize } from '../../shared/api/validation';
import type { Logger } from '../log/log';
import { timedWork } from '../log/long-tasks';
import type { ServiceContext } from './context';
import type { Handlers } from './types';

export interface Dispatcher {
  dispatch(name: unknown, input: unknown): Promise<Result<unknown>>;
}

/** Translates errors of lower layers (API client, keychain…) into contract errors; null when it does not know one. */
export type ErrorTranslator = (error: unknown) => CommandError | null;

export interface DispatcherOptions {
  log: Logger;
  translate?: ErrorTranslator;
  /** Calls slower than this are logged (they would make the UI feel stuck). */
  slowMs?: number;
  /** Milliseconds of a monotonic clock (default performance.now; tests pass their own). */
  now?: () => number;
}

function shortName(name: unknown): string {
  const s = typeof name === 'string' ? name : (JSON.stringify(name) ?? String(name));
  return s.length > 60 ? `${s.slice(0, 60)}…` : s;
}

/** A handler whose synchronous part held the main process longer than this (ms) lets others run before its answer goes. */
export const YIELD_AFTER_MS = 10;

export function createDispatcher(handlers: Handlers, ctx: ServiceContext, options: DispatcherOptions): Dispatcher {
  const { log, translate, slowMs = 250, now = () => performance.now() } = options;
  return {
    async dispatch(name, rawInput) {
      if (!isCommandName(name)) return fail('unknown_command', `There is no command "${shortName(name)}".`);
      const spec = COMMANDS[name];
      const parsed = spec.input.safeParse(rawInput === undefined ? {} : rawInput);
      if (!parsed.success) {
        return fail('invalid_input', `${name}: ${summarize(parsed.error)}`, fieldErrors(parsed.error));
      }
      let input: unknown = parsed.data;
      if (isEditName(name)) {
        const admitted = admitParsedEdit(name, rawInput, parsed.data as never);
        if (!admitted.ok) return fail('invalid_input', admitted.message, admitted.fields);
        input = admitted.value;
      }
      const started = now();
      let value: unknown;
      let held = 0;
      try {
        const handler = handlers[name] as (input: unknown, ctx: ServiceContext) => unknown;
        // The part before the handler's first await holds the main process: a possible cause of a long task.
        value = await timedWork(`ipc ${name}`, () => {
          const t0 = now();
          try {
            return handler(input, ctx);
          } finally {
            held = now() - t0;
          }
        });
      } catch (e) {
        return failure(name, e, log, translate);
      } finally {
        const ms = now() - started;
        // Session commands talk to the server (and start the demo); the rest should answer from memory or the cache.
        if (ms > slowMs && !name.startsWith('session.')) log.warn(`${name} took ${Math.round(ms)} ms`);
      }
      // A long read is not followed in the same task by its answer's check and sending (a whole day's
      // board at 5,000 listings: ≈ 30 ms of reading, then ≈ 10 ms of checking and serialising): what
      // waits — another window's call, a timer — runs in between.
      if (held > YIELD_AFTER_MS) await new Promise<void>((resolve) => setImmediate(resolve));
      const checked = timedWork(`ipc ${name} answer check`, () => spec.output.safeParse(value));
      if (!checked.success) {
        log.error(`${name} produced an answer that breaks the contract: ${summarize(checked.error)}`);
        return fail('internal', `Stayboard could not answer "${name}" (the details are in the log).`);
      }
      return ok(checked.data);
    },
  };
}

function failure(name: CommandName, e: unknown, log: Logger, translate?: ErrorTranslator): Result<never> {
  const known = e instanceof CommandError ? e : (translate?.(e) ?? null);
  if (known) {
    if (known.code === 'internal') log.error(`${name} failed`, { message: known.message });
    return fail(known.code, known.message, known.fields, known.detail);
  }
  log.error(`${name} failed unexpectedly`, e instanceof Error ? { message: e.message, stack: e.stack } : { e });
  return fail('internal', `Something went wrong while running "${name}" (the details are in the log).`);
}
