// Wire shapes of bookings and the people around them: bookings (tourist_tax,
// times, checkin_completed and key_numbers in their documented variants; audit
// fields and customers only on the single read), customers (country as a name,
// customer_type as an object), guests (country as an id) and message threads.
import { countries, customerTypes, documentTypes } from '../../shared/codes';
import { VARIANT } from '../config';
import { hhmm, isoMicros, isoOf, localDateTime } from '../days';
import type { Booking, Customer, Guest, Message, Store, Thread } from '../model';

/** Country name of a code-table id (the read form of customer country and of nationality); null when unknown. */
const countryName = (id: number | null) => (id === null ? null : (countries.byId(id)?.name ?? null));

export function bookingWire(store: Store, b: Booking, form: 'list' | 'get'): Record<string, unknown> {
  const time = (m: number) => (VARIANT.bookingTimesWithSeconds(b.id) ? `${hhmm(m)}:00` : hhmm(m));
  const out: Record<string, unknown> = {
    booking_number: b.id,
    listing_id: b.listing_id,
    start_date: isoOf(b.start),
    end_date: isoOf(b.end),
    customer_id: b.customer_id,
    state: b.state,
    adults: b.adults,
    children: b.children,
    infants: b.infants,
    paid: b.paid,
    prepaid: b.prepaid,
    total: b.total,
    deposit: b.deposit,
    tourist_tax: VARIANT.bookingTouristTaxAsString(b.id) ? b.tourist_tax.toFixed(2) : b.tourist_tax,
    arrival_time: time(b.arrival_time),
    arrival_time_until: time(b.arrival_time_until),
    departure_time: time(b.departure_time),
    departure_time_until: time(b.departure_time_until),
    source_id: b.source_id,
    opening_code: b.opening_code,
    checkin_completed: VARIANT.bookingCheckinAsString(b.id) ? String(b.checkin_completed) : b.checkin_completed,
    key_numbers: VARIANT.bookingKeysAsString(b.id) ? String(b.key_numbers) : b.key_numbers,
    notes: b.notes,
    services: b.services.map((s) => ({ id: s.id, qty: s.qty, price: s.price })),
    extras: b.extras,
  };
  if (form === 'get') {
    out['created_at'] = localDateTime(b.createdAt);
    out['updated_at'] = localDateTime(b.updatedAt);
    out['customers'] = bundleWire(store, b);
  }
  return out;
}

export function customerWire(c: Customer): Record<string, unknown> {
  const created = localDateTime(c.createdAt);
  return {
    id: c.id,
    name: c.name,
    lastname: c.lastname,
    email: c.email,
    address: c.address,
    city: c.city,
    zip_code: c.zip_code,
    number_id: c.number_id,
    customer_type: {
      id: c.customer_type,
      nombre: customerTypes.name(c.customer_type),
      created_at: created,
      updated_at: created,
    },
    country: countryName(c.country),
    document_type: c.document_type === null ? null : documentTypes.name(c.document_type),
    nationality: countryName(c.nationality),
    sex: c.sex,
    date_issue: c.date_issue,
    date_birth: c.date_birth,
  };
}

export function guestWire(g: Guest): Record<string, unknown> {
  return {
    id: g.id,
    name: g.name,
    lastname: g.lastname,
    email: g.email,
    address: g.address,
    city: g.city,
    zip_code: g.zip_code,
    number_id: g.number_id,
    country: g.country,
    document_type: g.document_type === null ? null : documentTypes.name(g.document_type),
    nationality: countryName(g.nationality),
    sex: g.sex,
    date_issue: g.date_issue,
    date_birth: g.date_birth,
  };
}

/** {user, guests} of a booking. */
export function bundleWire(store: Store, b: Booking): Record<string, unknown> {
  const customer = store.customers.get(b.customer_id);
  return {
    user: customer ? customerWire(customer) : null,
    guests: b.guestIds.flatMap((id) => {
      const g = store.guests.get(id);
      return g ? [guestWire(g)] : [];
    }),
  };
}

export function messageWire(m: Message): Record<string, unknown> {
  return {
    id: m.id,
    thread_id: VARIANT.messageThreadIdNull(m.id) ? null : m.thread_id,
    in_out: m.in_out,
    message: m.message,
    external_id: m.external_id,
    type: m.type,
    created_at: isoMicros(m.createdAt, m.id % 1000),
  };
}

export function threadWire(t: Thread): Record<string, unknown> {
  return {
    id: t.id,
    listing_id: t.listing_id,
    booking_id: t.booking_id,
    customer_id: t.customer_id,
    origin: t.origin,
    external_id: t.external_id,
    type: t.type,
    created_at: isoMicros(t.createdAt, t.id % 1000),
    messages: t.messages.map(messageWire),
  };
}
