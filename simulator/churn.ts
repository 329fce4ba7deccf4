// "Other users" of the back office: changes made outside Stayboard at a given
// rate — new and cancelled bookings, booking notes, cleaning status and notes,
// maintenance notes and inspections, incidents, guests and messages — near
// today, where a client's cache is busiest. Every change is logged as a
// mutation with actor 'churn', so sync and conflict handling can be tested.
import { isLiveBooking } from '../shared/domain/states';
import { newBooking } from './build';
import { freeUnit } from './calendar';
import { createTasks, dropOpenTasks, CLEANING_NOTES, MAINTENANCE_NOTES } from './lifecycle';
import { companion, dni, email, person } from './generate/people';
import { externalId } from './generate/stays';
import { isoOf } from './days';
import type { Store } from './model';
import { mulberry32, type Rng } from './prng';
import type { Logs } from './server/logs';
import type { Every, Mutation } from './types';

type Change = (rng: Rng, at: number) => Omit<Mutation, 'seq' | 'at' | 'token' | 'actor' | 'result'> | null;

const GUEST_LINES = [
  'Hello, could we check in a bit earlier?',
  'We are running late, arriving around midnight.',
  '¿Hay secador de pelo en el apartamento?',
  'Is the pool heated?',
  'Can you recommend a restaurant nearby?',
];
const NOTE_LINES = [
  'Cliente pide factura',
  'Llegada confirmada por teléfono',
  'Cambio de vuelo: llegan a las 19:00',
  'Solicitan late checkout',
  'Pago pendiente del resto en llegada',
];

/** Real time: an unref'd setInterval (a churning simulator never keeps a process alive on its own). */
const everyInterval: Every = (ms, fn) => {
  const timer = setInterval(fn, ms);
  timer.unref();
  return () => clearInterval(timer);
};

export class Churn {
  private readonly rng: Rng;
  private stopTicking: (() => void) | null = null;
  private readonly changes: [Change, number][];

  constructor(
    private readonly store: Store,
    private readonly logs: Logs,
    private readonly now: () => number,
    private readonly every: Every = everyInterval,
  ) {
    this.rng = mulberry32((store.seed ^ 0xc4a21) >>> 0);
    this.changes = [
      [this.newBooking, 15],
      [this.cancelBooking, 12],
      [this.bookingNotes, 12],
      [this.cleaning, 20],
      [this.maintenance, 10],
      [this.incident, 10],
      [this.guest, 11],
      [this.message, 10],
    ];
  }

  /** Applies n changes now; a kind with nothing to change near today is skipped for another. */
  apply(n: number): Mutation[] {
    const out: Mutation[] = [];
    for (let i = 0; i < n; i++) {
      for (let attempt = 0; attempt < 8; attempt++) {
        const at = this.now();
        const change = this.rng.weighted(this.changes)(this.rng, at);
        if (!change) continue;
        out.push(this.logs.mutation({ ...change, at, token: null, actor: 'churn', result: 'applied' }));
        break;
      }
    }
    return out;
  }

  start(perMinute: number): void {
    this.stop();
    if (!(perMinute > 0)) return;
    // Small rates tick once per change; large ones apply a batch every 100 ms.
    const interval = Math.max(100, 60_000 / perMinute);
    const perTick = (perMinute * interval) / 60_000;
    let owed = 0;
    this.stopTicking = this.every(interval, () => {
      owed += perTick;
      const n = Math.floor(owed);
      owed -= n;
      if (n > 0) this.apply(n);
    });
  }

  stop(): void {
    this.stopTicking?.();
    this.stopTicking = null;
  }

  private near<T>(rows: T[], rng: Rng): T | null {
    return rows.length ? rng.pick(rows) : null;
  }

  private readonly newBooking: Change = (rng, at) => {
    const listings = [...this.store.listings.values()].filter((l) => l.active === 1);
    for (let tries = 0; tries < 6 && listings.length; tries++) {
      const listing = rng.pick(listings);
      const start = this.store.today + rng.int(0, 30);
      const end = start + rng.int(2, 7);
      const unit = freeUnit(this.store, listing, start, end);
      if (unit === null) continue;
      const p = person(rng);
      const customerId = this.store.newId('customer');
      this.store.customers.set(customerId, {
        id: customerId,
        name: p.name,
        lastname: p.lastname,
        email: email(p, customerId),
        phone: p.phone,
        address: '',
        city: '',
        zip_code: '',
        number_id: p.country === 73 ? dni(rng) : '',
        customer_type: 1,
        country: p.country,
        document_type: null,
        nationality: p.country,
        sex: p.sex,
        date_issue: null,
        date_birth: null,
        language_id: p.lang,
        createdAt: at,
        updatedAt: at,
      });
      const id = this.store.newId('booking');
      const adults = rng.int(1, Math.max(1, listing.person_capacity - 1));
      const state = rng.chance(0.8) ? 3 : 6;
      const stay = { id, listing, unit, start, end, customer_id: customerId, state, at };
      const booking = this.store.bookings.insert(
        newBooking(stay, {
          adults,
          total: (end - start) * rng.int(70, 200),
          tourist_tax: Math.round(listing.tourist_tax * adults * Math.min(end - start, 7) * 100) / 100,
          arrival_time: 16 * 60,
          arrival_time_until: 20 * 60,
          departure_time: 10 * 60,
          departure_time_until: 11 * 60,
          source_id: rng.pick([2, 3, 1]),
        }),
      );
      createTasks(this.store, booking, at);
      return {
        endpoint: 'bookings.create',
        id,
        body: { listing_id: listing.id, start_date: isoOf(start), end_date: isoOf(end) },
      };
    }
    return null;
  };

  private readonly cancelBooking: Change = (rng, at) => {
    const today = this.store.today;
    const b = this.near(
      this.store.bookings.query(today + 1, today + 60).filter((x) => x.start > today && isLiveBooking(x.state)),
      rng,
    );
    if (!b) return null;
    this.store.bookings.update(b.id, (row) => {
      row.state = 1;
      row.updatedAt = at;
    });
    dropOpenTasks(this.store, b);
    return { endpoint: 'bookings.update', id: b.id, body: { status: 'canceled' } };
  };

  private readonly bookingNotes: Change = (rng, at) => {
    const today = this.store.today;
    const b = this.near(this.store.bookings.query(today - 3, today + 30), rng);
    if (!b) return null;
    const notes = rng.pick(NOTE_LINES);
    b.notes = notes;
    b.updatedAt = at;
    return { endpoint: 'bookings.update', id: b.id, body: { notes } };
  };

  private readonly cleaning: Change = (rng, at) => {
    const today = this.store.today;
    const c = this.near(this.store.cleanings.query(today - 1, today + 14), rng);
    if (!c) return null;
    const body: Record<string, unknown> = {};
    if (c.status < 2 && rng.chance(0.6)) body['status'] = c.status + 1;
    else body['notes'] = rng.pick(CLEANING_NOTES);
    this.store.cleanings.update(c.id, (row) => {
      if (body['status'] !== undefined) row.status = body['status'] as number;
      if (body['notes'] !== undefined) row.notes = body['notes'] as string;
      row.updatedAt = at;
    });
    return { endpoint: 'cleanings.update', id: c.id, body };
  };

  private readonly maintenance: Change = (rng, at) => {
    const today = this.store.today;
    const m = this.near(this.store.maintenance.query(today - 1, today + 14), rng);
    if (!m) return null;
    const inspect = !m.inspected && rng.chance(0.5);
    const notes = inspect ? m.notes : rng.pick(MAINTENANCE_NOTES);
    m.notes = notes;
    if (inspect) {
      m.inspected = true;
      m.inspection_date = today;
    }
    m.updatedAt = at;
    return {
      endpoint: 'maintenance.update',
      id: m.id,
      body: inspect ? { inspected: 1, inspection_date: isoOf(today) } : { notes },
    };
  };

  private readonly incident: Change = (rng, at) => {
    const today = this.store.today;
    const existing = this.store.incidents.query(today - 7, today + 14);
    if (existing.length && rng.chance(0.5)) {
      const i = rng.pick(existing);
      const priority = rng.int(1, 4) as 1 | 2 | 3 | 4;
      this.store.incidents.update(i.id, (row) => {
        row.priority = priority;
        row.updatedAt = at;
      });
      return { endpoint: 'incidents.update', id: i.id, body: { priority } };
    }
    const listing = this.near([...this.store.listings.keys()], rng);
    if (listing === null) return null;
    const id = this.store.newId('incident');
    this.store.incidents.insert({
      id,
      priority: rng.int(1, 4) as 1 | 2 | 3 | 4,
      day: today,
      seconds: rng.int(8 * 3600, 21 * 3600),
      subtitle: rng.pick(['Avería reportada por huésped', 'Llave no funciona', 'Falta menaje', 'Ruido en la caldera']),
      note: 'Aviso recibido desde recepción.',
      images: [],
      properties: [{ listing_id: listing, finished: 0, finish_date: null }],
      updatedAt: at,
    });
    return { endpoint: 'incidents.create', id, body: { listing_id: listing } };
  };

  private readonly guest: Change = (rng, at) => {
    const today = this.store.today;
    const b = this.near(
      this.store.bookings.query(today, today + 14).filter((x) => isLiveBooking(x.state) && x.start >= today),
      rng,
    );
    if (!b) return null;
    const main = this.store.customers.get(b.customer_id);
    const p = companion(rng, main ? { ...person(rng), lastname: main.lastname } : person(rng));
    const id = this.store.newId('guest');
    this.store.guests.set(id, {
      id,
      booking_id: b.id,
      name: p.name,
      lastname: p.lastname,
      email: '',
      address: '',
      city: '',
      zip_code: '',
      number_id: p.country === 73 ? dni(rng) : '',
      country: p.country,
      document_type: p.country === 73 ? 2 : 5,
      nationality: p.country,
      sex: p.sex,
      date_issue: null,
      date_birth: isoOf(today - rng.int(18 * 365, 70 * 365)),
      updatedAt: at,
    });
    b.guestIds.push(id);
    b.updatedAt = at;
    return { endpoint: 'guests.create', id, body: { id: b.id, guest: { name: p.name, lastname: p.lastname } } };
  };

  private readonly message: Change = (rng, at) => {
    const today = this.store.today;
    const withThreads = this.store.bookings
      .query(today - 2, today + 30)
      .filter((b) => (this.store.threadsByBooking.get(b.id)?.length ?? 0) > 0);
    const b = this.near(withThreads, rng);
    if (!b) return null;
    const thread = this.store.threads.get(rng.pick(this.store.threadsByBooking.get(b.id)!))!;
    const id = this.store.newId('message');
    const message = {
      id,
      thread_id: thread.id,
      in_out: 0 as const,
      message: rng.pick(GUEST_LINES),
      external_id: externalId(rng),
      type: null,
      createdAt: at,
    };
    thread.messages.push(message);
    this.store.messages.set(id, message);
    return { endpoint: 'threads.send', id, body: { thread_id: thread.id, message: message.message } };
  };
}
