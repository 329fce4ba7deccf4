// Coverage: whether the data a document or a screen needs was received whole
// from the server (complete fetches of every date window, listing and booking
// it reads), what is missing, what fetching it costs, and the fetch itself at
// the person's priority. A document made while something is missing says so
// in its title ("INCOMPLETE") and names what; a screen says "still arriving"
// where its number would be — never a silent zero.
//
// The answers are structure (resources, dates, ids, counts, codes): the
// renderer and the documents' word tables put them in words.
import { z } from 'zod';
import { wDate } from '../../api/primitives';
import { command } from '../define';
import { ERROR_CODES } from '../result';
import { instant, isoDate, nullable, recordId, serverId } from '../primitives';
import { daySheetInput, exportInput, ownerStatementInput, registrationDocInput } from './documents';

/** What coverage speaks of: the date-window lists, per-booking records and the reference lists a document reads. */
export const COVERAGE_RESOURCES = [
  'bookings',
  'cleaning',
  'maintenance',
  'incidents',
  'blocks',
  'guests',
  'threads',
  'prices',
  'listings',
  'owners',
  'costs',
  'admins',
] as const;
export type CoverageResource = (typeof COVERAGE_RESOURCES)[number];

/** One part of what is missing: a resource over dates, for some listings (or all), or for some bookings. */
export const coverageGap = z.object({
  resource: z.enum(COVERAGE_RESOURCES),
  /** The days never fetched whole (inclusive); null for resources without dates. */
  from: nullable(isoDate),
  to: nullable(isoDate),
  /** The listings concerned; null: every listing (or a list that is not per listing). */
  listingIds: nullable(z.array(z.number().int())),
  /** Per-booking records (guests, messages): the bookings whose records were never received. */
  bookingNumbers: nullable(z.array(z.number().int())),
});
export type CoverageGap = z.output<typeof coverageGap>;

/** Whether the person's fetch can run now: 'offline' (server unreachable), 'budget' (no requests left this hour), 'signedOut'. */
export const FETCH_READINESS = ['ready', 'offline', 'budget', 'signedOut'] as const;
export type FetchReadiness = (typeof FETCH_READINESS)[number];

export const coverageAnswer = z.object({
  /** Every part received whole. */
  complete: z.boolean(),
  /** The oldest of the newest complete fetches the answer relies on; null when a part was never received. */
  asOf: nullable(instant),
  /** Per resource read (the board words each of its figures from these). */
  resources: z.array(
    z.object({ resource: z.enum(COVERAGE_RESOURCES), complete: z.boolean(), asOf: nullable(instant) }),
  ),
  gaps: z.array(coverageGap),
  /** Requests the fetch of the gaps takes (as far as known now). */
  requests: z.number().int().nonnegative(),
  /** More requests may follow once these are in (the guests of bookings not known yet). */
  more: z.boolean(),
  /** About how long those requests take, from the request latency observed (ms). */
  estimateMs: z.number().int().nonnegative(),
  fetch: z.enum(FETCH_READINESS),
  /** 'budget': when there is room again; 'offline': since when the server is unreachable. */
  until: nullable(instant),
  /** Requests the person may still make this hour (null: not signed in). */
  room: nullable(z.number().int().nonnegative()),
});
export type CoverageAnswer = z.output<typeof coverageAnswer>;

export const FETCH_OUTCOMES = ['fetched', 'offline', 'budget', 'failed'] as const;
export type FetchOutcome = (typeof FETCH_OUTCOMES)[number];

export const coverageFetched = z.object({
  /** Per gap asked for: what became of its fetch (`reason`: the error's code when it failed). */
  parts: z.array(
    z.object({ gap: coverageGap, outcome: z.enum(FETCH_OUTCOMES), reason: nullable(z.enum(ERROR_CODES)) }),
  ),
  /** Requests made. */
  requests: z.number().int().nonnegative(),
  ms: z.number().int().nonnegative(),
  /** Coverage once the fetch is over. */
  after: coverageAnswer,
});
export type CoverageFetched = z.output<typeof coverageFetched>;

/** What coverage is asked of: a document (with the very input its command takes) or a screen's data. */
export const coverageSubject = z.discriminatedUnion('of', [
  z.strictObject({ of: z.literal('documents.ownerStatement'), input: ownerStatementInput }),
  z.strictObject({ of: z.literal('documents.daySheet'), input: daySheetInput }),
  z.strictObject({ of: z.literal('documents.registration'), input: registrationDocInput }),
  z.strictObject({ of: z.literal('documents.exportCsv'), input: exportInput }),
  /** The Today board of a date: bookings, cleaning, maintenance of the day and the open incidents. */
  z.strictObject({ of: z.literal('board'), date: wDate }),
  /** The calendar's window for the listings in view: bookings and blocks. */
  z
    .strictObject({
      of: z.literal('calendar'),
      from: wDate,
      to: wDate,
      listingIds: z.array(serverId).max(5000, { error: 'at most 5000 listings at a time' }),
    })
    .refine((s) => s.to >= s.from, { error: '"to" cannot be before "from"', path: ['to'] }),
  /** A booking's message threads. */
  z.strictObject({ of: z.literal('messages'), bookingNumber: recordId }),
]);
export type CoverageSubject = z.input<typeof coverageSubject>;
export type CoverageSubjectArgs = z.output<typeof coverageSubject>;

export const coverageCommands = {
  'coverage.check': command(
    'Whether what a document or a screen needs was received whole from the server; what is missing, and what fetching it costs (requests, time).',
    coverageSubject,
    coverageAnswer,
  ),
  'coverage.fetch': command(
    "Fetches what a document or a screen is missing at the person's priority, through the request budget; per part: fetched, offline, out of budget or failed.",
    coverageSubject,
    coverageFetched,
  ),
} as const;
