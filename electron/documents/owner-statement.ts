// An owner's statement for a month, as a PDF (pdf.ts, like the day sheet) and as a CSV (csv.ts): the
// owner's contact and fiscal data, their listings with the nights booked in the month counted from the
// cached bookings (with when those were received, or that they were not all received yet), and their
// costs. Costs have no date in the API, so every cost of the owner is listed and the statement says so
// (the choice is written in electron/cache/queries/owners.ts, where the figures are read).
import type { Locale, OwnerStatement } from '../../shared/contract';
import { DateFormat } from '../../shared/date-format';
import type { ReadableDB } from '../cache/db';
import * as q from '../cache/queries';
import { toCsv, type CsvCell, type CsvColumn } from './csv';
import type { MadeFile } from './file';
import { csvNote, fileMark, missingLines, missingListing, titled, type Received } from './incomplete';
import { PdfSheet, type Column } from './pdf';
import { changeWord, LOCALE_TAG, wordsFor, type Say } from './words';

export interface StatementInput {
  id: number;
  month: string;
  locale: Locale;
  /** What the coverage check found (absent: only the old "last received" hint, from the cache's own record). */
  received?: Received | undefined;
}

const join = (parts: readonly (string | null | undefined | false)[], sep = ' · ') => parts.filter(Boolean).join(sep);

function read(db: ReadableDB, input: StatementInput): OwnerStatement {
  const s = q.ownerStatement(db, input.id, input.month);
  if (!s) throw new Error(`owner ${input.id} is not in the local data`);
  return s;
}

const ownerName = (s: OwnerStatement) => join([s.owner.name, s.owner.company_name]) || `#${s.owner.id}`;
const fileBase = (say: Say, s: OwnerStatement) =>
  `${say('file.statement')}-${ownerName(s)
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')}-${s.month}`;

export async function ownerStatementPdf(
  db: ReadableDB,
  input: StatementInput,
  now: Date = new Date(),
): Promise<MadeFile> {
  const s = read(db, input);
  const say = wordsFor(input.locale);
  const tag = LOCALE_TAG[input.locale];
  // Dates as the screens write them (shared/date-format.ts).
  const dates = new DateFormat(tag, () => now);
  const monthName = dates.date(`${s.month}-15`, 'monthYear');
  const stamp = (ms: number) => dates.dateTime(ms);
  const money = (n: number | null) =>
    n === null ? '' : new Intl.NumberFormat(tag, { style: 'currency', currency: 'EUR' }).format(n);
  const o = s.owner;

  const missing = input.received?.missing ?? [];
  const unknown = missingListing(missing, 'bookings');
  const figure = (listingId: number, n: number) =>
    !unknown(listingId) ? String(n) : n > 0 ? `≥ ${n}` : say('incomplete.cell');
  const title = titled(say, say('statement.title'), missing);
  const sheet = await PdfSheet.open({ title: `${title} ${ownerName(s)} ${s.month}`, lang: tag });
  sheet.title(title, `${ownerName(s)} · ${say('statement.month', { month: monthName })}`);
  missingLines(db, say, input.locale, missing).forEach((line, i) => sheet.paragraph(line, { bold: i === 0 }));
  sheet.paragraph(join([o.email, o.phone, o.document_number]));
  const fiscal = join([o.fiscal_address, join([o.fiscal_postal_code, o.fiscal_city], ' '), o.fiscal_phone]);
  if (fiscal) sheet.paragraph(`${say('statement.fiscal')}: ${fiscal}`);
  // With the coverage known, the missing lines above say what the hint below only guessed.
  const asOf = input.received ? input.received.asOf : s.bookingsAsOf;
  const hint = input.received
    ? asOf === null
      ? ''
      : say('statement.received', { fresh: stamp(asOf) })
    : asOf === null
      ? say('statement.notReceived')
      : say('statement.received', { fresh: stamp(asOf) });
  sheet.paragraph(`${say('statement.printed', { when: stamp(now.getTime()) })} ${hint}`.trim(), { muted: true });
  sheet.gap();

  sheet.section(say('statement.listings'));
  if (!s.listings.length) sheet.paragraph(say('statement.noListings'));
  else {
    const columns: Column[] = [
      { header: say('col.listing'), share: 0.5 },
      { header: say('col.city'), share: 0.26 },
      { header: say('col.stays'), share: 0.1, align: 'right' },
      { header: say('col.nights'), share: 0.14, align: 'right' },
    ];
    sheet.table(columns, [
      // A listing whose month was not received whole shows what is known as a floor ("≥ 5"), or "not
      // received" — never a zero; the total is then a floor too.
      ...s.listings.map((l) => ({
        cells: [l.name, l.city, figure(l.id, l.stays), figure(l.id, l.nights)],
      })),
      {
        cells: [say('col.total'), '', '', s.listings.some((l) => unknown(l.id)) ? `≥ ${s.nights}` : String(s.nights)],
        bold: true,
      },
    ]);
  }
  sheet.gap();

  sheet.section(say('statement.costs'));
  sheet.paragraph(say('statement.undated'), { muted: true });
  if (!s.costs.length) sheet.paragraph(say('statement.noCosts'));
  else {
    // The fate of a local change only when one of them has one (an empty column is noise).
    const marked = s.costs.some((c) => c.outbox);
    const columns: Column[] = [
      { header: say('col.concept'), share: marked ? 0.6 : 0.8 },
      ...(marked ? [{ header: say('col.changeState'), share: 0.2 }] : []),
      { header: say('col.amount'), share: 0.2, align: 'right' },
    ];
    const row = (cells: string[], state: string) => (marked ? [cells[0]!, state, cells[1]!] : cells);
    sheet.table(columns, [
      ...s.costs.map((c) => ({ cells: row([c.concept ?? '', money(c.amount)], changeWord(say, c.outbox)) })),
      { cells: row([say('col.total'), money(s.costsTotal)], ''), bold: true },
    ]);
  }
  const bytes = await sheet.finish(
    (n, total) => `${title} · ${ownerName(s)} · ${s.month} · ${say('sheet.page', { n, total })}`,
  );
  return { filename: `${fileBase(say, s)}${fileMark(say, missing)}.pdf`, mime: 'application/pdf', bytes };
}

/** One row per listing (nights) and per cost (amount), so a spreadsheet can total either. */
type Line = {
  listing?: string;
  city?: string;
  nights?: number;
  concept?: string;
  amount?: number | null;
  state?: string;
};

export function ownerStatementCsv(db: ReadableDB, input: StatementInput): MadeFile {
  const s = read(db, input);
  const say = wordsFor(input.locale);
  const unknown = missingListing(input.received?.missing ?? [], 'bookings');
  const lines: Line[] = [
    // A listing whose month was not received: no figure (an empty cell, never a zero).
    ...s.listings.map((l) => ({ listing: l.name, city: l.city, nights: unknown(l.id) ? undefined : l.nights })),
    ...s.costs.map((c) => ({ concept: c.concept ?? '', amount: c.amount, state: changeWord(say, c.outbox) })),
  ];
  const cell = (v: CsvCell) => v;
  const columns: CsvColumn<Line>[] = [
    { header: 'col.owner', cell: () => ownerName(s) },
    { header: 'col.month', cell: () => s.month },
    { header: 'col.listing', cell: (l) => cell(l.listing) },
    { header: 'col.city', cell: (l) => cell(l.city) },
    { header: 'col.nights', cell: (l) => cell(l.nights) },
    { header: 'col.concept', cell: (l) => cell(l.concept) },
    { header: 'col.amount', cell: (l) => (l.concept === undefined ? null : { money: l.amount ?? null }) },
    { header: 'col.changeState', cell: (l) => cell(l.state) },
  ];
  const missing = input.received?.missing ?? [];
  // An incomplete file says so on its first lines, before the header: no one reads it as whole.
  const note = csvNote(db, say, input.locale, missing);
  return {
    filename: `${fileBase(say, s)}${fileMark(say, missing)}.csv`,
    mime: 'text/csv;charset=utf-8',
    bytes: toCsv(columns, lines, input.locale, note),
  };
}
