// Output shapes of the composed views: the supervisor's day board, the booking
// and listing details, the calendar range, and search hits. Composition happens
// in the main process (one indexed query set per call, one IPC round trip).
import { z } from 'zod';
import { REGISTRATION_FIELDS } from '../domain/registration';
import { isoDate, nullable, outboxMark, recordId } from './primitives';
import {
  blockRecord,
  bookingRecord,
  cleaningRecord,
  costRecord,
  customerRecord,
  destinationRecord,
  guestRecord,
  incidentRecord,
  listingRecord,
  listingSummary,
  maintenanceRecord,
  ownerRecord,
  photoRecord,
  rateRecord,
  threadRecord,
} from './records';

/** Why a listing is not ready for the day's arrival (the renderer words each code). */
export const READINESS_BLOCKERS = [
  'no_cleaning_task',
  'cleaning_not_done',
  'not_inspected',
  'maintenance_open',
  'urgent_incident',
  'departure_pending',
  /** An arriving stay shares a night with more stays than the listing has units. */
  'overbooked',
] as const;
export const readinessBlocker = z.enum(READINESS_BLOCKERS);
export type ReadinessBlocker = (typeof READINESS_BLOCKERS)[number];

/**
 * The board's answer carries what the board, its day sheet and its CSV show —
 * no more: each thing's whole record is one click away (its detail reads it
 * when it opens). The answer crosses the bridge on every change of the day's
 * data, so each field here costs on every read (bytes per row: reads bench).
 */

/** A listing as the board names it (its detail page has the rest). */
export const boardListing = listingSummary.pick({ id: true, name: true, city: true });
export type BoardListing = z.output<typeof boardListing>;

/**
 * A booking as the board shows it: who arrives or leaves, when, how many, and
 * how many guests are registered (read from typed columns, no JSON parsed).
 */
export const boardBooking = bookingRecord
  .pick({
    booking_number: true,
    adults: true,
    children: true,
    arrival_time: true,
    departure_time: true,
    outbox: true,
  })
  .extend({
    customer_name: nullable(z.string()),
    /** Counted for arrivals (what reception must know before the guest comes); 0 for departures. */
    guests_registered: z.number().int(),
    /** An arrival sharing a night with more blocking stays than the listing has units (false for departures). */
    overbooked: z.boolean().default(false),
  });
export type BoardBooking = z.output<typeof boardBooking>;

/** A cleaning task as the board shows it (status, time, duration, inspection, notes). */
export const boardCleaning = cleaningRecord.pick({
  id: true,
  status: true,
  time: true,
  duration: true,
  inspected: true,
  notes: true,
  outbox: true,
});
export type BoardCleaning = z.output<typeof boardCleaning>;

/** A maintenance task as the board shows it (type, hour, inspection, notes). */
export const boardMaintenance = maintenanceRecord.pick({
  id: true,
  type: true,
  hour: true,
  inspected: true,
  notes: true,
  outbox: true,
});
export type BoardMaintenance = z.output<typeof boardMaintenance>;

/** An open incident as the board shows it (priority, title, note, since when). */
export const boardIncident = incidentRecord.pick({ id: true, priority: true, date: true, subtitle: true, note: true });
export type BoardIncident = z.output<typeof boardIncident>;

export const boardRow = z.object({
  listing: boardListing,
  departures: z.array(boardBooking),
  cleaning: z.array(boardCleaning),
  maintenance: z.array(boardMaintenance),
  arrivals: z.array(boardBooking),
  /** Open incidents of the listing, most urgent first. */
  incidents: z.array(boardIncident),
  /** Null when nobody arrives that day; otherwise ready or the reasons it is not. */
  readiness: nullable(z.object({ ready: z.boolean(), blockers: z.array(readinessBlocker) })),
});
export type BoardRow = z.output<typeof boardRow>;

export const boardDay = z.object({
  date: isoDate,
  rows: z.array(boardRow),
  totals: z.object({
    listings: z.number().int(),
    departures: z.number().int(),
    arrivals: z.number().int(),
    cleaningOpen: z.number().int(),
    notInspected: z.number().int(),
    incidentsOpen: z.number().int(),
    readyForCheckin: z.number().int(),
  }),
});
export type BoardDay = z.output<typeof boardDay>;

export const bookingDetail = z.object({
  booking: bookingRecord,
  listing: nullable(listingSummary),
  customer: nullable(customerRecord),
  guests: z.array(guestRecord),
  /** adults + children: how many guests should be registered. */
  guestsExpected: z.number().int(),
  guestsComplete: z.boolean(),
  /** The booking shares a night with more blocking stays than the listing has units. */
  overbooked: z.boolean().default(false),
  /** When overbooked: the other blocking stays of the listing sharing a night with it. */
  sharesNightsWith: z.array(z.number().int()).default([]),
  threads: z.array(threadRecord),
  cleaning: z.array(cleaningRecord),
  maintenance: z.array(maintenanceRecord),
});
export type BookingDetail = z.output<typeof bookingDetail>;

export const listingDetail = z.object({
  listing: listingRecord,
  photos: z.array(photoRecord),
  rates: z.array(rateRecord),
  owner: nullable(ownerRecord),
  destination: nullable(destinationRecord),
});
export type ListingDetail = z.output<typeof listingDetail>;

/** A booking as a calendar bar: only what the timeline draws. */
export const calendarBooking = bookingRecord
  .pick({
    booking_number: true,
    listing_id: true,
    start_date: true,
    end_date: true,
    state: true,
    adults: true,
    children: true,
    outbox: true,
  })
  .extend({ customer_name: nullable(z.string()), overbooked: z.boolean().default(false) });
export type CalendarBooking = z.output<typeof calendarBooking>;

export const calendarAvailability = z.object({
  listing_id: z.number().int(),
  mu: z.boolean(),
  /** Date → free units (multi-unit) or 1/0 (single-unit: any rate bookable). Missing dates: not known. */
  days: z.record(z.string(), z.number().int()),
});

export const calendarRange = z.object({
  from: isoDate,
  to: isoDate,
  bookings: z.array(calendarBooking),
  blocks: z.array(blockRecord),
  availability: z.array(calendarAvailability),
});
export type CalendarRange = z.output<typeof calendarRange>;

export const SEARCH_KINDS = ['guest', 'customer', 'booking', 'listing', 'message'] as const;
export const searchKind = z.enum(SEARCH_KINDS);
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The booking a hit belongs to, as data (the screen words it): its number — local (negative) while new — listing and stay. */
export const searchStay = z.object({
  number: z.number().int(),
  listing: nullable(z.string()),
  from: nullable(z.string()),
  to: nullable(z.string()),
});
export type SearchStay = z.output<typeof searchStay>;

/**
 * What was found, as data: the renderer words it in the person's language (a booking's title,
 * "new — not yet in the PMS" for a local number, dates in the one formatter).
 */
export const searchHit = z.object({
  kind: searchKind,
  id: recordId,
  /** A person's full name or a listing's name; null for bookings and messages (titled by their booking). */
  name: nullable(z.string()),
  /** A person's e-mail, a listing's city (as stored). */
  detail: nullable(z.string()),
  /** The booking of a booking, guest, message or customer (their latest), when known. */
  stay: nullable(searchStay),
  /** A message's time, "YYYY-MM-DD HH:MM:SS" or ISO, as the server gave it. */
  at: nullable(z.string()).default(null),
  /** A short excerpt around the match; `ranges` are [start, end) offsets of matched text within it. */
  snippet: z.string(),
  ranges: z.array(z.tuple([z.number().int(), z.number().int()])),
  /** Where to go: the booking (guests, customers, bookings, messages) or the listing. */
  bookingNumber: nullable(z.number().int()),
  listingId: nullable(z.number().int()),
  outbox: outboxMark,
  /** Its booking's stay: in house today, or arriving in the next days (these rank first); null otherwise. */
  near: nullable(z.enum(['inHouse', 'soon'])).default(null),
  /** Found only by a shortened word ("Andersen" → "Andersson"), ranked after exact matches. */
  similar: z.boolean().default(false),
});
export type SearchHit = z.output<typeof searchHit>;

export const searchResult = z.object({
  hits: z.array(searchHit),
  /** Milliseconds the query took in the cache (shown in diagnostics). */
  tookMs: z.number(),
  /** Matches beyond the hits returned ("N more — refine the search"). */
  more: z.number().int().min(0).default(0),
});
export type SearchResult = z.output<typeof searchResult>;

/** A registration detail a guest still lacks (read-shape names; shared/domain/registration.ts). */
export const registrationField = z.enum(REGISTRATION_FIELDS);

/**
 * A stay whose guests are not all registered for the police: how many are
 * expected (adults + children) and registered, what each registered guest
 * still lacks, and the reporting deadline (arrival + 24 h, local wall time
 * "YYYY-MM-DDTHH:MM").
 */
export const registrationItem = bookingRecord
  .pick({
    booking_number: true,
    listing_id: true,
    state: true,
    start_date: true,
    end_date: true,
    adults: true,
    children: true,
    arrival_time: true,
    outbox: true,
  })
  .extend({
    customer_name: nullable(z.string()),
    listing_name: nullable(z.string()),
    expected: z.number().int(),
    registered: z.number().int(),
    /** False while the stay's guests have never been fetched from the server: the count is not known yet. */
    guestsKnown: z.boolean(),
    deadline: z.string(),
    guests: z.array(
      z.object({
        id: recordId,
        name: nullable(z.string()),
        lastname: nullable(z.string()),
        missing: z.array(registrationField),
        outbox: outboxMark,
      }),
    ),
  });
export type RegistrationItem = z.output<typeof registrationItem>;

/** Why a stay does not fit (stays.check): each names what is in the way. */
export const stayClash = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('booking'),
    booking_number: z.number().int(),
    start_date: isoDate,
    end_date: isoDate,
    customer_name: nullable(z.string()),
  }),
  z.object({
    kind: z.literal('block'),
    id: z.number().int(),
    start_date: isoDate,
    end_date: isoDate,
    block_type: z.number().int(),
  }),
  z.object({ kind: z.literal('capacity'), capacity: z.number().int(), party: z.number().int() }),
  /** A multi-unit listing with no unit free that night (units: how many it has, when known). */
  z.object({ kind: z.literal('full'), date: isoDate, units: nullable(z.number().int()) }),
  /** The server's availability says the night is taken and nothing in the local data explains it. */
  z.object({ kind: z.literal('server'), date: isoDate }),
]);
export type StayClash = z.output<typeof stayClash>;

const quoteProblem = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('no_price'), date: isoDate }),
  z.object({ kind: z.literal('closed'), date: isoDate }),
  z.object({ kind: z.literal('min_stay'), nights: z.number().int(), min: z.number().int() }),
  z.object({ kind: z.literal('max_stay'), nights: z.number().int(), max: z.number().int() }),
  z.object({ kind: z.literal('closed_to_arrival'), date: isoDate }),
  z.object({ kind: z.literal('closed_to_departure'), date: isoDate }),
  z.object({ kind: z.literal('bad_dates') }),
]);

/**
 * Whether a stay fits, from the local data: `fits` is null when no bookings
 * of those dates were ever fetched (nothing is known), false with the reasons,
 * true otherwise; `asOf` is when the bookings of those dates were last fetched
 * (ms). Each rate's quote (shared/domain/quote.ts) and, when it does not fit,
 * free listings of similar capacity in the same city.
 */
export const stayCheck = z.object({
  listing: z.object({
    id: z.number().int(),
    name: z.string(),
    city: z.string(),
    person_capacity: nullable(z.number().int()),
    mu: z.boolean(),
  }),
  fits: nullable(z.boolean()),
  reasons: z.array(stayClash),
  asOf: nullable(z.number()),
  quotes: z.array(
    z.object({
      rateId: z.number().int(),
      name: z.string(),
      nights: z.array(z.object({ date: isoDate, price: nullable(z.number()), increment: z.number() })),
      total: z.number(),
      problems: z.array(quoteProblem),
    }),
  ),
  alternatives: z.array(
    z.object({ id: z.number().int(), name: z.string(), person_capacity: nullable(z.number().int()) }),
  ),
});
export type StayCheck = z.output<typeof stayCheck>;

// ───────────────────────── owners ─────────────────────────

/**
 * An owner's account: their listings and costs, totalled per concept. Costs
 * carry no date in the API (see electron/cache/queries/owners.ts), so there are
 * no per-month totals of costs; a month's statement takes nights from bookings.
 */
export const ownerAccount = z.object({
  listings: z.array(z.object({ id: recordId, name: z.string(), city: z.string() })),
  costs: z.array(costRecord),
  byConcept: z.array(z.object({ concept: z.string(), count: z.number().int(), total: z.number() })),
  total: z.number(),
});
export type OwnerAccount = z.output<typeof ownerAccount>;

/** One month of an owner: nights booked per listing (from the cache, as of `bookingsAsOf`) and the costs. */
export const ownerStatement = z.object({
  owner: ownerRecord,
  month: z.string().regex(/^\d{4}-\d{2}$/),
  listings: z.array(
    z.object({ id: recordId, name: z.string(), city: z.string(), nights: z.number().int(), stays: z.number().int() }),
  ),
  nights: z.number().int(),
  /** When the bookings of every day of the month were last fetched whole; null: not (all) synced yet. */
  bookingsAsOf: nullable(z.number()),
  costs: z.array(costRecord),
  costsTotal: z.number(),
});
export type OwnerStatement = z.output<typeof ownerStatement>;
