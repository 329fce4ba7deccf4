// What each document and screen reads, as coverage needs (coverage.ts): the
// date windows, listings, bookings and reference lists behind its numbers.
// One function per subject of the contract's `coverage.*` commands, so the
// document made, the screen shown and the fetch asked for agree on "what
// this needs". The windows follow what the cache queries read (named beside
// each); the incidents' reach follows the sync policy.
import type { CoverageSubjectArgs } from '../../shared/contract';
import type { ReadableDB } from '../cache/db';
import { addDays, registrationDay } from '../cache/queries';
import { monthDays } from '../cache/queries/owners';
import type { Need } from './coverage';
import type { WindowResource } from './jobs';
import type { Policy } from './policy';

export interface NeedsContext {
  /** Today in the business's time zone. */
  today: string;
  policy: Policy;
}

const window = (resource: WindowResource, from: string, to: string, listingIds?: readonly number[] | null): Need => ({
  kind: 'window',
  resource,
  from,
  to,
  listingIds: listingIds?.length ? listingIds : null,
});

/**
 * A day's board (board.ts): the bookings, cleaning and maintenance of the day and the incidents still open on
 * it. Incidents: those reported in the sync's incidents window before the day (policy.incidentPastDays) — the
 * ones older still are fetched daily by sync's deep window and are not waited for.
 */
function dayNeeds(date: string, ctx: NeedsContext, listingIds?: readonly number[] | null): Need[] {
  return [
    window('bookings', date, date, listingIds),
    window('cleaning', date, date, listingIds),
    window('maintenance', date, date, listingIds),
    window('incidents', addDays(date, -ctx.policy.incidentPastDays), date, listingIds),
  ];
}

/** Every open incident whatever its date (incidents.open): the sync's incidents windows, deep one included. */
function openIncidentNeeds(ctx: NeedsContext, listingIds?: readonly number[] | null): Need[] {
  return [window('incidents', addDays(ctx.today, -ctx.policy.incidentDeepDays), ctx.today, listingIds)];
}

function ownerListings(db: ReadableDB, ownerId: number): number[] {
  return db.pluck<number>('SELECT id FROM listings WHERE owner_id = ? AND id > 0 ORDER BY id', [ownerId]);
}

function rateNeeds(db: ReadableDB, listingId: number, from: string, to: string): Need[] {
  const rates = db.all<{ rateId: number; listingId: number | null }>(
    'SELECT rate_id AS rateId, listing_id AS listingId FROM rates WHERE listing_id = ? AND rate_id > 0 ORDER BY rate_id',
    [listingId],
  );
  return [{ kind: 'prices', rates, from, to }];
}

/** What the subject reads. */
export function needsOf(db: ReadableDB, s: CoverageSubjectArgs, ctx: NeedsContext): Need[] {
  switch (s.of) {
    case 'documents.ownerStatement': {
      // owners.ts ownerStatement: the owner's listings, their stays touching the month, the owner's costs.
      const { first, last } = monthDays(s.input.month);
      const listings = ownerListings(db, s.input.id);
      return [
        { kind: 'reference', resource: 'listings' },
        { kind: 'reference', resource: 'costs' },
        ...(listings.length ? [window('bookings', first, last, listings)] : []),
      ];
    }
    case 'documents.daySheet':
      return [{ kind: 'reference', resource: 'listings' }, ...dayNeeds(s.input.date, ctx, s.input.listingIds)];
    case 'documents.registration': {
      const i = s.input;
      if (i.document === 'cards')
        return [{ kind: 'perBooking', resource: 'guests', bookingNumbers: [i.bookingNumber] }];
      // registration.ts registrationDay: the stays arriving that day and the guests of each.
      const arriving = registrationDay(db, { date: i.date, listingIds: i.listingIds });
      return [
        window('bookings', i.date, i.date, i.listingIds),
        {
          kind: 'perBooking',
          resource: 'guests',
          bookingNumbers: arriving.map((st) => st.booking.booking_number),
        },
      ];
    }
    case 'documents.exportCsv': {
      const e = s.input;
      switch (e.list) {
        case 'board':
          return dayNeeds(e.query.date, ctx);
        case 'bookings':
        case 'cleaning':
        case 'maintenance':
        case 'incidents':
          return [window(e.list, e.query.from, e.query.to, e.query.listingIds)];
        case 'openIncidents':
          return openIncidentNeeds(ctx, e.query.listingIds);
        case 'prices':
          return rateNeeds(db, e.query.listingId, e.query.from, e.query.to);
        case 'costs':
          return [{ kind: 'reference', resource: 'costs' }];
        case 'admins':
          return [{ kind: 'reference', resource: 'admins' }];
      }
      break;
    }
    case 'board':
      return dayNeeds(s.date, ctx);
    case 'calendar':
      return [window('bookings', s.from, s.to, s.listingIds), window('blocks', s.from, s.to, s.listingIds)];
    case 'messages':
      return [{ kind: 'perBooking', resource: 'threads', bookingNumbers: [s.bookingNumber] }];
  }
  return [];
}
