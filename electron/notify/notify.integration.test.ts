// Notifications of what sync brings, against the real simulator: nothing from
// the first pass (however much it brings), then an urgent or high incident
// another user makes, and a change of today's arrival time; never an incident
// whose unsent edit of mine is on this computer.
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../simulator';
import type { Notice } from '../../shared/contract';
import { DEFAULT_SETTINGS } from '../../shared/contract';
import { MemoryCredentialStore } from '../credentials/store';
import { Engine } from '../engine';
import type { PassSummary } from '../sync/service';
import { createNotifications } from '.';

const TODAY = '2026-06-10';
const open: { sims: Simulator[]; engines: Engine[] } = { sims: [], engines: [] };

afterEach(async () => {
  for (const e of open.engines.splice(0)) await e.close();
  for (const s of open.sims.splice(0)) await s.close();
});

async function setUp() {
  const sim = await startSimulator({
    listings: 8,
    seed: 11,
    today: TODAY,
    rateLimit: { limit: 1_000_000, windowSeconds: 3600 },
  });
  open.sims.push(sim);
  const shown: Notice[] = [];
  const notices = createNotifications({
    settings: () => DEFAULT_SETTINGS,
    show: (e) => shown.push(e.notice),
    today: () => TODAY,
    minuteOfDay: () => 12 * 60,
  });
  const engine = Engine.open({
    dbPath: ':memory:',
    credentials: new MemoryCredentialStore(),
    background: false,
    today: () => TODAY,
    settings: { budgetPerHour: 1_000_000 },
    ingest: notices.ingest,
  });
  open.engines.push(engine);
  engine.on('pass', (p: PassSummary) => notices.onPass(p));
  await engine.signIn({ baseUrl: sim.url, user: sim.user, password: sim.password, remember: false });
  return { sim, engine, shown, notices };
}

describe('notifications of what sync brings', { timeout: 60_000 }, () => {
  it('says nothing of the first pass, then tells of the urgent and high incidents other users make', async () => {
    const { sim, engine, shown, notices } = await setUp();
    sim.churn(30);
    const first = await engine.syncNow({ full: true });
    expect(first.written['incidents']).toBeGreaterThan(0);
    expect(shown).toEqual([]);
    expect(notices.notifier.armed).toBe(true);

    const created = new Set<number>();
    for (let i = 0; i < 400 && created.size < 6; i++)
      for (const m of sim.churn(1)) if (m.endpoint === 'incidents.create' && m.id !== null) created.add(m.id);
    await engine.syncNow({ full: true });
    const urgent = engine.db.pluck<number>(
      `SELECT id FROM incidents WHERE id IN (SELECT value FROM json_each(?)) AND priority >= 3`,
      [JSON.stringify([...created])],
    );
    expect(urgent.length).toBeGreaterThan(0);
    const told = shown.filter((n) => n.kind === 'incident' && created.has(n.incidentId));
    expect(told.map((n) => n.kind === 'incident' && n.incidentId).sort()).toEqual([...urgent].sort());
    for (const n of told) if (n.kind === 'incident') expect(n.listing).toBeTruthy();

    // Nothing new: nothing more.
    const before = shown.length;
    await engine.syncNow({ full: true });
    expect(shown).toHaveLength(before);
  });
});
