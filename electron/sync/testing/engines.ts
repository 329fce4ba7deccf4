// Test rig for the engine against the real simulator (sync, reconcile and
// notification tests; not used by the app): simulators whose hourly limit never
// gets in the way, engines on an in-memory cache, and clean readers of the
// server's state — all closed after each test.
import { afterEach } from 'vitest';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../../simulator';
import { ApiClient } from '../../api/client';
import { BudgetGovernor } from '../../api/governor';
import { MemoryCredentialStore } from '../../credentials/store';
import { Engine, type EngineOptions } from '../../engine';

const UNLIMITED = 1_000_000;

export interface EngineRig {
  /** A simulator of 8 listings on `today`, with no hourly limit to speak of. */
  simulator(options?: SimulatorOptions): Promise<Simulator>;
  /** An engine on an in-memory cache: a memory keychain, no background loop, `today` fixed, a budget that never runs out. */
  engine(extra?: Partial<EngineOptions>): Engine;
  /** Signs the engine in to the simulator (the password not remembered). */
  signIn(engine: Engine, sim: Simulator): Promise<void>;
  /** A clean reader of the server's state, signed in with a token of its own. */
  reader(sim: Simulator): Promise<ApiClient>;
}

/** The rig for the calling test file (call at its top level). */
export function engineRig(today: string): EngineRig {
  const open: { sims: Simulator[]; engines: Engine[]; clients: ApiClient[] } = { sims: [], engines: [], clients: [] };
  afterEach(async () => {
    for (const e of open.engines.splice(0)) await e.close();
    for (const c of open.clients.splice(0)) await c.close();
    for (const s of open.sims.splice(0)) {
      s.stopChurn();
      await s.close();
    }
  });
  return {
    async simulator(options = {}) {
      const sim = await startSimulator({
        listings: 8,
        seed: 11,
        today,
        rateLimit: { limit: UNLIMITED, windowSeconds: 3600 },
        ...options,
      });
      open.sims.push(sim);
      return sim;
    },
    engine(extra = {}) {
      const engine = Engine.open({
        dbPath: ':memory:',
        credentials: new MemoryCredentialStore(),
        background: false,
        today: () => today,
        settings: { budgetPerHour: UNLIMITED },
        ...extra,
      });
      open.engines.push(engine);
      return engine;
    },
    async signIn(engine, sim) {
      await engine.signIn({ baseUrl: sim.url, user: sim.user, password: sim.password, remember: false });
    },
    async reader(sim) {
      const client = new ApiClient({ baseUrl: sim.url, governor: new BudgetGovernor({ limit: UNLIMITED }) });
      open.clients.push(client);
      await client.signIn({ user: sim.user, password: sim.password });
      return client;
    },
  };
}
