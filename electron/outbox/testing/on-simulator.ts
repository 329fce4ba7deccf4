// Test rig for the outbox's tests against the simulator (not used by the app
// nor by the soak): one simulator per test file, started before its tests and
// closed after them; the other back-office user (world.ts) who reads and
// changes records over plain HTTP with a token of its own; devices on that
// simulator; and the server's own record of the writes it applied.
import { afterAll, beforeAll, expect } from 'vitest';
import {
  startSimulator,
  type FaultConfig,
  type Mutation,
  type Simulator,
  type SimulatorOptions,
} from '../../../simulator';
import type { Outbox } from '../index';
import { Device, type DeviceOptions } from './rig';
import { OtherUser } from './world';

export interface OnSimulator {
  /** The simulator of this file (between its beforeAll and afterAll). */
  readonly sim: Simulator;
  readonly other: OtherUser;
  /** A device (in-memory cache, nothing cached yet) on the simulator, whose faults are cleared first. */
  device(options?: Pick<DeviceOptions, 'outbox' | 'requestTimeoutMs'>): Device;
  /** Writes the server applied at this endpoint: every one, of this record (an id), or whose body holds this marker. */
  applied(endpoint: string, of?: number | string): Mutation[];
  /** The one write the server applied at this endpoint (of this record, or holding this marker); fails the test unless exactly one. */
  appliedOnce(endpoint: string, of?: number | string): Mutation;
  /**
   * Drains with every answer of `route` lost on its way back (the server applied the write, the
   * device never heard), runs `meanwhile` (checks of the state in between), then drains until
   * settled with the network whole again.
   */
  drainLosingAnswers(outbox: Outbox, route: string, meanwhile?: () => void): Promise<void>;
  /** The same with every request of `route` answered 5xx instead (the server did not process it). */
  drainFailing(outbox: Outbox, route: string, meanwhile?: () => void): Promise<void>;
  /** Where the server's request log stands now: what `requestsSince` counts from. */
  mark(): number;
  /** The endpoints requested since `mark`, in order; sign-ins left out (a token may be renewed at any time). */
  requestsSince(mark: number): (string | null)[];
}

/** Starts a simulator for the calling test file (call at its top level). */
export function onSimulator(options: SimulatorOptions): OnSimulator {
  let running: { sim: Simulator; other: OtherUser } | null = null;
  const now = () => {
    if (!running) throw new Error('the simulator runs only while the tests of its file do');
    return running;
  };
  beforeAll(async () => {
    const sim = await startSimulator(options);
    running = { sim, other: new OtherUser(sim) };
  });
  afterAll(async () => {
    await running?.sim.close();
    running = null;
  });
  async function drainThrough(outbox: Outbox, faults: Partial<FaultConfig>, meanwhile?: () => void): Promise<void> {
    const { sim } = now();
    sim.setFaults(faults);
    await outbox.drain();
    meanwhile?.();
    sim.resetFaults();
    await outbox.drain({ untilSettled: true });
  }
  return {
    get sim() {
      return now().sim;
    },
    get other() {
      return now().other;
    },
    device(extra = {}) {
      const { sim } = now();
      sim.resetFaults();
      return new Device({ url: sim.url, user: sim.user, password: sim.password, ...extra });
    },
    applied(endpoint, of) {
      return now()
        .sim.mutations()
        .filter(
          (m) =>
            m.endpoint === endpoint &&
            m.result === 'applied' &&
            (of === undefined || (typeof of === 'number' ? m.id === of : JSON.stringify(m.body).includes(of))),
        );
    },
    appliedOnce(endpoint, of) {
      const writes = this.applied(endpoint, of);
      expect(writes).toHaveLength(1);
      return writes[0]!;
    },
    drainLosingAnswers: (outbox, route, meanwhile) =>
      drainThrough(outbox, { resetAfterRate: 1, routes: [route] }, meanwhile),
    drainFailing: (outbox, route, meanwhile) => drainThrough(outbox, { errorRate: 1, errorRoutes: [route] }, meanwhile),
    mark() {
      return now().sim.requestLog().length;
    },
    requestsSince(mark) {
      return now()
        .sim.requestLog()
        .slice(mark)
        .map((r) => r.endpoint)
        .filter((e) => e !== 'auth.login');
    },
  };
}
