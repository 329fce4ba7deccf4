// Output shapes of cached records as the renderer receives them: derived from
// the API read schemas' own field tables (shared/api, `recordOutput`), so the
// contract cannot drift from what sync stores; snake_case fields are kept so
// the cache can hand records over as they are. Each record with local changes
// adds the `outbox` mark of unsent changes. Plain schemas with no transforms:
// they check and strip what leaves the main side, and `z.output` of each is the
// renderer's type. What differs from the read is said beside it.
import { z } from 'zod';
import {
  adminRead,
  blockRead,
  bookingRead,
  cleaningRead,
  costRead,
  customerRead,
  destinationRead,
  guestRead,
  incidentRead,
  listingRead,
  maintenanceRead,
  messageRead,
  originRead,
  ownerRead,
  photoRead,
  priceRead,
  rateRead,
  threadRead,
} from '../api';
import { recordOutput } from '../api/record';
import { nullable, outboxMark } from './primitives';

const int = z.number().int();
const str = z.string();
const local = { outbox: outboxMark };

/** Texts per language as written in this app (the server reads back one string). */
const texts = nullable(z.record(str, str));

/**
 * The read splits the wire's `state` ({id, nombre} or an id) into `state` and `state_name`;
 * the texts per language I wrote ride along while the change is unsent (null otherwise).
 */
export const listingRecord = recordOutput(listingRead.fields)
  .omit({ state: true })
  .extend({
    state: nullable(int),
    state_name: nullable(str),
    description_texts: texts.optional(),
    short_description_texts: texts.optional(),
    ...local,
  });
export type ListingRecord = z.output<typeof listingRecord>;

/** What lists, the board and the calendar need of a listing. */
export const listingSummary = listingRecord
  .pick({
    id: true,
    active: true,
    name: true,
    mu: true,
    destination: true,
    city: true,
    person_capacity: true,
    bedrooms: true,
    checkinfrom: true,
    checkinto: true,
    checkout: true,
    owner_id: true,
  })
  // The Listings screen shows each row's unsent change (other readers of summaries leave it out).
  .extend({ outbox: listingRecord.shape.outbox.optional() });
export type ListingSummary = z.output<typeof listingSummary>;

export const photoRecord = recordOutput(photoRead.fields).extend(local);
export type PhotoRecord = z.output<typeof photoRecord>;

export const rateRecord = recordOutput(rateRead.fields);
export type RateRecord = z.output<typeof rateRecord>;

export const priceRecord = recordOutput(priceRead.fields);
export type PriceRecord = z.output<typeof priceRecord>;

export const blockRecord = recordOutput(blockRead.fields).extend(local);
export type BlockRecord = z.output<typeof blockRecord>;

/** The booking as cached: its embedded customers bundle is stored as customer and guest records instead. */
export const bookingRecord = recordOutput(bookingRead.fields).omit({ customers: true }).extend(local);
export type BookingRecord = z.output<typeof bookingRecord>;

/** A booking in a list: the record plus the names lists show and the guest registration count. */
export const bookingListItem = bookingRecord.extend({
  listing_name: nullable(str),
  customer_name: nullable(str),
  guests_registered: int.default(0),
  /** A blocking stay sharing a night with more blocking stays than the listing has units. */
  overbooked: z.boolean().default(false),
});
export type BookingListItem = z.output<typeof bookingListItem>;

/** A customer; `country` is a country name as the API sends it. */
export const customerRecord = recordOutput(customerRead.fields).extend(local);
export type CustomerRecord = z.output<typeof customerRecord>;

/** A guest; `country` is a country id. The cache files each guest under its booking. */
export const guestRecord = recordOutput(guestRead.fields).extend({ booking_number: nullable(int), ...local });
export type GuestRecord = z.output<typeof guestRecord>;

/** `date` is "YYYY-MM-DD HH:MM:SS". */
export const incidentRecord = recordOutput(incidentRead.fields).extend(local);
export type IncidentRecord = z.output<typeof incidentRecord>;

/** `pending` is the API's own counter (not Stayboard's outbox: see `outbox`). */
export const maintenanceRecord = recordOutput(maintenanceRead.fields).extend(local);
export type MaintenanceRecord = z.output<typeof maintenanceRecord>;

export const cleaningRecord = recordOutput(cleaningRead.fields).extend(local);
export type CleaningRecord = z.output<typeof cleaningRecord>;

export const messageRecord = recordOutput(messageRead.fields).extend(local);
export type MessageRecord = z.output<typeof messageRecord>;

/** A thread's messages each carry their own outbox mark (a message being sent). */
export const threadRecord = recordOutput(threadRead.fields).extend({ messages: z.array(messageRecord) });
export type ThreadRecord = z.output<typeof threadRecord>;

/** The read shows ONE name; the names per language written here ride along (electron/cache/queries/destination-texts.ts). */
export const destinationRecord = recordOutput(destinationRead.fields).extend({
  name_texts: texts.optional(),
  ...local,
});
export type DestinationRecord = z.output<typeof destinationRecord>;

export const originRecord = recordOutput(originRead.fields);
export type OriginRecord = z.output<typeof originRecord>;

export const ownerRecord = recordOutput(ownerRead.fields).extend(local);
export type OwnerRecord = z.output<typeof ownerRecord>;

export const costRecord = recordOutput(costRead.fields).extend(local);
export type CostRecord = z.output<typeof costRecord>;

/** Intranet users. The password is never part of this shape (the read drops it too); edits go through the outbox. */
export const adminRecord = recordOutput(adminRead.fields).omit({ password: true }).extend(local);
export type AdminRecord = z.output<typeof adminRecord>;

/** Each cached resource's record: what its table in the cache stores (electron/cache/tables.ts reads it from here). */
export const RESOURCE_RECORDS = {
  listings: listingRecord,
  photos: photoRecord,
  rates: rateRecord,
  blocks: blockRecord,
  bookings: bookingRecord,
  customers: customerRecord,
  guests: guestRecord,
  incidents: incidentRecord,
  maintenance: maintenanceRecord,
  cleaning: cleaningRecord,
  threads: threadRecord,
  destinations: destinationRecord,
  origins: originRecord,
  owners: ownerRecord,
  costs: costRecord,
  admins: adminRecord,
} as const;
