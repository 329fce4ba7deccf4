// Taking a new booking through the outbox (the `create` half of kinds/bookings.ts):
// what is checked before queueing (the stay must fit the local calendar and the
// listing's capacity — the clashing booking or block is named), the record shown at
// once under a local negative booking number, the request body, and how the
// server's booking is found again without an idempotency key: the listing's
// bookings over the stay, matched by listing, dates and party, plus the customer
// when it is an existing one. Spec-silent choices, here only:
// - a new customer cannot be matched by id (the server makes it): such a booking is
//   recognised by listing, dates and party among the bookings that were not there
//   before the first send (the outbox's snapshot);
// - every reason the local check gives refuses the stay (another booking, a block, a
//   full multi-unit night, a night the server's availability says is taken, capacity);
//   a cancelled booking is not checked against the calendar (it does not block it);
//   an unknown answer (those dates never fetched) lets it through: the server decides;
// - no status means confirmed (as the PMS does).
import { CommandError, type StayClash } from '../../../shared/contract';
import { stateAfter } from '../../../shared/domain/states';
import type { ApiClient } from '../../api/client';
import type { WritableDB } from '../../cache/db';
import { checkStay } from '../../cache/queries/stay-check';
import { bookingsTable } from '../../cache/tables';
import { upsertRecords } from '../../cache/write';
import type { EntryContext, Rec, Values } from '../types';
import { isObj, notCached, onListing, orNull, str, USER } from './parts';
import type { Collection, CreateStep, FieldCodec } from './spec';

/** The listing a booking is for (matching, and refs to a listing created offline). */
export const LISTING: FieldCodec = {
  read: 'listing_id',
  apply: (rec, v) => {
    rec['listing_id'] = Number(v);
  },
  canon: (rec) => (typeof rec['listing_id'] === 'number' ? rec['listing_id'] : null),
};

/** The customer of a new booking, compared by id (only when it is an existing customer: see matchBy). */
export const CUSTOMER: FieldCodec = {
  read: 'customer_id',
  apply: (rec, v) => {
    rec['customer_id'] = isObj(v) && typeof v['id'] === 'number' ? v['id'] : null;
  },
  canon: (rec) => (typeof rec['customer_id'] === 'number' ? rec['customer_id'] : null),
};

const PARTY = ['listing_id', 'start_date', 'end_date', 'adults', 'children', 'infants'] as const;

/** What a new booking is recognised by on the server. */
export function matchBy(payload: Values): readonly string[] {
  const existing = isObj(payload['customer']) && typeof payload['customer']['id'] === 'number';
  return existing ? [...PARTY, 'customer'] : PARTY;
}

const num = (v: unknown, d: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);

/** One clash in words (the form shows the same facts from stays.check). */
export function clashText(c: StayClash): string {
  switch (c.kind) {
    case 'booking':
      return `${c.booking_number < 0 ? 'a new booking not yet in the PMS' : `booking ${c.booking_number}`}${c.customer_name ? ` (${c.customer_name})` : ''} from ${c.start_date} to ${c.end_date}`;
    case 'block':
      return `a block from ${c.start_date} to ${c.end_date}`;
    case 'capacity':
      return `the listing sleeps at most ${c.capacity} people (adults and children), not ${c.party}`;
    case 'full':
      return `no unit is free on ${c.date}`;
    case 'server':
      return `the PMS shows ${c.date} as taken`;
  }
}

/** Refuses (invalid_input, nothing queued) a stay the local data says does not fit. */
function checkFits(db: WritableDB, b: Values): void {
  const listingId = Number(b['listing_id']);
  const canceled = b['status'] === 'canceled';
  const check = checkStay(db, {
    listingId,
    from: String(b['start_date']),
    to: String(b['end_date']),
    adults: num(b['adults'], 0),
    children: num(b['children'], 0),
    infants: num(b['infants'], 0),
  });
  if (!check) throw notCached(`Listing ${listingId}`);
  const reasons = check.reasons.filter((r) => !canceled || r.kind === 'capacity');
  if (!reasons.length) return;
  const first = reasons[0]!;
  const field = first.kind === 'capacity' ? 'booking.adults' : 'booking.start_date';
  throw new CommandError(
    'invalid_input',
    `${check.listing.name} cannot take this stay: ${reasons.map(clashText).join('; ')}.`,
    { [field]: [clashText(first)] },
    {
      fieldReasons: {
        [field]:
          first.kind === 'capacity'
            ? { key: 'capacity', params: { max: first.capacity } }
            : { key: 'not_free', params: {} },
      },
    },
  );
}

/** The `bookings.create` command → what the outbox queues. */
export function createStep(db: WritableDB, v: Record<string, unknown>): CreateStep {
  const booking = v['booking'] as Values;
  checkFits(db, booking);
  // A listing's new bookings go one at a time: matching them is never ambiguous.
  return onListing('bookings', booking, { ...booking, booking_number: null });
}

/** The booking shown until the server has it: a local negative number, the person's values. */
export function localBooking(id: number, _ctx: EntryContext, p: Values, now: number): Rec {
  const opt = <T>(k: string, d: T): unknown => p[k] ?? d;
  const customer = isObj(p['customer']) ? p['customer'] : {};
  return {
    booking_number: id,
    listing_id: Number(p['listing_id']),
    start_date: p['start_date'],
    end_date: p['end_date'],
    customer_id: typeof customer['id'] === 'number' ? customer['id'] : null,
    state: stateAfter(p['status'] === 'canceled' ? 'canceled' : 'confirmed'),
    adults: num(p['adults'], 0),
    children: num(p['children'], 0),
    infants: num(p['infants'], 0),
    paid: opt('paid', null),
    prepaid: opt('prepaid', null),
    total: opt('total', null),
    deposit: null,
    tourist_tax: opt('tourist_tax', null),
    arrival_time: opt('arrival_time', null),
    arrival_time_until: opt('arrival_time_until', null),
    departure_time: opt('departure_time', null),
    departure_time_until: opt('departure_time_until', null),
    source_id: null,
    opening_code: opt('opening_code', null),
    checkin_completed: p['checkin_online'] === 1,
    // Sent as a count or a text, kept as text ("2") like the read schema does.
    key_numbers:
      typeof p['key_numbers'] === 'number' || typeof p['key_numbers'] === 'string' ? String(p['key_numbers']) : null,
    notes: opt('notes', null),
    services: [],
    extras: [],
    created_at: new Date(now).toISOString().slice(0, 19).replace('T', ' '),
    updated_at: null,
  };
}

/** A new customer's name shows on the board, calendar and lists before the PMS has the customer. */
export function shownColumns(p: Values): Rec {
  const c = isObj(p['customer']) ? p['customer'] : {};
  if (typeof c['id'] === 'number') return {};
  return { customer_name: `${str(c['name'])} ${str(c['surname'])}`.trim() || null };
}

/** The request body: the person's values (edits made before it left ride along; a cleared text is left out). */
export function createBody(_ctx: EntryContext, payload: Values): unknown {
  return Object.fromEntries(Object.entries(payload).filter(([, v]) => v !== null));
}

/** The listing's bookings over the stay, as the server has them now. */
export async function bookingsOfStay(
  client: ApiClient,
  ctx: EntryContext,
  payload: Values,
): Promise<Collection | null> {
  const listing = payload['listing_id'] !== undefined ? Number(payload['listing_id']) : ctx.listingId;
  const r = await orNull(
    client.list('bookings.list', {
      ...USER,
      query: { listing_id: listing, start_date: String(payload['start_date']), end_date: String(payload['end_date']) },
    }),
  );
  if (!r) return null;
  return {
    items: r.items.map((b) => ({ value: b.value, raw: b.raw })),
    store: (db) => {
      upsertRecords(db, bookingsTable, r.items);
    },
  };
}
