// Read commands: everything the screens show, answered from the local cache
// (never the network), with the filters the screens use. Fast enough to run
// on every keystroke; `sync.setInterest` is how a screen asks for fresher data.
import { z } from 'zod';
import { bookingCreate, DEPARTMENTS } from '../../api';
import { wDate, wText } from '../../api/primitives';
import { command } from '../define';
import { noInput, recordId, serverId, windowInput } from '../primitives';
import { priceGrid } from '../price-grid';
import {
  adminRecord,
  blockRecord,
  bookingListItem,
  cleaningRecord,
  costRecord,
  customerRecord,
  destinationRecord,
  guestRecord,
  incidentRecord,
  listingSummary,
  maintenanceRecord,
  originRecord,
  ownerRecord,
  priceRecord,
  threadRecord,
} from '../records';
import { boardAnswer } from '../board-answer';
import {
  bookingDetail,
  calendarRange,
  listingDetail,
  ownerAccount,
  ownerStatement,
  registrationItem,
  stayCheck,
  searchKind,
  searchResult,
} from '../views';

const listingIds = z.array(serverId).max(5000, { error: 'at most 5000 listings at a time' });
const optional = <T extends z.ZodType>(s: T) => s.optional();

/** Window plus the listing filter every dated list shares. */
const windowed = <T extends z.ZodRawShape>(extra: T) => windowInput({ listingIds: optional(listingIds), ...extra });

const inspected = z.boolean();

export const readCommands = {
  'board.day': command(
    'The supervisor board for one date: per listing departures → cleaning → maintenance → arrivals, open incidents, readiness.',
    z.strictObject({
      date: wDate,
      city: optional(wText(120)),
      destination: optional(serverId),
      /** Cleaning status values (see CLEANING_STATUSES in shared/api). */
      cleaningStatus: optional(z.array(z.number().int().min(0).max(99))),
      inspected: optional(inspected),
      hasIncident: optional(z.boolean()),
      /** Default true: only listings with something happening that day. */
      onlyActive: z.boolean().default(true),
      /** The id of the answer held: only the rows changed since come back (board-answer.ts). */
      since: optional(z.string().max(64)),
    }),
    boardAnswer,
  ),

  'listings.list': command(
    'Listings, optionally filtered by text (name or city), city, destination or active flag.',
    z.strictObject({
      text: optional(wText(200)),
      city: optional(wText(120)),
      destination: optional(serverId),
      active: optional(z.boolean()),
    }),
    z.array(listingSummary),
  ),
  'listings.get': command(
    'One listing with photos, rates, owner and destination (a listing created offline by its local id, before and after the server has it).',
    z.strictObject({ id: recordId }),
    listingDetail,
  ),
  'prices.list': command(
    'Daily prices of one rate over a window.',
    windowInput({ rateId: serverId }),
    z.array(priceRecord),
  ),
  'prices.grid': command(
    "A listing's price grid: its rates and, per rate and day, the price, min/max stay, open, close to arrival/departure, with unsent changes shown and marked.",
    windowInput({ listingId: serverId }),
    priceGrid,
  ),
  'calendar.range': command(
    'Calendar timeline data for a window and the visible listings: bookings, blocks, availability.',
    windowed({}),
    calendarRange,
  ),

  'bookings.list': command(
    'Bookings in a window: overlapping it, or only those arriving / departing in it.',
    windowed({
      kind: z.enum(['overlapping', 'arrivals', 'departures']).default('overlapping'),
      states: optional(z.array(z.number().int()).max(20)),
    }),
    z.array(bookingListItem),
  ),
  'bookings.get': command(
    'One booking with listing, customer, guests, threads and its tasks.',
    z.strictObject({ bookingNumber: recordId }),
    bookingDetail,
  ),
  'customers.get': command('One customer.', z.strictObject({ id: recordId }), customerRecord),
  'guests.list': command(
    'Guests registered on a booking.',
    z.strictObject({ bookingNumber: recordId }),
    z.array(guestRecord),
  ),
  'threads.list': command(
    'Message threads of a booking, messages oldest first.',
    z.strictObject({ bookingNumber: recordId }),
    z.array(threadRecord),
  ),

  'cleaning.list': command(
    'Cleaning tasks in a window.',
    windowed({ status: optional(z.array(z.number().int().min(0).max(99))), inspected: optional(inspected) }),
    z.array(cleaningRecord),
  ),
  'cleaning.get': command('One cleaning task.', z.strictObject({ id: recordId }), cleaningRecord),
  'maintenance.list': command(
    'Maintenance tasks in a window.',
    windowed({ type: optional(z.union([z.literal(0), z.literal(1)])), inspected: optional(inspected) }),
    z.array(maintenanceRecord),
  ),
  'maintenance.get': command('One maintenance task.', z.strictObject({ id: recordId }), maintenanceRecord),
  'incidents.list': command(
    'Incidents in a window, most urgent first.',
    windowed({
      priorities: optional(z.array(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]))),
      /** true: only incidents with a listing not finished; false: only finished ones. */
      open: optional(z.boolean()),
    }),
    z.array(incidentRecord),
  ),
  'incidents.open': command(
    'Every open incident whatever its date (an incident cannot hide behind a date window): most urgent first, then oldest.',
    z.strictObject({
      listingIds: optional(listingIds),
      priorities: optional(z.array(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]))),
    }),
    z.array(incidentRecord),
  ),
  'stays.check': command(
    "Whether a stay fits a listing, from the local data (clashing bookings and blocks named, capacity, free units), each rate's price quote, and free alternatives when it does not fit.",
    z.strictObject({
      listingId: serverId,
      from: wDate,
      to: wDate,
      adults: z.number().int().min(0).max(99),
      children: z.number().int().min(0).max(99),
      infants: optional(z.number().int().min(0).max(99)),
      ignoreBooking: optional(z.number().int()),
    }),
    stayCheck,
  ),
  'stays.checkLive': command(
    "Asks the server itself whether a stay is available (one request, now; 'unreachable' at once when offline, so the cached answer of stays.check stays shown). The rate is the listing's first when not given.",
    z.strictObject({ listingId: serverId, from: wDate, to: wDate, rateId: optional(serverId) }),
    z.object({
      available: z.boolean(),
      /** Free units of a multi-unit listing, else null. */
      freeUnits: z.number().int().nullable(),
      rateId: z.number().int(),
      /** When the server answered (ms). */
      checkedAt: z.number(),
    }),
  ),
  // Not a read, but live like stays.checkLive: one foreground request, never queued.
  'bookings.createWithCard': command(
    "Take a new booking whose customer gives card data: online only, ONE request now (the card is held in memory for that request only — never stored, queued, logged or resent). When the answer is lost the listing's bookings are read back: `created` with the booking number when found, else `enterCardAgain` (the person is asked for the card again). Offline: error `disconnected`.",
    z.strictObject({
      booking: bookingCreate.safeExtend({
        customer: bookingCreate.shape.customer.required({ card_number: true, card_expiration: true }),
      }),
    }),
    z.discriminatedUnion('outcome', [
      z.object({ outcome: z.literal('created'), bookingNumber: z.number().int() }),
      z.object({ outcome: z.literal('enterCardAgain'), message: z.string() }),
    ]),
  ),
  'registration.due': command(
    'Stays arriving on `date` or the next day, or in house on `date`, whose guests are not all registered for the police (count or details missing), earliest reporting deadline first.',
    z.strictObject({ date: wDate, listingIds: optional(listingIds) }),
    z.array(registrationItem),
  ),
  'incidents.get': command('One incident.', z.strictObject({ id: recordId }), incidentRecord),
  'blocks.list': command('Calendar blocks in a window.', windowed({}), z.array(blockRecord)),

  'destinations.list': command('Destinations.', noInput, z.array(destinationRecord)),
  'origins.list': command('Booking origins.', noInput, z.array(originRecord)),
  'owners.list': command('Owners.', noInput, z.array(ownerRecord)),
  'costs.list': command(
    'Costs, optionally of one owner (an owner created offline included), a concept (contains) and an amount range.',
    z.strictObject({
      ownerId: optional(recordId),
      concept: optional(wText(200)),
      minAmount: optional(z.number({ error: 'must be a number' })),
      maxAmount: optional(z.number({ error: 'must be a number' })),
    }),
    z.array(costRecord),
  ),
  'owners.get': command('One owner.', z.strictObject({ id: recordId }), ownerRecord),
  'owners.account': command(
    "An owner's listings and costs, totalled per concept.",
    z.strictObject({ id: recordId }),
    ownerAccount,
  ),
  'owners.statement': command(
    "An owner's month: nights booked per listing (from the cache) and the owner's costs.",
    z.strictObject({
      id: recordId,
      month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Enter a real month' }),
    }),
    ownerStatement,
  ),
  'costs.get': command('One cost.', z.strictObject({ id: recordId }), costRecord),
  'destinations.get': command('One destination.', z.strictObject({ id: recordId }), destinationRecord),
  'admins.list': command(
    "Intranet users (no passwords), grouped by department in the spec's order then by name; filtered by text (name or user name), department and active state.",
    z.strictObject({
      q: optional(wText(120)),
      department: optional(z.enum(DEPARTMENTS)),
      active: optional(z.boolean()),
    }),
    z.array(adminRecord),
  ),
  'admins.get': command(
    'One intranet user by its server id (no password).',
    z.strictObject({ id: serverId }),
    adminRecord,
  ),
  'countries.mostUsed': command(
    "The business's most used countries (customers' and guests' countries and nationalities), as country choice ids, most used first.",
    noInput,
    z.array(z.number().int()),
  ),

  'photos.image': command(
    "A photo's image as a data: URL (the CSP allows no remote image origin): kept files of photos already seen, the queued image of one not sent yet, else downloaded once and kept; null when none can be had now (offline).",
    z.strictObject({ id: recordId }),
    z.strictObject({ dataUrl: z.string().nullable() }),
  ),

  'search.query': command(
    'Instant search over the cache: guests, customers, booking numbers, listings, messages.',
    z.strictObject({
      text: z.string().max(200, { error: 'must be at most 200 characters' }),
      kinds: optional(z.array(searchKind).min(1)),
      limit: z.number().int().min(1).max(200).default(50),
    }),
    searchResult,
  ),
} as const;
