// The world a randomized outbox run plays in (tests and the soak script only):
// one simulator shared by sequential runs, "another back-office user" who
// changes (or deletes) the same records over plain HTTP with its own token,
// and generators of valid random values for every field the runs edit.
import { startSimulator, type Simulator } from '../../../simulator';
import { login } from '../../../simulator/conformance/client';
import type { Rng } from '../../../simulator/prng';
import { addDays } from '../../cache/queries/common';
import { endpoint } from '../../../shared/api/endpoints';
import { KIND_SPECS } from '../kinds';
import type { Kind, Values } from '../types';

export const TODAY = '2026-06-15';

export class OtherUser {
  private token: string | null = null;
  constructor(private readonly sim: Simulator) {}

  private async call(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    for (let attempt = 0; attempt < 2; attempt++) {
      this.token ??= await login(this.sim);
      const res = await fetch(`${this.sim.url}/api/v1${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${this.token}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status === 401) {
        this.token = null;
        continue;
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: res.status, json };
    }
    throw new Error('the other user cannot sign in');
  }

  async get(path: string): Promise<unknown> {
    const r = await this.call('GET', path);
    if (r.status === 404) return null;
    if (r.status !== 200) throw new Error(`GET ${path}: ${r.status}`);
    return r.json;
  }
  async put(path: string, body: unknown): Promise<number> {
    return (await this.call('PUT', path, body)).status;
  }
  async delete(path: string): Promise<number> {
    return (await this.call('DELETE', path)).status;
  }
  async post(path: string, body: unknown): Promise<number> {
    return (await this.call('POST', path, body)).status;
  }
}

export interface World {
  sim: Simulator;
  other: OtherUser;
  listings: number[];
  /** Runs started in this world (makes create markers unique even when a seed is replayed). */
  runs: number;
  close(): Promise<void>;
}

export async function startWorld(seed = 31, listings = 10): Promise<World> {
  const sim = await startSimulator({ seed, listings, today: TODAY });
  const other = new OtherUser(sim);
  const body = (await other.get('/listings')) as { data: { id: number }[] };
  return { sim, other, listings: body.data.map((l) => l.id), runs: 0, close: () => sim.close() };
}

// ───────────────────────── random values ─────────────────────────

const pad = (n: number) => String(n).padStart(2, '0');
const time = (r: Rng) => `${pad(r.int(6, 22))}:${pad(r.pick([0, 15, 30, 45]))}`;
const words = ['towels', 'keys', 'late', 'pool', 'boiler', 'wifi', 'sheets', 'terrace', 'blind', 'fridge'];
const text = (r: Rng) => `${r.pick(words)} ${r.pick(words)} ${r.int(1, 999)}`;
const money = (r: Rng) => r.int(0, 90_000) / 100;

/** Fields the runs edit per kind, with a generator of valid values (also used for the other user's writes). */
export const EDITABLE: Partial<Record<Kind, Record<string, (r: Rng) => unknown>>> = {
  cleaning: {
    status: (r) => r.int(0, 2),
    notes: text,
    time,
    inspected: (r) => r.int(0, 1),
    duration: (r) => `${pad(r.int(0, 4))}:${pad(r.pick([0, 15, 30, 45]))}`,
  },
  maintenance: {
    type: (r) => r.int(0, 1),
    hour: (r) => (r.chance(0.2) ? '' : time(r)),
    inspected: (r) => r.int(0, 1),
    notes: text,
  },
  incidents: {
    priority: (r) => r.int(1, 4),
    note: text,
    subtitle: (r) => (r.chance(0.2) ? null : text(r)),
  },
  bookings: {
    notes: (r) => (r.chance(0.15) ? null : text(r)),
    opening_code: (r) => (r.chance(0.2) ? null : String(r.int(1000, 9999))),
    key_numbers: (r) => (r.chance(0.5) ? r.int(1, 4) : String(r.int(1, 4))),
    paid: money,
    arrival_time: time,
    checkin_online: (r) => r.int(0, 1),
  },
  guests: {
    city: (r) => r.pick(['Girona', 'Lyon', 'Porto', 'Cork', 'Graz']),
    address: text,
    zip_code: (r) => String(r.int(10000, 99999)),
    email: (r) => `g${r.int(1, 9999)}@example.com`,
  },
  customers: {
    city: (r) => r.pick(['Madrid', 'Bilbao', 'Köln', 'Gent']),
    address: text,
    zip_code: (r) => String(r.int(10000, 99999)),
  },
  blocks: { block_type: (r) => r.pick([1, 2, 4]) },
  listings: {
    checkinfrom: time,
    checkout: time,
    wifi_password: (r) => (r.chance(0.2) ? null : `pw-${r.int(1000, 9999)}`),
    key_number: (r) => (r.chance(0.2) ? null : `K-${r.int(1, 99)}`),
    deposit: money,
  },
  photos: { type: (r) => r.pick([1, 2]), position: (r) => r.int(1, 30) },
  admins: {
    city: (r) => r.pick(['Sitges', 'Reus', 'Vic', 'Olot']),
    notes: text,
    department: (r) => r.pick(['Cleaning', 'Maintenance', 'Reception', 'IT']),
  },
};

/** A random valid change of 1–3 fields of a record of this kind (a block's dates move together). */
export function randomChanges(r: Rng, kind: Kind): Values {
  const fields = EDITABLE[kind]!;
  const names = r.sample(Object.keys(fields), r.int(1, Math.min(3, Object.keys(fields).length)));
  const out: Values = {};
  for (const f of names) out[f] = fields[f]!(r);
  if (kind === 'blocks' && r.chance(0.5)) Object.assign(out, blockDates(r));
  return out;
}

/** A block's dates change together, so a change never puts the end before the start. */
export function blockDates(r: Rng): Values {
  const start = addDays(TODAY, r.int(40, 300));
  return { start_date: start, end_date: addDays(start, r.int(0, 4)) };
}

/** A new value for this field of a record (dates of a block come as a pair). */
export function randomValue(r: Rng, kind: Kind, field: string): Values {
  if (kind === 'blocks' && (field === 'start_date' || field === 'end_date')) return blockDates(r);
  return { [field]: EDITABLE[kind]![field]!(r) };
}

/** The API path of a record's update/delete for the other user: the row of the endpoint table the outbox sends to. */
export function pathOf(kind: Kind, id: number): string {
  const update = KIND_SPECS[kind].update;
  // A message is never changed once sent (messages have no update): the other user only writes new ones.
  if (!update) return '/threads';
  return endpoint(update.endpoint).path.replace('{id}', String(id));
}
