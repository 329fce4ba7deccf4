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
  BoardRow,
  BookingListItem,
  CleaningRecord,
  CostRecord,
  IncidentRecord,
  MaintenanceRecord,
  PriceCell,
} from '../../shared/contract';
import type { z } from 'zod';
import type { exportInput } from '../../shared/contract/commands/documents';
import type { ReadableDB } from '../cache/db';
import * as q from '../cache/queries';
import { toCsv, type CsvColumn } from './csv';
import type { MadeFile } from './file';
import { changeWord, departmentWord, numbered, wordsFor, type Say, type WordKey } from './words';

type Args = z.output<typeof exportInput>;
type Names = (id: number | null) => string;

const hm = (t: string | null | undefined) => (t ? t.slice(0, 5) : '');
const yesNo = (say: Say, v: boolean) => say(v ? 'yes' : 'no');
const join = (parts: readonly (string | null | undefined | false)[], sep = ' · ') => parts.filter(Boolean).join(sep);

function boardColumns(): CsvColumn<BoardRow>[] {
  return [
    { header: 'col.listing', cell: (r) => r.listing.name },
    { header: 'col.city', cell: (r) => r.listing.city },
    {
      header: 'col.departures',
      cell: (r, say) =>
        join(
          r.departures.map((b) =>
            join([hm(b.departure_time), `#${b.booking_number}`, b.customer_name, changeWord(say, b.outbox)], ' '),
          ),
          ' | ',
        ),
    },
    {
      header: 'col.cleaning',
      cell: (r, say) =>
        join(
          r.cleaning.map((c) =>
            join(
              [
                hm(c.time),
                numbered(say, 'status', c.status),
                c.inspected ? say('sheet.inspected') : say('sheet.notInspected'),
                changeWord(say, c.outbox),
              ],
              ' ',
            ),
          ),
          ' | ',
        ),
    },
    {
      header: 'col.maintenance',
      cell: (r, say) =>
        join(
          r.maintenance.map((m) =>
            join(
              [
                hm(m.hour),
                m.type === 1 ? say('sheet.exitCheck') : say('sheet.entryCheck'),
                m.inspected ? say('sheet.inspected') : say('sheet.notInspected'),
                changeWord(say, m.outbox),
              ],
              ' ',
            ),
          ),
          ' | ',
        ),
    },
    {
      header: 'col.arrivals',
      cell: (r, say) =>
        join(
          r.arrivals.map((b) =>
            join(
              [
                hm(b.arrival_time),
                `#${b.booking_number}`,
                b.customer_name,
                `${b.adults}+${b.children}`,
                changeWord(say, b.outbox),
              ],
              ' ',
            ),
          ),
          ' | ',
        ),
    },
    {
      header: 'col.incidents',
      cell: (r, say) =>
        join(
          r.incidents.map((i) => `${numbered(say, 'priority', i.priority)}: ${i.subtitle ?? i.note}`),
          ' | ',
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
    { header: 'col.booking', cell: (b) => b.booking_number },
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

function cleaningColumns(name: Names): CsvColumn<CleaningRecord>[] {
  return [
    { header: 'col.date', cell: (c) => c.date },
    { header: 'col.time', cell: (c) => hm(c.time) },
    { header: 'col.listing', cell: (c) => name(c.listing_id) },
    { header: 'col.status', cell: (c, say) => numbered(say, 'status', c.status) },
    { header: 'col.duration', cell: (c) => hm(c.duration) },
    { header: 'col.inspected', cell: (c, say) => yesNo(say, c.inspected) },
    { header: 'col.booking', cell: (c) => c.booking_id },
    { header: 'col.notes', cell: (c) => c.notes },
    { header: 'col.changeState', cell: (c, say) => changeWord(say, c.outbox) },
  ];
}

function maintenanceColumns(name: Names): CsvColumn<MaintenanceRecord>[] {
  return [
    { header: 'col.date', cell: (m) => m.date },
    { header: 'col.time', cell: (m) => hm(m.hour) },
    { header: 'col.listing', cell: (m) => name(m.listing_id) },
    // The maintenance screen's words for the type (the board says "Entry check" / "Exit check").
    { header: 'col.type', cell: (m, say) => numbered(say, 'maintenanceType', m.type) },
    { header: 'col.duration', cell: (m) => hm(m.duration) },
    { header: 'col.inspected', cell: (m, say) => yesNo(say, m.inspected) },
    { header: 'col.inspectionDate', cell: (m) => m.inspection_date },
    { header: 'col.booking', cell: (m) => m.booking_id },
    { header: 'col.notes', cell: (m) => m.notes },
    { header: 'col.changeState', cell: (m, say) => changeWord(say, m.outbox) },
  ];
}

function incidentColumns(name: Names): CsvColumn<IncidentRecord>[] {
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

function costColumns(owner: Names): CsvColumn<CostRecord>[] {
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

/** The file name: the list and the window or day it covers. */
function fileName(say: Say, what: WordKey, span: string): string {
  return `${say(what)}${span ? `-${span}` : ''}.csv`;
}

const spanOf = (w: { from: string; to: string }) => (w.from === w.to ? w.from : `${w.from}_${w.to}`);

export function exportList(db: ReadableDB, input: Args): MadeFile {
  const say = wordsFor(input.locale);
  const made = (bytes: Uint8Array, filename: string): MadeFile => ({ filename, mime: 'text/csv;charset=utf-8', bytes });
  switch (input.list) {
    case 'board': {
      const rows = q.boardDay(db, input.query).rows;
      return made(toCsv(boardColumns(), rows, input.locale), fileName(say, 'file.board', input.query.date));
    }
    case 'bookings': {
      const rows = q.listBookings(db, input.query);
      const what =
        input.query.kind === 'arrivals'
          ? 'file.arrivals'
          : input.query.kind === 'departures'
            ? 'file.departures'
            : 'file.bookings';
      return made(toCsv(bookingColumns(), rows, input.locale), fileName(say, what, spanOf(input.query)));
    }
    case 'cleaning':
      return made(
        toCsv(cleaningColumns(listingNames(db)), q.listCleaning(db, input.query), input.locale),
        fileName(say, 'file.cleaning', spanOf(input.query)),
      );
    case 'maintenance':
      return made(
        toCsv(maintenanceColumns(listingNames(db)), q.listMaintenance(db, input.query), input.locale),
        fileName(say, 'file.maintenance', spanOf(input.query)),
      );
    case 'incidents':
      return made(
        toCsv(incidentColumns(listingNames(db)), q.listIncidents(db, input.query), input.locale),
        fileName(say, 'file.incidents', spanOf(input.query)),
      );
    case 'prices': {
      const grid = q.priceGrid(db, input.query);
      const rows = (grid?.rates ?? []).flatMap((r, i) => grid!.days[i]!.map((c) => ({ ...c, rate: r.name })));
      return made(toCsv(priceColumns(), rows, input.locale), fileName(say, 'file.prices', spanOf(input.query)));
    }
    case 'costs':
      return made(
        toCsv(costColumns(ownerNames(db)), q.listCosts(db, input.query), input.locale),
        fileName(say, 'file.costs', ''),
      );
    case 'admins':
      return made(toCsv(adminColumns(), q.listAdmins(db, input.query), input.locale), fileName(say, 'file.admins', ''));
    case 'openIncidents':
      return made(
        toCsv(incidentColumns(listingNames(db)), q.listOpenIncidents(db, input.query), input.locale),
        fileName(say, 'file.openIncidents', ''),
      );
  }
}
