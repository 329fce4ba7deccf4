// Generates two years of history and one year of future stays per listing
// unit: bookings in every status with their customers, guests (documents,
// nationalities), services, tasks and message threads, plus calendar blocks
// placed in the gaps between stays.
import { isLiveBooking } from '../../shared/domain/states';
import { newBooking } from '../build';
import { msOfDay } from '../days';
import { createTasks } from '../lifecycle';
import type { Listing, Rate, Store } from '../model';
import { priceOn } from '../prices';
import type { Rng } from '../prng';
import { companion, person, type Person } from './people';
import { THREAD_ORIGIN, addCustomer, addGuest, addThread, linesOf } from './stays';

const HISTORY_DAYS = 730;
const FUTURE_DAYS = 365;
const NIGHTS: [number, number][] = [
  [2, 10],
  [3, 18],
  [4, 16],
  [5, 12],
  [6, 8],
  [7, 14],
  [10, 6],
  [14, 4],
];
const SOURCES: [number, number][] = [
  [2, 35],
  [3, 30],
  [1, 12],
  [4, 6],
  [5, 5],
  [6, 4],
  [7, 3],
  [8, 2],
  [10, 3],
];
const BOOKING_NOTES = [
  'Llegada tardía, vuelo a las 23:10',
  'Cliente repetidor',
  'Pide cuna y trona',
  'Viajan con un perro pequeño',
  'Factura a nombre de empresa',
  'Celebran aniversario: botella de cava',
  'Necesitan parking',
];
const BLOCK_REASONS: Record<number, string[]> = {
  1: ['Estancia del propietario', 'Cierre de ventas temporada baja'],
  2: ['Reforma del baño', 'Pintura', 'Avería de la caldera'],
  3: ['Bloqueo antiguo'],
  4: ['Reserva en otro portal', 'Reserva directa del propietario'],
  5: ['Bloqueo de mantenimiento'],
};
export function generateBookings(store: Store, rng: Rng): void {
  const people = rng.fork(1);
  const recurring: number[] = [];
  const horizonStart = store.today - HISTORY_DAYS;
  const horizonEnd = store.today + FUTURE_DAYS;

  for (const listing of store.listings.values()) {
    const std = [...store.rates.values()].find((r) => r.listing_id === listing.id && r.parent_rate === null);
    for (let unit = 0; unit < listing.units; unit++) {
      let day = horizonStart + rng.int(0, 10);
      while (day < horizonEnd) {
        const distance = day - store.today;
        day +=
          distance < 0
            ? rng.int(0, 10)
            : distance < 60
              ? rng.int(0, 4)
              : distance < 180
                ? rng.int(1, 14)
                : rng.int(3, 35);
        const nights =
          listing.longstay && rng.chance(0.08)
            ? rng.int(28, 75)
            : rng.weighted(NIGHTS.map(([n, w]) => [n, w] as const));
        if (day >= horizonEnd) break;
        if (unit === 0 && rng.chance(listing.mu ? 0.005 : 0.03)) {
          const type = listing.mu
            ? 2
            : rng.weighted([
                [1, 40],
                [2, 25],
                [4, 30],
                [rng.pick([3, 5]), 5],
              ] as const);
          const id = store.newId('block');
          store.blocks.insert({
            id,
            listing_id: listing.id,
            start: day,
            end: day + nights - 1,
            block_type: type,
            reason: rng.pick(BLOCK_REASONS[type]!),
            updatedAt: msOfDay(day - rng.int(5, 60)),
          });
          day += nights;
          continue;
        }
        const past = day + nights <= store.today;
        const state = past
          ? rng.weighted([
              [3, 95],
              [8, 5],
            ])
          : day <= store.today
            ? 3
            : rng.weighted([
                [3, 82],
                [6, 18],
              ]);
        addBooking(store, rng, people, recurring, listing, unit, day, day + nights, state, std);
        if (rng.chance(0.1)) {
          const extraStart = day + rng.int(-3, 3);
          const extraState = past
            ? rng.weighted([
                [1, 60],
                [4, 25],
                [9, 5],
                [2, 5],
                [5, 5],
              ])
            : rng.weighted([
                [1, 45],
                [2, 15],
                [5, 20],
                [9, 10],
                [4, 10],
              ]);
          addBooking(
            store,
            rng,
            people,
            recurring,
            listing,
            unit,
            extraStart,
            extraStart + rng.int(2, 7),
            extraState,
            std,
          );
        }
        day += nights;
      }
    }
  }
}

function addBooking(
  store: Store,
  rng: Rng,
  people: Rng,
  recurring: number[],
  listing: Listing,
  unit: number,
  start: number,
  end: number,
  state: number,
  std: Rate | undefined,
): void {
  const today = store.today;
  const nights = end - start;
  const source = rng.weighted(SOURCES);
  const adults = rng.int(1, Math.max(1, listing.person_capacity - (listing.person_capacity > 2 ? 1 : 0)));
  const children = adults < listing.person_capacity ? rng.int(0, Math.min(2, listing.person_capacity - adults)) : 0;
  const infants = rng.chance(0.08) ? 1 : 0;
  let total = 0;
  for (let d = start; d < end; d++) total += (std && priceOn(store, std, d)?.price) || 90;
  const services = rng.chance(0.3)
    ? rng.sample([5, 6, 9, 7, 1046, 1013], rng.int(1, 2)).map((id) => ({
        id,
        qty: id === 1046 ? nights : 1,
        price: id === 5 ? 5000 : id === 7 ? 4500 : id === 1046 ? 1500 : 1000,
      }))
    : [];
  total += services.reduce((s, x) => s + (x.qty * x.price) / 100, 0);
  const created = start - rng.int(2, 150);
  const createdAt = msOfDay(created) + rng.int(8 * 3600, 23 * 3600) * 1000;
  const live = isLiveBooking(state);
  const paid =
    state === 1 ? 0 : end <= today ? total : start <= today ? total : Math.round(total * rng.pick([0, 0.3, 0.5, 1]));
  const checkin = Number((listing.checkinfrom ?? '15:00').slice(0, 2)) * 60;

  let customerId: number;
  let main: Person;
  if (recurring.length > 20 && rng.chance(0.08)) {
    customerId = rng.pick(recurring);
    const c = store.customers.get(customerId)!;
    main = {
      name: c.name,
      lastname: c.lastname,
      sex: c.sex ?? 'F',
      country: c.nationality ?? 73,
      lang: c.language_id,
      phone: c.phone,
    };
    store.customers.get(customerId)!.customer_type = 5;
  } else {
    main = person(people);
    customerId = addCustomer(store, people, main, createdAt);
    if (people.chance(0.1)) recurring.push(customerId);
  }

  const id = store.newId('booking');
  const booking = newBooking(
    { id, listing, unit, start, end, customer_id: customerId, state, at: createdAt },
    {
      adults,
      children,
      infants,
      paid,
      prepaid: state === 1 && rng.chance(0.3) ? -Math.round(total * 0.3) : Math.round(paid * 0.3 * 100) / 100,
      total: Math.round(total * 100) / 100,
      tourist_tax: Math.round(listing.tourist_tax * adults * Math.min(nights, 7) * 100) / 100,
      arrival_time: checkin + rng.pick([0, 60, 120, 240, 360]),
      arrival_time_until: 0,
      departure_time: rng.pick([9, 10, 10, 11]) * 60,
      departure_time_until: 0,
      source_id: source,
      opening_code: rng.chance(0.4) ? String(rng.int(1000, 9999)) : null,
      checkin_completed: start <= today ? live && rng.chance(0.9) : start - today <= 7 && rng.chance(0.4),
      key_numbers: rng.int(1, 3),
      notes: rng.chance(0.25) ? rng.pick(BOOKING_NOTES) : null,
      services,
      extras: rng.chance(0.05) ? [{ id: 6, name: 'Cot', price: 1000 }] : [],
      updatedAt: createdAt + rng.int(0, 5 * 86400) * 1000,
    },
  );
  if (end >= today - 120) booking.lines = linesOf(booking, rng);
  booking.arrival_time_until = Math.min(23 * 60 + 59, booking.arrival_time + 120);
  booking.departure_time_until = booking.departure_time + 60;
  store.bookings.insert(booking);

  if (live && end >= today - 120) createTasks(store, booking, booking.updatedAt, rng);
  if (live && start >= today - 120 && start <= today + 21 && (start <= today || people.chance(0.5))) {
    const n = Math.min(6, adults + children);
    let companionOf = main;
    for (let g = 0; g < n; g++) {
      const p = g === 0 ? main : companion(people, companionOf);
      companionOf = p;
      addGuest(store, people, booking, p, g >= adults);
    }
  }
  if (start >= today - 150 && THREAD_ORIGIN[source] && rng.chance(0.6)) addThread(store, rng, booking, source);
}
