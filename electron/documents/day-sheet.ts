// The day sheet: a printable PDF of one date for the people in the field —
// per listing in route order (city, then name) the departure, the cleaning
// (status, time, duration, notes), maintenance, the arrival with its party,
// the open incidents, each with a tick box. It reads the local cache only
// (the board's own query), so it prints offline.
//
// ONE code path: the document is made by pdfkit here, in the main process, for
// the Electron shell and the web host alike, and handed to the renderer as
// bytes. The issue asked for "Electron's print-to-PDF where it runs; a PDF
// library in plain Node for the web host — one code path that produces the same
// document". Printing a page to PDF in Electron would need a second layout (an
// HTML page) that the web host cannot run, so two paths would make two
// documents; pdfkit runs in plain Node inside both, so both hosts produce the
// same bytes from the same code, testable here without an Electron binary.
//
// Secrets (opening codes, key numbers, wifi passwords) are read from the cache
// only when the person ticked "include access codes": without it no query
// touches those fields. Nothing here logs any content.
import type { BoardRow, Locale } from '../../shared/contract';
import { DateFormat } from '../../shared/date-format';
import type { ReadableDB } from '../cache/db';
import * as q from '../cache/queries';
import { fetchedCovering } from '../cache/state';
import type { MadeFile } from './file';
import { fileMark, missingLines, titled, type Received } from './incomplete';
import { PdfSheet, TICK, type Column, type Row } from './pdf';
import { LOCALE_TAG, bookingTitle, changeWord, numbered, party, wordsFor, type Say } from './words';

export interface DaySheetInput {
  date: string;
  city?: string | undefined;
  destination?: number | undefined;
  listingIds?: readonly number[] | undefined;
  includeSecrets: boolean;
  locale: Locale;
  /** What the coverage check found (absent: "last received" from the cache's own record only). */
  received?: Received | undefined;
}

interface Secrets {
  listing: { key_number: string | null; wifi_network: string | null; wifi_password: string | null } | null;
  bookings: Map<number, { opening_code: string | null; key_numbers: string | null }>;
}

/** The board's rows for the sheet: its filters, then route order (city, then name). */
export function sheetRows(db: ReadableDB, input: DaySheetInput): BoardRow[] {
  const board = q.boardDay(db, {
    date: input.date,
    city: input.city,
    destination: input.destination,
    onlyActive: true,
  });
  const only = input.listingIds?.length ? new Set(input.listingIds) : null;
  const collator = new Intl.Collator(LOCALE_TAG[input.locale], { sensitivity: 'base', numeric: true });
  return board.rows
    .filter((r) => !only || only.has(r.listing.id))
    .sort(
      (a, b) =>
        collator.compare(a.listing.city.trim(), b.listing.city.trim()) ||
        collator.compare(a.listing.name, b.listing.name),
    );
}

/** Infants are not on the board's slim booking: one field of the stored record (the access codes beside it are not read). */
function infantsOf(db: ReadableDB, bookingNumber: number): number {
  const r = db.get<{ n: number | null }>(
    "SELECT json_extract(data, '$.infants') AS n FROM bookings WHERE booking_number = ?",
    [bookingNumber],
  );
  return typeof r?.n === 'number' ? r.n : 0;
}

function secretsOf(db: ReadableDB, row: BoardRow): Secrets {
  const detail = q.getListingDetail(db, row.listing.id);
  const bookings = new Map<number, { opening_code: string | null; key_numbers: string | null }>();
  for (const b of row.arrivals) {
    const full = q.getBooking(db, b.booking_number);
    bookings.set(b.booking_number, {
      opening_code: full?.opening_code ?? null,
      key_numbers: full?.key_numbers ?? null,
    });
  }
  const l = detail?.listing;
  return {
    listing: l ? { key_number: l.key_number, wifi_network: l.wifi_network, wifi_password: l.wifi_password } : null,
    bookings,
  };
}

/** When the day's bookings and tasks were last received: the oldest of the newest complete fetch per kind covering the date. */
function receivedAt(db: ReadableDB, date: string): number | null {
  let oldest: number | null = null;
  for (const kind of ['bookings', 'cleaning', 'maintenance']) {
    const at = fetchedCovering(db, kind, date, date);
    if (at === null) return null;
    oldest = oldest === null ? at : Math.min(oldest, at);
  }
  return oldest;
}

const hm = (t: string | null | undefined) => (t ? t.slice(0, 5) : '');

function duration(hhmm: string | null): string {
  if (!hhmm) return '';
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  if (!h) return `${m} min`;
  return m ? `${h} h ${m} min` : `${h} h`;
}

const join = (parts: readonly (string | null | undefined | false)[]) => parts.filter(Boolean).join(' · ');

interface Writing {
  say: Say;
  locale: Locale;
  /** Null unless the person asked for access codes. */
  secrets: Secrets | null;
  dateOf: (d: string) => string;
}

function listingRows(db: ReadableDB, row: BoardRow, w: Writing): Row[] {
  const { say, locale, secrets, dateOf } = w;
  const rows: Row[] = [];
  for (const d of row.departures)
    rows.push({
      cells: [
        TICK,
        say('sheet.departure'),
        hm(d.departure_time),
        join([bookingTitle(say, d.booking_number), d.customer_name, changeWord(say, d.outbox)]),
      ],
    });
  for (const c of row.cleaning)
    rows.push({
      cells: [
        TICK,
        say('sheet.cleaning'),
        hm(c.time),
        join([
          numbered(say, 'status', c.status),
          duration(c.duration),
          c.inspected ? say('sheet.inspected') : say('sheet.notInspected'),
          changeWord(say, c.outbox),
          c.notes.trim(),
        ]),
      ],
    });
  for (const m of row.maintenance)
    rows.push({
      cells: [
        TICK,
        say('sheet.maintenance'),
        hm(m.hour),
        join([
          m.type === 1 ? say('sheet.exitCheck') : say('sheet.entryCheck'),
          m.inspected ? say('sheet.inspected') : say('sheet.notInspected'),
          changeWord(say, m.outbox),
          m.notes.trim(),
        ]),
      ],
    });
  for (const a of row.arrivals) {
    const codes = secrets?.bookings.get(a.booking_number);
    rows.push({
      cells: [
        TICK,
        say('sheet.arrival'),
        hm(a.arrival_time),
        join([
          bookingTitle(say, a.booking_number),
          a.customer_name,
          party(say, locale, { adults: a.adults, children: a.children, infants: infantsOf(db, a.booking_number) }),
          codes?.opening_code && say('sheet.openingCode', { v: codes.opening_code }),
          codes?.key_numbers && say('sheet.keyNumbers', { v: codes.key_numbers }),
          changeWord(say, a.outbox),
        ]),
      ],
    });
  }
  for (const i of row.incidents)
    rows.push({
      cells: [
        TICK,
        `${say('sheet.incident')} · ${numbered(say, 'priority', i.priority)}`,
        '',
        join([i.subtitle, i.note.trim(), say('sheet.since', { date: dateOf(i.date.slice(0, 10)) })]),
      ],
    });
  const l = secrets?.listing;
  if (l && (l.key_number || l.wifi_password || l.wifi_network))
    rows.push({
      cells: [
        '',
        say('sheet.access'),
        '',
        join([
          l.key_number && say('sheet.keyNumber', { v: l.key_number }),
          (l.wifi_network || l.wifi_password) &&
            say('sheet.wifi', { network: l.wifi_network ?? '—', password: l.wifi_password ?? '—' }),
        ]),
      ],
    });
  return rows;
}

export async function daySheet(
  db: ReadableDB,
  input: DaySheetInput,
  extra: { destinationName?: string | null; now?: Date } = {},
): Promise<MadeFile> {
  const say = wordsFor(input.locale);
  const tag = LOCALE_TAG[input.locale];
  const now = extra.now ?? new Date();
  // Dates as the screens write them (shared/date-format.ts), the year when not the one it was printed in.
  const dates = new DateFormat(tag, () => now);
  const longDate = dates.date(input.date, 'long');
  const shortDate = (d: string) => dates.date(d, 'medium');
  const stamp = (ms: number) => dates.dateTime(ms);
  const rows = sheetRows(db, input);
  const missing = input.received?.missing ?? [];
  const fresh = input.received ? input.received.asOf : receivedAt(db, input.date);
  const title = titled(say, say('sheet.title'), missing);

  const sheet = await PdfSheet.open({ title: `${title} ${input.date}`, lang: tag });
  sheet.title(title, longDate);
  missingLines(db, say, input.locale, missing).forEach((line, i) => sheet.paragraph(line, { bold: i === 0 }));
  const filters = [
    input.city && `${say('sheet.city')}: ${input.city}`,
    extra.destinationName && `${say('sheet.destination')}: ${extra.destinationName}`,
    input.listingIds?.length ? say('sheet.listings', { n: rows.length }) : null,
  ].filter(Boolean);
  sheet.paragraph(`${say('sheet.filters')}: ${filters.length ? filters.join(' · ') : say('sheet.allListings')}`);
  // The missing lines above already say what was not received.
  const hint =
    fresh === null ? (missing.length ? '' : say('sheet.notReceived')) : say('sheet.received', { fresh: stamp(fresh) });
  sheet.paragraph(`${say('sheet.printed', { when: stamp(now.getTime()) })} ${hint}`.trim(), { muted: true });
  sheet.paragraph(input.includeSecrets ? say('sheet.secretsIncluded') : say('sheet.noSecrets'), {
    bold: input.includeSecrets,
    muted: !input.includeSecrets,
  });
  sheet.gap();

  const columns: Column[] = [
    // A tick, not a word: "Done" is also a cleaning status printed in the same row.
    { header: '✓', share: 0.05, align: 'center' },
    { header: say('sheet.col.what'), share: 0.2 },
    { header: say('sheet.col.time'), share: 0.08 },
    { header: say('sheet.col.details'), share: 0.67 },
  ];
  if (!rows.length) sheet.paragraph(missing.length ? say('incomplete.empty') : say('sheet.empty'));
  for (const row of rows) {
    const secrets = input.includeSecrets ? secretsOf(db, row) : null;
    sheet.section(row.listing.name, row.listing.city || undefined);
    sheet.table(columns, listingRows(db, row, { say, locale: input.locale, secrets, dateOf: shortDate }));
  }
  const bytes = await sheet.finish((n, total) => `${title} · ${longDate} · ${say('sheet.page', { n, total })}`);
  return {
    filename: `${say('file.daySheet')}-${input.date}${fileMark(say, missing)}.pdf`,
    mime: 'application/pdf',
    bytes,
  };
}
