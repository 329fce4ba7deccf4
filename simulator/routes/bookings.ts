// Handlers of the booking operations: window list, single read, the PUT update
// (status accepts exactly "canceled" and "confirmed"; dates must still fit the
// calendar) and create with customer, guests and lines. Every change moves the
// booking's tasks the way the back office would (lifecycle.ts).
import { bookingCreate, bookingUpdate, type BookingCreate } from '../../shared/api/bookings';
import { countries, documentTypes } from '../../shared/codes';
import { isLiveBooking, stateAfter } from '../../shared/domain/states';
import { newBooking } from '../build';
import { freeUnit } from '../calendar';
import { SIM } from '../config';
import { dayOf } from '../days';
import { createTasks, dropOpenTasks, ensureTasks, moveTasks } from '../lifecycle';
import type { Booking, Customer, Listing } from '../model';
import { stayTotal } from '../prices';
import { bookingWire } from '../wire/people';
import {
  created,
  intParam,
  invalid,
  ok,
  pathRecord,
  recordOf,
  validBody,
  window,
  type Ctx,
  type Handler,
} from './context';

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

function bookingOf(ctx: Ctx): Booking {
  return pathRecord(ctx, ctx.store.bookings, 'Booking');
}

/** The unit a live stay gets, or a 422 on start_date when the listing is full on any night. */
function unitFor(ctx: Ctx, listing: Listing, start: number, end: number, ignore?: number): number {
  const unit = freeUnit(ctx.store, listing, start, end, ignore);
  if (unit === null) invalid('start_date', 'the listing is not available for these dates');
  return unit;
}

function checkCapacity(listing: Listing, adults: number, children: number): void {
  if (adults + children > listing.person_capacity)
    invalid('adults', `the listing sleeps at most ${listing.person_capacity} people`);
}

function checkCountry(field: string, id: number | undefined): void {
  if (id !== undefined && !countries.byId(id)) invalid(field, 'unknown country code');
}

/** What a create payload says of a person (its customer or a guest), in the stored shape. */
type PersonIn = Pick<BookingCreate['customer'], 'name' | 'surname' | 'email' | 'address' | 'city' | 'postal_code'> &
  Pick<BookingCreate['customer'], 'number_id' | 'country_id' | 'nationality' | 'sex'>;
function personOf(p: PersonIn) {
  return {
    name: p.name,
    lastname: p.surname,
    email: p.email ?? '',
    address: p.address ?? '',
    city: p.city ?? '',
    zip_code: p.postal_code ?? '',
    number_id: p.number_id ?? '',
    country: p.country_id ?? null,
    nationality: p.nationality ?? null,
    sex: p.sex ?? null,
  };
}

export const bookingHandlers = {
  'bookings.list': (ctx) => {
    const listingId = intParam(ctx, 'listing_id');
    const { from, to } = window(ctx, 'start_date', 'end_date');
    let rows = ctx.store.bookings.query(from, to, listingId);
    if (SIM.bookingWindow === 'arrival') rows = rows.filter((b) => b.start >= from);
    return ok({ data: rows.map((b) => bookingWire(ctx.store, b, 'list')) });
  },

  'bookings.get': (ctx) => ok({ data: bookingWire(ctx.store, bookingOf(ctx), 'get') }),

  'bookings.update': (ctx) => {
    const booking = bookingOf(ctx);
    const b = validBody(ctx, bookingUpdate);
    const listing = recordOf(ctx.store.listings, booking.listing_id, 'Listing');
    const start = b.start_date !== undefined ? dayOf(b.start_date) : booking.start;
    const end = b.end_date !== undefined ? dayOf(b.end_date) : booking.end;
    if (end <= start) invalid('end_date', 'the departure date must be after the arrival date');
    const state = b.status !== undefined ? stateAfter(b.status) : booking.state;
    checkCapacity(listing, b.adults ?? booking.adults, b.children ?? booking.children);
    const wasLive = isLiveBooking(booking.state);
    const moved = start !== booking.start || end !== booking.end;
    // A stay that is (or becomes) live must fit the calendar at its (new) dates.
    const unit =
      isLiveBooking(state) && (moved || !wasLive) ? unitFor(ctx, listing, start, end, booking.id) : booking.unit;

    ctx.store.bookings.update(booking.id, (row) => {
      row.start = start;
      row.end = end;
      row.unit = unit;
      row.state = state;
      if (b.checkin_online !== undefined) row.checkin_completed = b.checkin_online === 1;
      if (b.adults !== undefined) row.adults = b.adults;
      if (b.children !== undefined) row.children = b.children;
      if (b.infants !== undefined) row.infants = b.infants;
      if (b.arrival_time !== undefined) row.arrival_time = minutes(b.arrival_time);
      if (b.arrival_time_until !== undefined) row.arrival_time_until = minutes(b.arrival_time_until);
      if (b.departure_time !== undefined) row.departure_time = minutes(b.departure_time);
      if (b.departure_time_until !== undefined) row.departure_time_until = minutes(b.departure_time_until);
      if (b.paid !== undefined) row.paid = b.paid;
      if (b.tourist_tax !== undefined) row.tourist_tax = b.tourist_tax;
      if (b.opening_code !== undefined) row.opening_code = b.opening_code;
      if (b.key_numbers !== undefined) row.key_numbers = b.key_numbers;
      if (b.notes !== undefined) row.notes = b.notes;
      row.updatedAt = ctx.now;
    });
    if (wasLive && !isLiveBooking(state)) dropOpenTasks(ctx.store, booking);
    else if (!wasLive && isLiveBooking(state)) ensureTasks(ctx.store, booking, ctx.now);
    if (moved) moveTasks(ctx.store, booking, ctx.now);
    ctx.resultId = booking.id;
    return ok({ data: bookingWire(ctx.store, booking, 'get') });
  },

  'bookings.create': (ctx) => {
    const b = validBody(ctx, bookingCreate);
    const store = ctx.store;
    const listing = store.listings.get(b.listing_id) ?? invalid('listing_id', 'unknown listing');
    const start = dayOf(b.start_date);
    const end = dayOf(b.end_date);
    const state = b.status ? stateAfter(b.status) : 3;
    checkCapacity(listing, b.adults, b.children ?? 0);
    const unit = isLiveBooking(state) ? unitFor(ctx, listing, start, end) : 0;
    const c = b.customer;
    if (c.id !== undefined && !store.customers.has(c.id)) invalid('customer.id', 'unknown customer');
    checkCountry('customer.country_id', c.country_id);
    checkCountry('customer.nationality', c.nationality);
    b.guests?.forEach((g, i) => {
      checkCountry(`guests.${i}.country_id`, g.country_id);
      checkCountry(`guests.${i}.nationality`, g.nationality);
    });

    b.guests?.forEach((g, i) => {
      if (g.document_type_id !== undefined && !documentTypes.byId(g.document_type_id))
        invalid(`guests.${i}.document_type_id`, 'unknown document type');
    });
    // Card fields of the customer are deliberately never kept: a back office hands them to a payment provider.
    let customerId = c.id;
    if (customerId === undefined) {
      customerId = store.newId('customer');
      const customer: Customer = {
        id: customerId,
        ...personOf(c),
        phone: c.phone ?? '',
        customer_type: c.customer_type_id && c.customer_type_id <= 5 ? c.customer_type_id : 1,
        document_type: null,
        date_issue: c.expedition_date ?? null,
        date_birth: c.date_birth ?? null,
        language_id: c.language_id ?? 1,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      };
      store.customers.set(customerId, customer);
    }
    const id = store.newId('booking');
    const std = [...store.rates.values()].find((r) => r.listing_id === listing.id && r.parent_rate === null);
    const total = b.total ?? (std ? stayTotal(store, std, start, end) : 0);
    const booking = newBooking(
      { id, listing, unit, start, end, customer_id: customerId, state, at: ctx.now },
      {
        adults: b.adults,
        children: b.children ?? 0,
        infants: b.infants ?? 0,
        paid: b.paid ?? 0,
        prepaid: b.prepaid ?? 0,
        total,
        tourist_tax: b.tourist_tax ?? 0,
        arrival_time: minutes(b.arrival_time ?? listing.checkinfrom ?? '15:00'),
        arrival_time_until: minutes(b.arrival_time_until ?? listing.checkinto ?? '21:00'),
        departure_time: minutes(b.departure_time ?? '10:00'),
        departure_time_until: minutes(b.departure_time_until ?? listing.checkout ?? '11:00'),
        source_id: 1,
        opening_code: b.opening_code ?? null,
        checkin_completed: b.checkin_online === 1,
        key_numbers: b.key_numbers ?? 1,
        notes: b.notes ?? null,
        lines: (b.lines ?? []).map((l) => ({ ...l })),
      },
    );
    store.bookings.insert(booking);
    for (const g of b.guests ?? []) {
      const gid = store.newId('guest');
      store.guests.set(gid, {
        id: gid,
        booking_id: id,
        ...personOf(g),
        document_type: g.document_type_id ?? null,
        date_issue: g.expedition_date ?? null,
        date_birth: g.birth_date ?? null,
        updatedAt: ctx.now,
      });
      booking.guestIds.push(gid);
    }
    createTasks(store, booking, ctx.now);
    return created(ctx, id, () => bookingWire(store, booking, 'get'));
  },
} satisfies Record<string, Handler>;
