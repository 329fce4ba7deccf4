// A team on one business (bench/suites/team.ts and its quick test): one
// simulator on a manual clock, with its churn ("other back-office users")
// ticking on that clock, and N real engines — each its own cache file, its
// own login and token (so its own request budget) — signed in to it over
// loopback HTTP, every request taking clock time. The server's truth is read
// through a plain API client of its own (its own token, not counted).
import { join } from 'node:path';
import { ApiClient } from '../../electron/api/client';
import { BudgetGovernor } from '../../electron/api/governor';
import { UndiciTransport } from '../../electron/api/transport';
import { MemoryCredentialStore } from '../../electron/credentials/store';
import { Engine } from '../../electron/engine';
import { startSimulator, type Every, type Simulator } from '../../simulator';
import { SimulatedDay } from '../day';

export const TODAY = '2026-06-15';

export interface TeamOptions {
  engines: number;
  listings: number;
  /** Clock time added to every request (a distance to the server). */
  latencyMs: number;
  /** "Other users" changes per minute (the simulator's churn). */
  churnPerMinute: number;
  seed: number;
  /** Where the engines' cache files go. */
  dir: string;
  /** Clock time the day starts at, 'HH:MM' local. */
  startsAt: string;
}

/** An engine's requests as it sent them: clock stamps per bearer token (login has none), and the 429s it got. */
export interface Requests {
  byToken: Map<string, number[]>;
  tooMany: number;
}

export interface Team {
  day: SimulatedDay;
  sim: Simulator;
  engines: Engine[];
  requests: Requests[];
  /** A plain client with a token of its own, for the server's truth. */
  truth: ApiClient;
  close(): Promise<void>;
}

/** The simulator's repeating timer (churn) on the manual clock. */
function everyOn(day: SimulatedDay): Every {
  return (ms, fn) => {
    const tick = () => {
      fn();
      timer = day.clock.setTimeout(tick, ms);
    };
    let timer = day.clock.setTimeout(tick, ms);
    return () => timer.cancel();
  };
}

/** Starts the simulator and signs every engine in (run on the clock until all are in). */
export async function startTeam(o: TeamOptions): Promise<Team> {
  const day = new SimulatedDay(Date.parse(`${TODAY}T${o.startsAt}:00`));
  const sim = await startSimulator({
    seed: o.seed,
    listings: o.listings,
    today: TODAY,
    now: () => day.clock.now(),
    every: everyOn(day),
  });
  const requests: Requests[] = [];
  const engines: Engine[] = [];
  const truth = new ApiClient({ baseUrl: sim.url, governor: new BudgetGovernor({ limit: 1_000_000 }) });
  truth.setCredentials({ user: sim.user, password: sim.password });
  for (let i = 0; i < o.engines; i++) {
    const seen: Requests = { byToken: new Map(), tooMany: 0 };
    requests.push(seen);
    const inner = new UndiciTransport();
    engines.push(
      Engine.open({
        dbPath: join(o.dir, `team-${i}.db`),
        credentials: new MemoryCredentialStore(),
        clock: day.clock,
        today: () => TODAY,
        transport: day.transport(
          {
            send: async (req) => {
              const token = /^Bearer (.+)$/.exec(req.headers['authorization'] ?? '')?.[1];
              if (token) {
                const stamps = seen.byToken.get(token) ?? [];
                seen.byToken.set(token, stamps);
                stamps.push(day.clock.now());
              }
              const res = await inner.send(req);
              if (res.status === 429) seen.tooMany++;
              return res;
            },
            close: () => inner.close(),
          },
          o.latencyMs,
        ),
        // Plans on their own thread, as in the app; the simulated clock waits for each as for a request.
        planThread: true,
        onPlanAsk: (pending) => day.track(pending),
      }),
    );
  }
  const team: Team = {
    day,
    sim,
    engines,
    requests,
    truth,
    close: async () => {
      sim.stopChurn();
      for (const e of engines) await e.close();
      await truth.close();
      await sim.close();
    },
  };
  try {
    const account = { baseUrl: sim.url, user: sim.user, password: sim.password, remember: false };
    await day.until(Promise.all(engines.map((e) => e.signIn(account))), o.latencyMs);
    sim.startChurn(o.churnPerMinute);
  } catch (e) {
    await team.close();
    throw e;
  }
  return team;
}
