// Paper and spreadsheets: the day sheet PDF and the CSV export of every list,
// both made on the main side from the local cache (they work offline) and
// handed back as a file (bytes in base64 + a name) that the renderer saves.
// An export names its list and carries the very input that list's read
// command takes, validated by that command's own schema: what is exported is
// what the screen shows, with its filters.
import { z } from 'zod';
import { wDate, wText } from '../../api/primitives';
import { command } from '../define';
import { recordId, serverId } from '../primitives';
import { locale } from '../status';
import { readCommands } from './reads';

/** A file made on the main side: its name, its type and its bytes (base64, the bridge carries JSON). */
export const paperFile = z.object({
  filename: z.string().min(1).max(200),
  mime: z.enum(['application/pdf', 'text/csv;charset=utf-8']),
  base64: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/),
});
export type PaperFile = z.output<typeof paperFile>;

export const daySheetInput = z.strictObject({
  date: wDate,
  city: wText(120).optional(),
  destination: serverId.optional(),
  listingIds: z.array(serverId).max(5000, { error: 'at most 5000 listings at a time' }).optional(),
  /** Opening codes, key numbers and wifi passwords: printed only when the person asked for them. */
  includeSecrets: z.boolean().default(false),
  /** The UI language: the sheet's words and dates. */
  locale,
});
export type DaySheetInput = z.input<typeof daySheetInput>;

/**
 * The police registration papers: the cards of a booking's guests (one page
 * each, blank ones for guests not registered yet; `guestId` for one guest) or
 * the list of a day's arrivals with their guests. Document details are printed
 * (the police form needs them); access codes and card data never.
 */
export const registrationDocInput = z.discriminatedUnion('document', [
  z.strictObject({ document: z.literal('cards'), bookingNumber: recordId, guestId: recordId.optional(), locale }),
  z.strictObject({
    document: z.literal('dayList'),
    date: wDate,
    listingIds: z.array(serverId).max(5000, { error: 'at most 5000 listings at a time' }).optional(),
    locale,
  }),
]);
export type RegistrationDocInput = z.input<typeof registrationDocInput>;

/** Every list that exports, with the read command whose input (the screen's filters) it takes. */
export const EXPORT_LISTS = {
  board: 'board.day',
  bookings: 'bookings.list',
  cleaning: 'cleaning.list',
  maintenance: 'maintenance.list',
  incidents: 'incidents.list',
  openIncidents: 'incidents.open',
  prices: 'prices.grid',
  costs: 'costs.list',
  admins: 'admins.list',
} as const;
export type ExportList = keyof typeof EXPORT_LISTS;

const exportOf = <L extends ExportList, Q extends z.ZodType>(list: L, query: Q) =>
  z.strictObject({ list: z.literal(list), query, locale });
const read = readCommands;

export const exportInput = z.discriminatedUnion('list', [
  exportOf('board', read[EXPORT_LISTS.board].input),
  exportOf('bookings', read[EXPORT_LISTS.bookings].input),
  exportOf('cleaning', read[EXPORT_LISTS.cleaning].input),
  exportOf('maintenance', read[EXPORT_LISTS.maintenance].input),
  exportOf('incidents', read[EXPORT_LISTS.incidents].input),
  exportOf('openIncidents', read[EXPORT_LISTS.openIncidents].input),
  exportOf('prices', read[EXPORT_LISTS.prices].input),
  exportOf('costs', read[EXPORT_LISTS.costs].input),
  exportOf('admins', read[EXPORT_LISTS.admins].input),
]);
export type ExportInput = z.input<typeof exportInput>;

export const ownerStatementInput = z.strictObject({
  id: recordId,
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Enter a real month' }),
  format: z.enum(['pdf', 'csv']),
  locale,
});

export const documentCommands = {
  'documents.ownerStatement': command(
    "An owner's statement for a month (PDF or CSV) from the local data: listings with the nights booked, and the owner's costs (undated in the API: all of them).",
    ownerStatementInput,
    paperFile,
  ),
  'documents.daySheet': command(
    'The printable day sheet (PDF) of a date from the local data: per listing in route order, departures, cleaning, maintenance, arrivals and open incidents with tick boxes; access codes only when asked.',
    daySheetInput,
    paperFile,
  ),
  'documents.registration': command(
    "Printable guest registration (PDF) from the local data: the cards of a booking's guests with a signature line, or the list of a day's arrivals with their guests' documents and registration state.",
    registrationDocInput,
    paperFile,
  ),
  'documents.exportCsv': command(
    'A list as a CSV file, with the filters the screen shows (UTF-8 with BOM; ";" in Spanish and Catalan, "," in English); never secrets.',
    exportInput,
    paperFile,
  ),
} as const;
