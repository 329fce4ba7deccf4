// How a command and an event are declared, and the types every side derives
// from the tables: names, inputs (what the renderer passes), outputs (what it gets).
import type { z } from 'zod';

export interface CommandSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** One sentence: what the command does, for docs and error messages. */
  readonly summary: string;
  /** Validated on the main side for every call: the renderer is untrusted. */
  readonly input: I;
  /** Checked (and stripped of extra keys) before the answer leaves the main side. */
  readonly output: O;
}

export interface EventSpec<P extends z.ZodType = z.ZodType> {
  readonly summary: string;
  readonly payload: P;
}

export function command<I extends z.ZodType, O extends z.ZodType>(
  summary: string,
  input: I,
  output: O,
): CommandSpec<I, O> {
  return { summary, input, output };
}

export function event<P extends z.ZodType>(summary: string, payload: P): EventSpec<P> {
  return { summary, payload };
}

/**
 * Merges domain tables into one, throwing on a name declared twice (a
 * duplicate would silently replace a command otherwise).
 */
export function mergeTables<T extends Record<string, unknown>>(tables: readonly T[], what: string): T {
  const out: Record<string, unknown> = {};
  for (const table of tables) {
    for (const [name, spec] of Object.entries(table)) {
      if (Object.hasOwn(out, name)) throw new Error(`${what} "${name}" is declared twice`);
      out[name] = spec;
    }
  }
  return out as T;
}
