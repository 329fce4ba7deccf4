// A new intranet user with its password, as a foreground write against the
// simulator: sent once and at once, kept in the local list without its
// password; a lost answer is read back by user name — found means created, and
// nothing is sent twice, even when the read-back itself failed first;
// offline nothing is asked at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../simulator';
import { ApiClient } from '../api/client';
import { BudgetGovernor } from '../api/governor';
import { openCache, type WritableDB } from '../cache';
import { CACHE_MIGRATIONS } from '../cache';
import { listAdmins } from '../cache/queries';
import { adminsTable } from '../cache/tables';
import { upsertRecords } from '../cache/write';
import { OUTBOX_MIGRATIONS } from '../outbox';
import { adminWrites } from './admin-writes';
import { ForegroundWriter } from './foreground';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: 21, listings: 3, today: '2026-06-15' });
});
afterAll(async () => {
  await sim.close();
});

const PASSWORD = 'Tr0ub4dor & 3 horses';

function rig(online = true): { db: WritableDB; writes: ReturnType<typeof adminWrites> } {
  const db = openCache({ path: ':memory:', migrations: [...CACHE_MIGRATIONS, ...OUTBOX_MIGRATIONS] });
  const client = new ApiClient({
    baseUrl: sim.url,
    governor: new BudgetGovernor({ limit: 5000 }),
    backoffMs: 2,
    transportOptions: { requestTimeoutMs: 2000, connectTimeoutMs: 500 },
  });
  client.setCredentials({ user: sim.user, password: sim.password });
  const writer = new ForegroundWriter({ client: () => client, online: () => online, settleMs: 50 });
  return { db, writes: adminWrites(writer, (items) => upsertRecords(db, adminsTable, items)) };
}

const creates = (username: string) =>
  sim
    .mutations()
    .filter((m) => m.endpoint === 'admins.create' && (m.body as { username?: string }).username === username);

const storedText = (db: WritableDB) =>
  db.rows("SELECT data || raw || coalesce(server_raw, '') FROM admins").flat().join('\n');

describe('admins.create as a foreground write', () => {
  it('creates the user at once with its password in the request, and keeps it locally without it', async () => {
    const { db, writes } = rig();
    const r = await writes.create({ username: 'marta.desk', password: PASSWORD, department: 'Reception' });
    expect(r).toMatchObject({ outcome: 'created', admin: { username: 'marta.desk', department: 'Reception' } });
    expect(creates('marta.desk')).toHaveLength(1);
    expect(creates('marta.desk')[0]!.body).toMatchObject({ password: PASSWORD });
    expect(listAdmins(db).map((a) => a.username)).toContain('marta.desk');
    expect(storedText(db)).not.toContain(PASSWORD);
    expect(storedText(db)).not.toContain('"password"');
  });

  it('reads a lost answer back: the user found is reported as created, and it is created once', async () => {
    const { writes } = rig();
    sim.setFaults({ resetAfterRate: 1, routes: ['admins.create'] });
    try {
      const r = await writes.create({ username: 'lost.answer', password: PASSWORD });
      expect(r).toMatchObject({ outcome: 'found', admin: { username: 'lost.answer' } });
    } finally {
      sim.resetFaults();
    }
    expect(creates('lost.answer')).toHaveLength(1);
  });

  it('when even the read-back fails, says the outcome is unknown, and the next attempt reads back first instead of sending again', async () => {
    const { writes } = rig();
    sim.setFaults({ resetAfterRate: 1, routes: ['admins.create', 'admins.list'] });
    try {
      // Not "not created": it may well be there.
      expect(await writes.create({ username: 'twice.lost', password: PASSWORD })).toEqual({
        outcome: 'unknown',
        admin: null,
      });
    } finally {
      sim.resetFaults();
    }
    const r = await writes.create({ username: 'twice.lost', password: PASSWORD });
    expect(r.outcome).toBe('found');
    expect(creates('twice.lost')).toHaveLength(1);
  });

  it('offline it answers unreachable without any request', async () => {
    const { writes } = rig(false);
    const before = sim.requestLog().length;
    await expect(writes.create({ username: 'offline.user', password: PASSWORD })).rejects.toMatchObject({
      code: 'unreachable',
    });
    await expect(writes.setPassword(1, PASSWORD)).rejects.toMatchObject({ code: 'unreachable' });
    expect(sim.requestLog().length).toBe(before);
  });

  it("sets an existing user's password with one update carrying only the password", async () => {
    const { writes } = rig();
    const seq = sim.mutations().length;
    expect(await writes.setPassword(1, PASSWORD)).toEqual({ outcome: 'set' });
    const sent = sim.mutations().slice(seq);
    expect(sent.map((m) => [m.endpoint, m.id, m.body])).toEqual([['admins.update', 1, { password: PASSWORD }]]);
  });

  it('a new password whose answer was lost is said to be unknown (it cannot be read back), never "not set"', async () => {
    const { writes } = rig();
    sim.setFaults({ resetAfterRate: 1, routes: ['admins.update'] });
    try {
      expect(await writes.setPassword(2, PASSWORD)).toEqual({ outcome: 'unknown' });
    } finally {
      sim.resetFaults();
    }
  });
});
