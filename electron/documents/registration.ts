// The police registration papers (Spain: SES.Hospedajes), printed from the
// local cache so they work offline, in the UI language:
// - registration cards: one page per guest of a booking, with the stay, the
//   guest's identity and document details and lines for the guest's
//   signature; a guest not registered yet gets a blank card to fill in by
//   hand (as many as the party lacks);
// - the day list: every reported stay arriving on a date, its guests with
//   their document and what each still lacks, and the guests not registered.
// The document details ARE what the police form needs, so they are printed;
// opening codes, key numbers and card data are never read here (only the
// named listing fields and the guest records are).
import type { Locale, OutboxMark } from '../../shared/contract';
import { DateFormat } from '../../shared/date-format';
import { COUNTRIES, DOCUMENT_TYPES, countryChoiceFrom, regionOf } from '../../shared/codes';
import { missingForRegistration, registrationDeadline } from '../../shared/domain/registration';
import type { ReadableDB } from '../cache/db';
import { registeredGuests, registrationDay, stayWithGuests, type StayGuests } from '../cache/queries/registration';
import type { MadeFile } from './file';
import { fileMark, missingLines, titled, type Received } from './incomplete';
import { PdfSheet, type Column, type Row } from './pdf';
import { LOCALE_TAG, changeWord, party, wordsFor, type Say, type WordKey } from './words';

export type RegistrationDocInput = (
  | { document: 'cards'; bookingNumber: number; guestId?: number | undefined; locale: Locale }
  | { document: 'dayList'; date: string; listingIds?: readonly number[] | undefined; locale: Locale }
) & {
  /** What the coverage check found (absent: not checked; the list still says which guests were not received). */
  received?: Received | undefined;
};

type Guest = StayGuests['guests'][number];

/** The listing fields a card prints: who hosts the guest (never its key number or wifi). */
interface Establishment {
  name: string;
  street: string;
  zipcode: string;
  city: string;
  license: string;
}

function establishmentOf(db: ReadableDB, listingId: number | null): Establishment | null {
  if (listingId === null) return null;
  return (
    db.get<Establishment>(
      `SELECT name,
         trim(coalesce(json_extract(data, '$.street'), '') || ' ' || coalesce(json_extract(data, '$.floor'), '')
           || ' ' || coalesce(json_extract(data, '$.door'), '')) AS street,
         coalesce(json_extract(data, '$.zipcode'), '') AS zipcode, coalesce(city, '') AS city,
         coalesce(json_extract(data, '$.license'), '') AS license
       FROM listings WHERE id = ?`,
      [listingId],
    ) ?? null
  );
}

/** How a value prints: dates in the UI language, countries and document types by name. */
class Writer {
  readonly say: Say;
  readonly tag: string;
  private readonly regions: Intl.DisplayNames;
  /** Dates as the screens write them (shared/date-format.ts). */
  readonly dates: DateFormat;
  constructor(
    readonly locale: Locale,
    now: Date = new Date(),
  ) {
    this.say = wordsFor(locale);
    this.tag = LOCALE_TAG[locale];
    this.regions = new Intl.DisplayNames(this.tag, { type: 'region' });
    this.dates = new DateFormat(this.tag, () => now);
  }
  /** A date on a registration paper: always with its year (a date of birth, a document's issue). */
  date(d: unknown): string {
    if (typeof d !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(d)) return '';
    return this.dates.date(d, 'short');
  }
  longDate(d: string): string {
    return this.dates.date(d, 'long');
  }
  /** A local "YYYY-MM-DDTHH:MM" (wall time) as written on screen. */
  wallTime(t: string): string {
    return this.dates.dateTime(t);
  }
  country(v: unknown): string {
    const id = countryChoiceFrom(typeof v === 'number' || typeof v === 'string' ? v : null);
    const c = id === null ? undefined : COUNTRIES.find((x) => x.id === id);
    if (!c) return typeof v === 'string' ? v : '';
    const region = regionOf(c);
    return (region && this.regions.of(region)) || c.name;
  }
  documentType(v: unknown): string {
    if (typeof v !== 'string' || !v) return '';
    const id = /^\d+$/.test(v) ? Number(v) : DOCUMENT_TYPES.find((d) => d.name.toLowerCase() === v.toLowerCase())?.id;
    const key = `documentType.${id}`;
    return id !== undefined && key in TYPE_KEYS ? this.say(key as WordKey) : v;
  }
  sex(v: unknown): string {
    return v === 'M' || v === 'F' ? this.say(`reg.sex.${v}`) : '';
  }
  /**
   * "Missing: Date of birth, Document number" or "Registered" (or the change's fate when the PMS has not taken it).
   * `sentence`: on a card, where the word stands alone, "Registered" says what it means in full.
   */
  state(g: Guest, stayStart: string, sentence = false): string {
    const missing = missingForRegistration(g, stayStart);
    const fate = changeWord(this.say, g.outbox);
    const what = missing.length
      ? this.say('reg.missing', { fields: missing.map((f) => this.say(`reg.field.${f}`)).join(', ') })
      : this.say(sentence ? 'reg.complete' : 'reg.registered');
    return fate ? `${what} · ${fate}` : what;
  }
}
const TYPE_KEYS = Object.fromEntries(DOCUMENT_TYPES.map((d) => [`documentType.${d.id}`, true]));

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const fullName = (g: Guest) => [text(g['name']), text(g['lastname'])].filter(Boolean).join(' ');
const bookingLabel = (w: Writer, n: number, mark: OutboxMark) =>
  [`${n < 0 ? '—' : n}`, n < 0 ? w.say('reg.localBooking') : '', changeWord(w.say, mark)].filter(Boolean).join(' · ');

const PAIR: Column[] = [
  { header: '', share: 0.32 },
  { header: '', share: 0.68 },
];
/** Label / value rows without a header (an empty value keeps a line's height to write on by hand). */
const facts = (sheet: PdfSheet, list: readonly (readonly [string, string])[]) =>
  sheet.table(
    PAIR,
    list.map(([k, v]) => ({ cells: [k, v || ' '] })),
    { header: false },
  );

function card(
  sheet: PdfSheet,
  w: Writer,
  stay: StayGuests,
  place: Establishment | null,
  g: Guest | null,
  n: number,
  /** The title ("— INCOMPLETE" when guests were never received) and the lines saying what is missing. */
  head: { title: string; lines: readonly string[] },
) {
  const { say } = w;
  const b = stay.booking;
  const total = Math.max(b.adults + b.children, stay.guests.length);
  sheet.title(head.title, say('reg.guestOf', { n, total }));
  head.lines.forEach((line, i) => sheet.paragraph(line, { bold: i === 0 }));
  sheet.paragraph(say('reg.legal'), { muted: true }).gap();
  sheet.section(say('reg.establishment'));
  facts(sheet, [
    [say('col.listing'), place?.name ?? stay.listing_name ?? ''],
    [
      say('reg.field.address'),
      [place?.street, [place?.zipcode, place?.city].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    ],
    ...(place?.license ? ([[say('reg.licence'), place.license]] as const) : []),
  ]);
  sheet.section(say('reg.stay'));
  facts(sheet, [
    [say('col.booking'), bookingLabel(w, b.booking_number, b.outbox)],
    [say('col.arrival'), [w.date(b.start_date), text(b.arrival_time).slice(0, 5)].filter(Boolean).join(' ')],
    [say('col.departure'), w.date(b.end_date)],
    [say('reg.party'), party(say, w.locale, b)],
  ]);
  sheet.section(say('reg.col.guest'), g ? undefined : say('reg.blank'));
  // A blank card's lines are two lines tall: room to write by hand.
  const v = (f: (x: Guest) => string) => (g ? f(g) : ' \n ');
  facts(sheet, [
    [say('reg.field.name'), v((x) => text(x['name']))],
    [say('reg.field.lastname'), v((x) => text(x['lastname']))],
    [say('reg.field.sex'), v((x) => w.sex(x['sex']))],
    [say('reg.field.date_birth'), v((x) => w.date(x['date_birth']))],
    [say('reg.field.nationality'), v((x) => w.country(x['nationality']))],
    [say('reg.field.document_type'), v((x) => w.documentType(x['document_type']))],
    [say('reg.field.number_id'), v((x) => text(x['number_id']))],
    [say('reg.field.date_issue'), v((x) => w.date(x['date_issue']))],
    [
      say('reg.field.address'),
      v((x) =>
        [text(x['address']), [text(x['zip_code']), text(x['city'])].filter(Boolean).join(' ')]
          .filter(Boolean)
          .join(', '),
      ),
    ],
    [say('reg.field.country'), v((x) => w.country(x['country']))],
    [say('reg.field.email'), v((x) => text(x['email']))],
  ]);
  if (g) sheet.paragraph(w.state(g, b.start_date, true), { muted: true });
  sheet.gap(1.5);
  sheet.signature([say('reg.signGuest'), say('reg.signDate')]);
  sheet.gap(1);
  sheet.signature([say('reg.signStaff'), say('reg.signDate')]);
}

async function cards(db: ReadableDB, input: Extract<RegistrationDocInput, { document: 'cards' }>, w: Writer) {
  const stay = stayWithGuests(db, input.bookingNumber);
  if (!stay) return null;
  const place = establishmentOf(db, stay.booking.listing_id);
  const missing = input.received?.missing ?? [];
  const head = {
    title: titled(w.say, w.say('reg.cardTitle'), missing),
    lines: missingLines(db, w.say, w.locale, missing),
  };
  const sheet = await PdfSheet.open({ title: head.title, lang: w.tag });
  const chosen = input.guestId === undefined ? stay.guests : stay.guests.filter((g) => g.id === input.guestId);
  const blanks =
    input.guestId === undefined
      ? Math.max(0, stay.booking.adults + stay.booking.children - registeredGuests(stay.guests).length)
      : 0;
  const list: (Guest | null)[] = [...chosen, ...Array.from({ length: blanks }, () => null)];
  if (!list.length) list.push(null);
  list.forEach((g, i) => {
    if (i > 0) sheet.page();
    const n = g ? stay.guests.indexOf(g) + 1 : stay.guests.length + i - chosen.length + 1;
    card(sheet, w, stay, place, g, n, head);
  });
  const bytes = await sheet.finish((n, total) => `${head.title} · ${w.say('sheet.page', { n, total })}`);
  const name = w.say('file.registrationCards', { n: input.bookingNumber < 0 ? 'new' : input.bookingNumber });
  return { filename: `${name}${fileMark(w.say, missing)}.pdf`, mime: 'application/pdf', bytes } satisfies MadeFile;
}

const LIST_COLUMNS = (say: Say): Column[] => [
  { header: '#', share: 0.04, align: 'right' },
  { header: say('reg.col.guest'), share: 0.22 },
  { header: say('reg.field.nationality'), share: 0.13 },
  { header: say('reg.col.document'), share: 0.2 },
  { header: say('reg.field.date_birth'), share: 0.12 },
  { header: say('reg.col.state'), share: 0.29 },
];

function guestRows(w: Writer, stay: StayGuests): Row[] {
  const b = stay.booking;
  const rows: Row[] = stay.guests.map((g, i) => ({
    cells: [
      String(i + 1),
      fullName(g),
      w.country(g['nationality']),
      [w.documentType(g['document_type']), text(g['number_id'])].filter(Boolean).join(' '),
      w.date(g['date_birth']),
      w.state(g, b.start_date),
    ],
  }));
  const owed = b.adults + b.children - registeredGuests(stay.guests).length;
  for (let i = 0; i < owed; i++)
    rows.push({
      cells: [
        String(stay.guests.length + i + 1),
        '',
        '',
        '',
        '',
        stay.guestsKnown ? w.say('reg.notRegistered') : w.say('reg.guestsUnknown'),
      ],
    });
  return rows;
}

async function dayList(
  db: ReadableDB,
  input: Extract<RegistrationDocInput, { document: 'dayList' }>,
  w: Writer,
  now: Date,
) {
  const { say } = w;
  const stays = registrationDay(db, input);
  const expected = stays.reduce((s, x) => s + x.booking.adults + x.booking.children, 0);
  const registered = stays.reduce(
    (s, x) =>
      s + registeredGuests(x.guests).filter((g) => !missingForRegistration(g, x.booking.start_date).length).length,
    0,
  );
  const missing = input.received?.missing ?? [];
  const title = titled(say, say('reg.listTitle'), missing);
  const sheet = await PdfSheet.open({ title: `${title} ${input.date}`, lang: w.tag });
  sheet.title(title, w.longDate(input.date));
  missingLines(db, say, w.locale, missing).forEach((line, i) => sheet.paragraph(line, { bold: i === 0 }));
  sheet.paragraph(say('reg.summary', { arrivals: stays.length, registered, expected }), { bold: true });
  const stamp = w.dates.dateTime(now.getTime());
  sheet.paragraph(say('sheet.printed', { when: stamp }), { muted: true });
  sheet.paragraph(say('reg.legal'), { muted: true }).gap();
  if (!stays.length) sheet.paragraph(missing.length ? say('incomplete.empty') : say('reg.empty'));
  for (const stay of stays) {
    const b = stay.booking;
    sheet.section(
      [stay.listing_name ?? '', `${say('col.booking')} ${bookingLabel(w, b.booking_number, b.outbox)}`].join(' · '),
      [
        stay.customer_name,
        party(say, w.locale, b),
        text(b.arrival_time).slice(0, 5),
        say('reg.deadline', { when: w.wallTime(registrationDeadline(b.start_date, b.arrival_time)) }),
      ]
        .filter(Boolean)
        .join(' · '),
    );
    sheet.table(LIST_COLUMNS(say), guestRows(w, stay));
  }
  const bytes = await sheet.finish(
    (n, total) => `${title} · ${w.longDate(input.date)} · ${say('sheet.page', { n, total })}`,
  );
  return {
    filename: `${say('file.registrationList', { date: input.date })}${fileMark(say, missing)}.pdf`,
    mime: 'application/pdf',
    bytes,
  } satisfies MadeFile;
}

/** The registration cards of a booking (null when the booking is not in the cache) or a day's registration list. */
export async function registrationDocument(
  db: ReadableDB,
  input: RegistrationDocInput,
  now = new Date(),
): Promise<MadeFile | null> {
  const w = new Writer(input.locale, now);
  return input.document === 'cards' ? cards(db, input, w) : dayList(db, input, w, now);
}
