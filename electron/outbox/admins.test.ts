// Intranet users through the outbox (kinds/admins.ts) against the simulator:
// an edit shows at once and reaches the server once, the date of birth in the
// spec's YYYY/MM/DD, a field someone else changed meanwhile is a conflict, a
// password can never be queued, and a user the server sent without an id
// cannot be edited (the update path needs one).
import { describe, expect, it } from 'vitest';
import { listAdmins } from '../cache/queries';
import { adminsTable } from '../cache/tables';
import { upsertRecords } from '../cache/write';
import { onSimulator } from './testing/on-simulator';
import type { Device } from './testing/rig';

const on = onSimulator({ seed: 16, listings: 4, today: '2026-06-15' });

async function serverAdmin(id: number): Promise<Record<string, unknown>> {
  return ((await on.other.get(`/admins/${id}`)) as { User: Record<string, unknown> }).User;
}

async function otherPut(id: number, body: unknown): Promise<void> {
  expect(await on.other.put(`/admins/${id}`, body)).toBeLessThan(300);
}

async function device(): Promise<Device> {
  const dev = on.device();
  const page = await dev.current.client.list('admins.list', { priority: 'user' });
  upsertRecords(dev.db, adminsTable, page.items);
  return dev;
}

const cached = (dev: Device, id: number) => listAdmins(dev.db).find((a) => a.id === id)!;

describe('intranet users through the outbox', () => {
  it('shows an edit at once as waiting, then applies it on the server once, date of birth as YYYY/MM/DD', async () => {
    const dev = await device();
    const admin = listAdmins(dev.db, { active: true }).find((a) => a.user_type === 'Internal')!;
    const id = admin.id!;
    const o = dev.current.outbox;
    o.enqueue('admins.update', {
      id,
      changes: { department: 'IT', date_of_birth: '1985/07/09', active: 'false', user_type: 'External' },
    });
    expect(cached(dev, id)).toMatchObject({
      department: 'IT',
      date_of_birth: '1985-07-09',
      active: false,
      user_type: 'External',
      outbox: { state: 'pending', fields: ['active', 'date_of_birth', 'department', 'user_type'] },
    });
    const seq = on.sim.mutations().length;
    await o.drain({ untilSettled: true });
    expect(cached(dev, id)).toMatchObject({ department: 'IT', date_of_birth: '1985-07-09', outbox: null });
    expect(await serverAdmin(id)).toMatchObject({
      department: 'IT',
      date_of_birth: '1985/07/09',
      active: 'false',
      user_type: 'External',
    });
    const applied = on.sim
      .mutations()
      .slice(seq)
      .filter((m) => m.endpoint === 'admins.update' && m.id === id);
    expect(applied).toHaveLength(1);
    expect(applied[0]!.body).toEqual({
      department: 'IT',
      date_of_birth: '1985/07/09',
      active: 'false',
      user_type: 'External',
    });
    expect(o.summary()).toMatchObject({ unsent: 0 });
    await dev.close();
  });

  it('shows a conflict when someone else changed the same field meanwhile, with both values', async () => {
    const dev = await device();
    const id = listAdmins(dev.db)[1]!.id!;
    const o = dev.current.outbox;
    o.enqueue('admins.update', { id, changes: { department: 'Maintenance' } });
    await otherPut(id, { department: 'Owners' });
    await o.drain({ untilSettled: true });
    expect(cached(dev, id).outbox).toMatchObject({ state: 'conflict', fields: ['department'] });
    const [entry] = o.list({ states: ['conflict'] });
    expect(entry!.conflicts.map((c) => [c.field, c.mine, c.theirs])).toEqual([['department', 'Maintenance', 'Owners']]);
    expect((await serverAdmin(id))['department']).toBe('Owners');
    await dev.close();
  });

  it('never queues a password, and refuses a date of birth that does not exist', async () => {
    const dev = await device();
    const id = listAdmins(dev.db)[0]!.id!;
    const o = dev.current.outbox;
    expect(() => o.enqueue('admins.update', { id, changes: { password: 'a new secret 123' } })).toThrow(
      expect.objectContaining({ code: 'invalid_input' }),
    );
    expect(() => o.enqueue('admins.update', { id, changes: { date_of_birth: '1990/02/31' } })).toThrow(
      expect.objectContaining({ code: 'invalid_input', fields: { 'changes.date_of_birth': [expect.any(String)] } }),
    );
    expect(o.summary().unsent).toBe(0);
    expect(dev.db.pluck<string>('SELECT payload FROM outbox').join()).not.toContain('secret');
    await dev.close();
  });

  it('cannot edit a user the server sent without an id (the update path needs one)', async () => {
    const dev = await device();
    upsertRecords(dev.db, adminsTable, [
      { value: { ...listAdmins(dev.db)[0]!, id: null, username: 'no.id' }, raw: { username: 'no.id' } },
    ]);
    expect(listAdmins(dev.db).find((a) => a.username === 'no.id')).toMatchObject({ id: null });
    // The outbox finds users by the id the key holds: none for this one, so nothing can name it.
    expect(dev.db.get("SELECT id FROM admins WHERE key = 'user:no.id'")).toEqual({ id: null });
    expect(dev.db.pluck<number>('SELECT id FROM admins WHERE id IS NOT NULL').length).toBe(
      listAdmins(dev.db).length - 1,
    );
    await dev.close();
  });
});
