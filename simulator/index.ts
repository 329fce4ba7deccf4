// The simulator's entry point: the server of serve.ts with its control API
// (/_control, guarded by a secret), the handle tests and the CLI use.
import { createControl } from './server/control';
import { serveSimulator } from './serve';
import type { Simulator, SimulatorOptions } from './types';

export type { Every, FaultConfig, Mutation, RequestLogEntry, Simulator, SimulatorOptions } from './types';
export { NO_FAULTS, SECRET_VALUES } from './server/faults';
export { DEFAULTS } from './serve';

export function startSimulator(opts: SimulatorOptions = {}): Promise<Simulator> {
  return serveSimulator(opts, createControl);
}
