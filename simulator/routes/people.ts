// Handlers of customers, guests, customer types and message threads: the
// {user, guests} bundles, customer and guest updates (codes checked), guest
// create ({id: booking id, guest}) and message send ({thread_id, message}),
// each create applied exactly once per request.
import { customerUpdate, guestCreate, guestUpdate } from '../../shared/api/bookings';
import { messageSend } from '../../shared/api/organisation';
import { CUSTOMER_TYPES, countries, documentTypes } from '../../shared/codes';
import { SIM } from '../config';
import type { Customer, Guest } from '../model';
import { bundleWire, customerWire, guestWire, messageWire, threadWire } from '../wire/people';
import { created, invalid, ok, pathRecord, recordOf, requiredInt, updated, validBody, type Handler } from './context';

type PersonChange = ReturnType<typeof guestUpdate.parse>;

function checkPerson(b: PersonChange): void {
  if (b.country !== undefined && !countries.byId(b.country)) invalid('country', 'unknown country code');
  if (b.nationality !== undefined && !countries.byId(b.nationality)) invalid('nationality', 'unknown country code');
  if (b.document_type_id !== undefined && !documentTypes.byId(b.document_type_id))
    invalid('document_type_id', 'unknown document type');
}

/** Applies the shared person fields (update payload names → stored fields; names are the same). */
function applyPerson(row: Customer | Guest, b: PersonChange, at: number): void {
  for (const [key, value] of Object.entries(b)) {
    // The document type is written as an id under its payload name and stored (and served) as the type.
    const field = key === 'document_type_id' ? 'document_type' : key;
    if (value !== undefined) (row as unknown as Record<string, unknown>)[field] = value;
  }
  row.updatedAt = at;
}

export const peopleHandlers = {
  'customers.ofBooking': (ctx) =>
    ok({ data: bundleWire(ctx.store, recordOf(ctx.store.bookings, requiredInt(ctx, 'booking_id'), 'Booking')) }),

  'customers.get': (ctx) => {
    const customer = pathRecord(ctx, ctx.store.customers, 'Customer');
    return ok({ data: { user: customerWire(customer) } });
  },

  'customers.update': (ctx) => {
    const customer = pathRecord(ctx, ctx.store.customers, 'Customer');
    const { customer_type, ...b } = validBody(ctx, customerUpdate);
    checkPerson(b);
    if (customer_type !== undefined && !CUSTOMER_TYPES.some((t) => t.id === customer_type))
      invalid('customer_type', 'unknown customer type');
    applyPerson(customer, b, ctx.now);
    if (customer_type !== undefined) customer.customer_type = customer_type;
    ctx.resultId = customer.id;
    return updated(() => customerWire(customer));
  },

  'guests.ofBooking': (ctx) => ok({ data: bundleWire(ctx.store, pathRecord(ctx, ctx.store.bookings, 'Booking')) }),

  'guests.get': (ctx) => {
    const guest = pathRecord(ctx, ctx.store.guests, 'Guest');
    return ok({ data: { guest: guestWire(guest) } });
  },

  'guests.update': (ctx) => {
    const guest = pathRecord(ctx, ctx.store.guests, 'Guest');
    const b = validBody(ctx, guestUpdate);
    checkPerson(b);
    applyPerson(guest, b, ctx.now);
    ctx.resultId = guest.id;
    return updated(() => guestWire(guest));
  },

  'guests.create': (ctx) => {
    const { id: bookingId, guest: g } = validBody(ctx, guestCreate);
    const booking = ctx.store.bookings.get(bookingId) ?? invalid('id', 'unknown booking');
    checkPerson(g);
    const id = ctx.store.newId('guest');
    const guest: Guest = {
      id,
      booking_id: booking.id,
      name: '',
      lastname: '',
      email: '',
      address: '',
      city: '',
      zip_code: '',
      number_id: '',
      country: null,
      document_type: null,
      nationality: null,
      sex: null,
      date_issue: null,
      date_birth: null,
      updatedAt: ctx.now,
    };
    applyPerson(guest, g, ctx.now);
    ctx.store.guests.set(id, guest);
    booking.guestIds.push(id);
    return created(ctx, id, () => guestWire(guest));
  },

  'customerTypes.list': () =>
    ok(SIM.customerTypesBody === 'data' ? { data: CUSTOMER_TYPES.map((t) => ({ id: t.id, nombre: t.name })) } : {}),

  'threads.ofBooking': (ctx) => {
    const booking = pathRecord(ctx, ctx.store.bookings, 'Booking');
    const ids = ctx.store.threadsByBooking.get(booking.id) ?? [];
    return ok({ data: ids.map((id) => threadWire(ctx.store.threads.get(id)!)) });
  },

  'threads.send': (ctx) => {
    const b = validBody(ctx, messageSend);
    const thread = ctx.store.threads.get(b.thread_id) ?? invalid('thread_id', 'unknown thread');
    const id = ctx.store.newId('message');
    // in_out 1 = sent by the business (0 = received from the guest); the spec does not show the meaning.
    const message = {
      id,
      thread_id: thread.id,
      in_out: 1 as const,
      message: b.message,
      external_id: `SB${id}`,
      type: null,
      createdAt: ctx.now,
    };
    thread.messages.push(message);
    ctx.store.messages.set(id, message);
    return created(ctx, id, () => messageWire(message));
  },
} satisfies Record<string, Handler>;
