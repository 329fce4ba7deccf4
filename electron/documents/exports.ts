// The CSV export of every list: per list, the cache query its screen reads
// (the same function the read command runs, with the same validated filters)
// and a column spec. Made on the main side rather than from the renderer's
// rows because (1) the renderer is untrusted and the column spec is where we
// guarantee no secret (opening code, key numbers, wifi password, card data)
// ever reaches a file, (2) it exports every row the filters select, not only
// the rows a virtualised list happens to hold, and (3) the day sheet already
// needs the document words here. Every column also says the fate of a local
// change ("Waiting to send"…), as the screen does beside the value.
import type {
  AdminRecord,
  ExportList,
  Locale,
  BoardRow,
  BookingListItem,
  CleaningRecord,
  CostRecord,
  IncidentRecord,
  MaintenanceRecord,
  OutboxMark,
  PriceCell,
} from '../../shared/contract';
import type { z } from 'zod';
import type { exportInput } from '../../shared/contract/commands/documents';
import type { ReadableDB } from '../cache/db';
import * as q from '../cache/queries';
import { toCsv, type CsvColumn } from './csv';
import type { MadeFile } from './file';
import { csvNote, fileMark, type Received } from './incomplete';
import { bookingNumberCell, changeWord, departmentWord, numbered, wordsFor, type Say, type WordKey } from './words';

type Args = z.output<typeof exportInput>;
type Names = (id: number | null) => string;

const hm = (t: string | null | undefined) => (t ? t.slice(0, 5) : '');
const yesNo = (say: Say, v: boolean) => say(v ? 'yes' : 'no');
type Parts = readonly (string | null | undefined | false)[];
const join = (parts: Parts, sep = ' · ') => parts.filter(Boolean).join(sep);

/** A board cell listing the day's items of one kind, each as its parts in a row ("08:00 #123 Ana Pérez | …"). */
function itemsCell<T>(
  items: (r: BoardRow) => readonly T[],
  parts: (item: T, say: Say) => Parts,
): CsvColumn<BoardRow>['cell'] {
  return (r, say) =>
    join(
      items(r).map((item) => join(parts(item, say), ' ')),
      ' | ',
    );
}

/** A task's time, what is known of its inspection, and the fate of my change to it. */
const taskParts = (
  say: Say,
  task: { inspected: boolean; outbox: OutboxMark },
  time: string | null,
  what: string,
): Parts => [
  hm(time),
  what,
  task.inspected ? say('sheet.inspected') : say('sheet.notInspected'),
  changeWord(say, task.outbox),
];

/** "#1042" in a board cell; a booking taken here and not yet in the PMS says so. */
const numberTag = (say: Say, n: number) => (n < 0 ? say('reg.localBooking') : `#${n}`);

function boardColumns(): CsvColumn<BoardRow>[] {
  return [
    { header: 'col.listing', cell: (r) => r.listing.name },
    { header: 'col.city', cell: (r) => r.listing.city },
    {
      header: 'col.departures',
      cell: itemsCell(
        (r) => r.departures,
        (b, say) => [
          hm(b.departure_time),
          numberTag(say, b.booking_number),
          b.customer_name,
          changeWord(say, b.outbox),
        ],
      ),
    },
    {
      header: 'col.cleaning',
      cell: itemsCell(
        (r) => r.cleaning,
        // As the screen: status, time · duration.
        (c, say) => taskParts(say, c, c.time, join([numbered(say, 'status', c.status), hm(c.duration)], ' · ')),
      ),
    },
    {
      header: 'col.maintenance',
      cell: itemsCell(
        (r) => r.maintenance,
        (m, say) => taskParts(say, m, m.hour, m.type === 1 ? say('sheet.exitCheck') : say('sheet.entryCheck')),
      ),
    },
    {
      header: 'col.arrivals',
      cell: itemsCell(
        (r) => r.arrivals,
        (b, say) => [
          hm(b.arrival_time),
          numberTag(say, b.booking_number),
          b.customer_name,
          // As the screen: guests registered of those expected (adults + children), "3/3".
          say('board.guestsRegistered', { registered: b.guests_registered, expected: b.adults + b.children }),
          changeWord(say, b.outbox),
        ],
      ),
    },
    {
      header: 'col.incidents',
      cell: itemsCell(
        (r) => r.incidents,
        (i, say) => [`${numbered(say, 'priority', i.priority)}: ${i.subtitle ?? i.note}`],
      ),
    },
    { header: 'col.ready', cell: (r, say) => (r.readiness ? yesNo(say, r.readiness.ready) : '') },
    {
      header: 'col.notReadyBecause',
      cell: (r, say) => (r.readiness ? r.readiness.blockers.map((b) => say(`blocker.${b}`)).join(', ') : ''),
    },
  ];
}

function bookingColumns(): CsvColumn<BookingListItem>[] {
  return [
    { header: 'col.booking', cell: (b, say) => bookingNumberCell(say, b.booking_number) },
    { header: 'col.bookingState', cell: (b, say) => numbered(say, 'bookingState', b.state) },
    { header: 'col.listing', cell: (b) => b.listing_name },
    { header: 'col.customer', cell: (b) => b.customer_name },
    { header: 'col.arrival', cell: (b) => b.start_date },
    { header: 'col.arrivalTime', cell: (b) => hm(b.arrival_time) },
    { header: 'col.departure', cell: (b) => b.end_date },
    { header: 'col.departureTime', cell: (b) => hm(b.departure_time) },
    { header: 'col.adults', cell: (b) => b.adults },
    { header: 'col.children', cell: (b) => b.children },
    { header: 'col.infants', cell: (b) => b.infants },
    { header: 'col.guestsRegistered', cell: (b) => b.guests_registered },
    { header: 'col.total', cell: (b) => ({ money: b.total }) },
    { header: 'col.paid', cell: (b) => ({ money: b.paid }) },
    { header: 'col.notes', cell: (b) => b.notes },
    { header: 'col.changeState', cell: (b, say) => changeWord(say, b.outbox) },
  ];
}

/** What a cleaning and a maintenance task both have: their lists share these columns. */
type Task = Pick<CleaningRecord, 'date' | 'listing_id' | 'duration' | 'inspected' | 'booking_id' | 'notes' | 'outbox'>;

/** A task list's columns: the shared ones around the task's own time, kind and inspection columns. */
function taskColumns<T extends Task>(
  db: ReadableDB,
  own: { time: (t: T) => string | null; kind: CsvColumn<T>; inspection?: CsvColumn<T> },
): CsvColumn<T>[] {
  const name = listingNames(db);
  return [
    { header: 'col.date', cell: (t) => t.date },
    { header: 'col.time', cell: (t) => hm(own.time(t)) },
    { header: 'col.listing', cell: (t) => name(t.listing_id) },
    own.kind,
    { header: 'col.duration', cell: (t) => hm(t.duration) },
    { header: 'col.inspected', cell: (t, say) => yesNo(say, t.inspected) },
    ...(own.inspection ? [own.inspection] : []),
    { header: 'col.booking', cell: (t) => t.booking_id },
    { header: 'col.notes', cell: (t) => t.notes },
    { header: 'col.changeState', cell: (t, say) => changeWord(say, t.outbox) },
  ];
}

const cleaningColumns = (db: ReadableDB) =>
  taskColumns<CleaningRecord>(db, {
    time: (c) => c.time,
    kind: { header: 'col.status', cell: (c, say) => numbered(say, 'status', c.status) },
  });

const maintenanceColumns = (db: ReadableDB) =>
  taskColumns<MaintenanceRecord>(db, {
    time: (m) => m.hour,
    // The maintenance screen's words for the type (the board says "Entry check" / "Exit check").
    kind: { header: 'col.type', cell: (m, say) => numbered(say, 'maintenanceType', m.type) },
    inspection: { header: 'col.inspectionDate', cell: (m) => m.inspection_date },
  });

function incidentColumns(db: ReadableDB): CsvColumn<IncidentRecord>[] {
  const name = listingNames(db);
  return [
    { header: 'col.priority', cell: (i, say) => numbered(say, 'priority', i.priority) },
    // "YYYY-MM-DD HH:MM:SS" → ISO date and time.
    { header: 'col.date', cell: (i) => i.date.slice(0, 10) },
    { header: 'col.time', cell: (i) => i.date.slice(11, 16) },
    { header: 'col.title', cell: (i) => i.subtitle },
    { header: 'col.description', cell: (i) => i.note },
    { header: 'col.listings', cell: (i) => i.properties.map((p) => name(p.listing_id)).join(' | ') },
    {
      header: 'col.finished',
      cell: (i) =>
        i.properties
          .map((p) => (p.finished ? (p.finish_date ?? '✓') : ''))
          .filter(Boolean)
          .join(' | '),
    },
    { header: 'col.changeState', cell: (i, say) => changeWord(say, i.outbox) },
  ];
}

/** A listing's daily prices: one row per rate and day, as the price grid shows them (my unsent changes included). */
function priceColumns(): CsvColumn<PriceCell & { rate: string }>[] {
  return [
    { header: 'col.rate', cell: (c) => c.rate },
    { header: 'col.date', cell: (c) => c.date },
    { header: 'col.price', cell: (c) => ({ money: c.price }) },
    { header: 'col.minStay', cell: (c) => c.min_days },
    { header: 'col.maxStay', cell: (c) => c.max_days },
    { header: 'col.open', cell: (c, say) => yesNo(say, c.active) },
    { header: 'col.cta', cell: (c, say) => yesNo(say, c.cta) },
    { header: 'col.ctd', cell: (c, say) => yesNo(say, c.ctd) },
    { header: 'col.changeState', cell: (c, say) => (c.state ? say(`outbox.${c.state}`) : '') },
  ];
}

function costColumns(db: ReadableDB): CsvColumn<CostRecord>[] {
  const owner = ownerNames(db);
  return [
    { header: 'col.owner', cell: (c) => owner(c.owner_id) },
    { header: 'col.concept', cell: (c) => c.concept },
    { header: 'col.amount', cell: (c) => ({ money: c.amount }) },
    { header: 'col.changeState', cell: (c, say) => changeWord(say, c.outbox) },
  ];
}

/** An owner as the screens name them: the person, then the company. */
export function ownerNames(db: ReadableDB): Names {
  const byId = new Map(q.listOwners(db).map((o) => [o.id, join([o.name, o.company_name]) || `#${o.id}`]));
  return (id) => (id === null ? '' : (byId.get(id) ?? `#${id}`));
}

/** Intranet users: who they are and how to reach them (no date of birth or home address; never a password). */
function adminColumns(): CsvColumn<AdminRecord>[] {
  return [
    { header: 'col.department', cell: (a, say) => departmentWord(say, a.department) },
    { header: 'col.firstName', cell: (a) => a.name },
    { header: 'col.lastName', cell: (a) => a.last_name },
    { header: 'col.username', cell: (a) => a.username },
    {
      header: 'col.userType',
      cell: (a, say) =>
        a.user_type === 'External' ? say('userType.External') : a.user_type ? say('userType.Internal') : '',
    },
    { header: 'col.language', cell: (a) => a.iso_lang },
    { header: 'col.active', cell: (a, say) => yesNo(say, a.active) },
    { header: 'col.email', cell: (a) => a.email },
    { header: 'col.phone', cell: (a) => a.phone },
    { header: 'col.city', cell: (a) => a.city },
    { header: 'col.changeState', cell: (a, say) => changeWord(say, a.outbox) },
  ];
}

function listingNames(db: ReadableDB): Names {
  const byId = new Map(q.listListings(db).map((l) => [l.id, l.name]));
  return (id) => (id === null ? '' : (byId.get(id) ?? `#${id}`));
}

const spanOf = (w: { from: string; to: string }) => (w.from === w.to ? w.from : `${w.from}_${w.to}`);

type QueryOf<L extends ExportList> = Extract<Args, { list: L }>['query'];

/** One list's export: the rows its screen reads, their columns, and the file's name (the list and the window or day it covers). */
interface ListExport<Q, R> {
  rows(db: ReadableDB, query: Q): readonly R[];
  columns(db: ReadableDB): CsvColumn<R>[];
  file: WordKey | ((query: Q) => WordKey);
  span?: (query: Q) => string;
}

/**
 * The one CSV writer of every list: its rows under its columns, in a file named by its word and span.
 * Incomplete (something it reads was never received): the file's name says so, and so do its first lines.
 */
const listExport =
  <Q, R>(spec: ListExport<Q, R>) =>
  (db: ReadableDB, query: Q, locale: Locale, missing: Missing): MadeFile => {
    const say = wordsFor(locale);
    const what = typeof spec.file === 'string' ? spec.file : spec.file(query);
    const span = spec.span?.(query) ?? '';
    const note = csvNote(db, say, locale, missing);
    return {
      filename: `${say(what)}${span ? `-${span}` : ''}${fileMark(say, missing)}.csv`,
      mime: 'text/csv;charset=utf-8',
      bytes: toCsv(spec.columns(db), spec.rows(db, query), locale, note),
    };
  };

type Missing = Received['missing'];

const EXPORTS: {
  [L in ExportList]: (db: ReadableDB, query: QueryOf<L>, locale: Locale, missing: Missing) => MadeFile;
} = {
  board: listExport({
    rows: (db, query) => q.boardDay(db, query).rows,
    columns: boardColumns,
    file: 'file.board',
    span: (query) => query.date,
  }),
  bookings: listExport({
    rows: q.listBookings,
    columns: bookingColumns,
    file: (query) =>
      query.kind === 'arrivals' ? 'file.arrivals' : query.kind === 'departures' ? 'file.departures' : 'file.bookings',
    span: spanOf,
  }),
  cleaning: listExport({
    rows: q.listCleaning,
    columns: cleaningColumns,
    file: 'file.cleaning',
    span: spanOf,
  }),
  maintenance: listExport({
    rows: q.listMaintenance,
    columns: maintenanceColumns,
    file: 'file.maintenance',
    span: spanOf,
  }),
  incidents: listExport({
    rows: q.listIncidents,
    columns: incidentColumns,
    file: 'file.incidents',
    span: spanOf,
  }),
  openIncidents: listExport({
    rows: q.listOpenIncidents,
    columns: incidentColumns,
    file: 'file.openIncidents',
  }),
  prices: listExport({
    rows: (db, query: QueryOf<'prices'>) => {
      const grid = q.priceGrid(db, query);
      return (grid?.rates ?? []).flatMap((r, i) => grid!.days[i]!.map((c) => ({ ...c, rate: r.name })));
    },
    columns: priceColumns,
    file: 'file.prices',
    span: spanOf,
  }),
  costs: listExport({ rows: q.listCosts, columns: costColumns, file: 'file.costs' }),
  admins: listExport({ rows: q.listAdmins, columns: adminColumns, file: 'file.admins' }),
};

/** `received`: what the coverage check found (absent: not checked). */
export function exportList(db: ReadableDB, input: Args, received?: Received): MadeFile {
  // TypeScript cannot tie `input.query` to `input.list` through the table's index; EXPORTS's type ties them per list.
  const write = EXPORTS[input.list] as (
    db: ReadableDB,
    query: Args['query'],
    locale: Locale,
    missing: Missing,
  ) => MadeFile;
  return write(db, input.query, input.locale, received?.missing ?? []);
}
