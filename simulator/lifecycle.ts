// What follows from a booking's life, as a property-management back office does it:
// a live stay gets a cleaning task on its departure day (and, for some, an entrance
// and an exit inspection); moving the stay moves its open tasks; cancelling it drops
// the tasks not yet done. Generation, the API and churn all go through here.
import { isLiveBooking } from '../shared/domain/states';
import { hhmm } from './days';
import type { Booking, Listing, Store } from './model';
import type { Rng } from './prng';

/** Cleaning duration by size: one and a half hours plus 45 minutes per bedroom. */
function cleaningDuration(listing: Listing): string {
  return hhmm(90 + 45 * listing.bedrooms);
}

function checkoutMinutes(listing: Listing): number {
  const m = /^(\d{2}):(\d{2})$/.exec(listing.checkout ?? '');
  return m ? Number(m[1]) * 60 + Number(m[2]) : 11 * 60;
}

/**
 * Creates the tasks of a live booking. With an rng (generation) the tasks of
 * past stays come out done and some stays get inspections; without (API and
 * churn creates) one pending cleaning is created.
 */
export function createTasks(store: Store, booking: Booking, at: number, rng?: Rng): void {
  const listing = store.listings.get(booking.listing_id);
  if (!listing || !isLiveBooking(booking.state)) return;
  const tasks = store.tasksOf(booking.id);
  const today = store.today;
  const past = booking.end < today;
  const id = store.newId('cleaning');
  const inspected = rng ? past && rng.chance(0.7) : false;
  store.cleanings.insert({
    id,
    listing_id: listing.id,
    booking_id: booking.id,
    status: rng ? (past ? (rng.chance(0.96) ? 2 : 1) : booking.end === today ? rng.pick([0, 1, 2]) : 0) : 0,
    day: booking.end,
    inspected,
    time: hhmm(checkoutMinutes(listing) + (rng ? rng.pick([0, 30, 60, 120]) : 60)),
    duration: cleaningDuration(listing),
    notes: rng && rng.chance(0.2) ? rng.pick(CLEANING_NOTES) : '',
    updatedAt: at,
  });
  tasks.cleanings.push(id);

  if (!rng || !rng.chance(0.5)) return;
  for (const type of [0, 1] as const) {
    const day = type === 0 ? booking.start : booking.end;
    const done = day < today;
    const mid = store.newId('maintenance');
    const hour = rng.chance(0.8) ? hhmm((type === 0 ? 13 : 11) * 60 + rng.pick([0, 30, 60])) : '';
    store.maintenance.insert({
      id: mid,
      listing_id: listing.id,
      booking_id: booking.id,
      type,
      day,
      hour,
      inspected: done && rng.chance(0.8),
      inspection_date: done && rng.chance(0.8) ? day : null,
      duration: rng.chance(0.7) ? hhmm(rng.pick([15, 30, 45, 60])) : '',
      start: done && hour ? `${hour}:00` : null,
      end: done && hour ? `${hhmm(Number(hour.slice(0, 2)) * 60 + 40)}:00` : null,
      pending: done ? 0 : 1,
      notes: rng.chance(0.25) ? rng.pick(MAINTENANCE_NOTES) : '',
      updatedAt: at,
    });
    tasks.maintenance.push(mid);
  }
}

/** After a booking's dates changed: open tasks follow the stay (cleaning and exit on departure, entrance on arrival). */
export function moveTasks(store: Store, booking: Booking, at: number): void {
  const tasks = store.tasksByBooking.get(booking.id);
  if (!tasks) return;
  for (const id of tasks.cleanings) {
    const c = store.cleanings.get(id);
    if (c && c.status !== 2 && c.day !== booking.end) {
      store.cleanings.update(id, (row) => {
        row.day = booking.end;
        row.listing_id = booking.listing_id;
        row.updatedAt = at;
      });
    }
  }
  for (const id of tasks.maintenance) {
    const m = store.maintenance.get(id);
    const day = m?.type === 0 ? booking.start : booking.end;
    if (m && m.pending && m.day !== day) {
      store.maintenance.update(id, (row) => {
        row.day = day;
        row.updatedAt = at;
      });
    }
  }
}

/** After a booking stopped being live (cancelled): tasks not done yet, dated today or later, are removed. */
export function dropOpenTasks(store: Store, booking: Booking): void {
  const tasks = store.tasksByBooking.get(booking.id);
  if (!tasks) return;
  tasks.cleanings = tasks.cleanings.filter((id) => {
    const c = store.cleanings.get(id);
    if (c && c.status !== 2 && c.day >= store.today) {
      store.cleanings.remove(id);
      return false;
    }
    return Boolean(c);
  });
  tasks.maintenance = tasks.maintenance.filter((id) => {
    const m = store.maintenance.get(id);
    if (m && m.pending && m.day >= store.today) {
      store.maintenance.remove(id);
      return false;
    }
    return Boolean(m);
  });
}

/** A booking that became live again (confirmed after a cancellation) and has no open cleaning gets one. */
export function ensureTasks(store: Store, booking: Booking, at: number): void {
  const open = store.tasksByBooking.get(booking.id)?.cleanings.some((id) => store.cleanings.get(id)) ?? false;
  if (!open) createTasks(store, booking, at);
}

export const CLEANING_NOTES = [
  'Cambiar sábanas y toallas',
  'Dejar kit de bienvenida',
  'Revisar nevera y vaciarla',
  'Cuna montada en dormitorio 1',
  'Huéspedes con mascota: aspirar sofá',
  'Salida tardía a las 13:00',
  'Faltan dos toallas grandes',
  'Limpieza a fondo de terraza',
];

export const MAINTENANCE_NOTES = [
  'Revisar cisterna del baño',
  'Comprobar aire acondicionado',
  'Contar llaves y mandos',
  'Leer contador de luz',
  'Bombilla fundida en cocina',
  'Revisar presión de la caldera',
];
