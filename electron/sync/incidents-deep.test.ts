// Incidents cannot hide behind the sync window: an incident reported more
// than incidentPastDays ago and never closed reaches the cache through the
// deep incidents window, and the cache holds exactly the server's open
// incidents of those years (none left out, none invented).
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../simulator';
import { ApiClient } from '../api/client';
import { BudgetGovernor } from '../api/governor';
import { queries } from '../cache';
import { addDays } from '../cache/queries';
import { MemoryCredentialStore } from '../credentials/store';
import { Engine } from '../engine';
import { DEFAULT_POLICY } from './policy';

const TODAY = '2026-06-10';
const open: { sim: Simulator | null; engine: Engine | null; client: ApiClient | null } = {
  sim: null,
  engine: null,
  client: null,
};
afterEach(async () => {
  await open.engine?.close();
  await open.client?.close();
  await open.sim?.close();
});

describe('old open incidents', { timeout: 90_000 }, () => {
  it('reach the cache after a full pass, exactly the server’s', async () => {
    const sim = (open.sim = await startSimulator({
      listings: 20,
      seed: 11,
      today: TODAY,
      rateLimit: { limit: 1_000_000, windowSeconds: 3600 },
    }));
    const engine = (open.engine = Engine.open({
      dbPath: ':memory:',
      credentials: new MemoryCredentialStore(),
      background: false,
      today: () => TODAY,
      settings: { budgetPerHour: 1_000_000 },
    }));
    await engine.signIn({ baseUrl: sim.url, user: sim.user, password: sim.password, remember: false });
    const pass = await engine.syncNow({ full: true });
    expect(pass.failed).toBe(0);

    const cutoff = addDays(TODAY, -DEFAULT_POLICY.incidentPastDays);
    const reader = (open.client = new ApiClient({
      baseUrl: sim.url,
      governor: new BudgetGovernor({ limit: 1_000_000 }),
    }));
    await reader.signIn({ user: sim.user, password: sim.password });
    const server = await reader.list('incidents.list', {
      query: { start_date: addDays(TODAY, -DEFAULT_POLICY.incidentDeepDays), end_date: addDays(cutoff, -1) },
    });
    const serverOpen = server.items
      .filter((i) => i.value.properties.some((p) => !p.finished))
      .map((i) => i.value.id)
      .sort((a, b) => a - b);
    expect(serverOpen.length).toBeGreaterThan(0);

    const cachedOld = queries
      .listOpenIncidents(engine.db, {})
      .filter((i) => i.date.slice(0, 10) < cutoff)
      .map((i) => i.id)
      .sort((a, b) => a - b);
    expect(cachedOld).toEqual(serverOpen);
  });
});
