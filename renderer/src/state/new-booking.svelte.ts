// The New booking form's state: the stay (listing, dates, party, times,
// status, money, codes, notes), the customer (an existing one found by the
// search, or a new one with the person fields of the guest form), the booking
// lines, and the availability + price quote asked for as the listing, dates or
// party change — from the cache (stays.check) and, when online, from the
// server (stays.checkLive: the live answer wins). Every limit comes from the
// shared write schema of the booking create (shared/api/bookings.ts); the
// payload it builds is that schema's input, checked once more before sending.
import { bookingCreate, customerUpdate, type BookingCreate } from '../../../shared/api';
import { wCount, wDate, wId, wMoney, wText } from '../../../shared/api/primitives';
import { overCapacity } from '../../../shared/domain/capacity';
import type { ListingSummary, StayCheck, StayboardBridge } from '../../../shared/contract';
import { STAY_FIELDS } from './booking.svelte';
import { call } from './call';
import { today } from './dates';
import { EditForm, fromFieldValue, toFieldValue, writeSpecs, type FieldErrors, type FieldValue } from './form.svelte';
import { PERSON_FIELDS, type GuestForm } from './guest-form.svelte';

/** A guest typed in the form, as guests.create sends it (checked by the guest form before it is kept). */
export type GuestDraft = { name: string; lastname: string } & Record<string, unknown>;

/** The stay's fields, named as the create payload names them. */
export const NEW_BOOKING_SPECS = writeSpecs(bookingCreate.shape, {
  listing_id: { kind: 'id', required: true },
  ...STAY_FIELDS,
  arrival_time: { kind: 'timeOrEmpty' },
  departure_time: { kind: 'timeOrEmpty' },
  prepaid: { kind: 'money' },
  total: { kind: 'money' },
});
export type NewBookingField = keyof typeof NEW_BOOKING_SPECS;

/**
 * The statuses a create may send (the endpoint table: `confirmed` or
 * `canceled`); a new booking is confirmed unless the person says otherwise.
 */
export const CREATE_STATUSES = ['confirmed', 'canceled'] as const;
export type CreateStatus = (typeof CREATE_STATUSES)[number];

/**
 * A new customer: the guest form's person fields (so PersonFields draws them)
 * plus what only a customer has. Update names are mapped to the create's on
 * sending (`CUSTOMER_CREATE_NAME`).
 */
export const NEW_CUSTOMER_SPECS = writeSpecs(customerUpdate.shape, {
  ...PERSON_FIELDS,
  customer_type: { kind: 'id' },
  phone: { kind: 'text', schema: wText(40) },
  language_id: { kind: 'id', schema: wId },
});

/** Where the create payload's customer names a person field differently from the edit forms. */
const CUSTOMER_CREATE_NAME: Record<string, string> = {
  lastname: 'surname',
  zip_code: 'postal_code',
  country: 'country_id',
  date_issue: 'expedition_date',
  customer_type: 'customer_type_id',
};

/** A booking line as typed: concept / extra from the code tables, price as money (sent in cents). */
export const LINE_SPECS = writeSpecs(
  {},
  {
    concept_id: { kind: 'id', required: true, schema: wId },
    extra_id: { kind: 'id', schema: wId },
    // Typed as money (euros), sent in whole cents.
    price: { kind: 'money', required: true, schema: wMoney },
    pay_date: { kind: 'date', required: true, schema: wDate },
    type_pay: { kind: 'count', required: true, schema: wCount },
  },
);

/** The stay as the availability check needs it, when it can be read. */
export interface StayAsked {
  listingId: number;
  from: string;
  to: string;
  adults: number;
  children: number;
  infants: number;
}

export type LiveAnswer =
  | { state: 'idle' }
  | { state: 'asking' }
  | { state: 'answered'; available: boolean; freeUnits: number | null; checkedAt: number }
  | { state: 'unreachable'; reason: string };

export class NewBookingForm {
  readonly stay: EditForm<typeof NEW_BOOKING_SPECS>;
  readonly customer: EditForm<typeof NEW_CUSTOMER_SPECS>;
  lines = $state<EditForm<typeof LINE_SPECS>[]>([]);
  /**
   * Guests registered in the form: each is queued as its own guests.create on
   * the new booking's number once the booking is (see `queueGuests`), never in
   * the create's own `guests` (which the spec allows). Why, for "exactly
   * once": a create whose answer is lost is read back by listing, dates and
   * customer, which cannot tell whether the server kept embedded guests (the
   * spec shows neither the answer nor that they are honoured), so a guest
   * could be lost unseen or registered again; as separate entries each guest
   * has its own fate in the outbox and on screen, exists at once as a record
   * that can be edited before reconnecting, and a refused guest (a document)
   * does not refuse the booking. With card data the booking is one foreground
   * request; its guests then follow through the outbox on the server's number.
   */
  guests = $state.raw<GuestDraft[]>([]);
  status = $state<CreateStatus>('confirmed');
  /** An existing customer chosen from the search (its id), or null for a new one. */
  existing = $state<{ id: number; name: string } | null>(null);
  /**
   * Card details, typed only while online: held here in memory for the one
   * foreground request (bookings.createWithCard), never written anywhere.
   */
  card = $state({ cardholder: '', card_number: '', card_expiration: '', card_cvv: '' });
  cardErrors = $state<Partial<Record<CardField, 'required' | 'invalid'>>>({});
  check = $state.raw<StayCheck | null>(null);
  live = $state.raw<LiveAnswer>({ state: 'idle' });
  /** How many the chosen listing sleeps (null: unknown), for the party's check on leaving a field and on Save. */
  capacity: number | null = null;
  #asked = '';
  /** The times last put in from the listing (a time the person typed is never replaced). */
  #auto: Record<'arrival_time' | 'departure_time', FieldValue> = { arrival_time: '', departure_time: '' };

  constructor(
    private readonly bridge: StayboardBridge,
    start: { listingId?: number | null; from?: string | null; to?: string | null },
    private readonly decimal: ',' | '.' = '.',
  ) {
    // Every field starts empty and the stay's own values are put in as if typed: what the form sends is what
    // differs from empty (an optional field left empty is not sent; a required one is always checked).
    this.stay = new EditForm(NEW_BOOKING_SPECS, {}, decimal);
    Object.assign(this.stay.values, {
      listing_id: start.listingId ? String(start.listingId) : '',
      start_date: toFieldValue('date', start.from),
      end_date: toFieldValue('date', start.to),
      adults: '2',
      children: '0',
      infants: '0',
    });
    this.customer = new EditForm(NEW_CUSTOMER_SPECS, {}, decimal);
    // The checks across fields, when a field is left and on Save.
    this.stay.rules = (p) => stayRules(p, this.capacity);
    this.customer.rules = requiredNames;
  }

  /**
   * Puts a refused create's values back in the form ("Edit and send again":
   * other dates, another listing), as if typed.
   */
  fill(payload: Record<string, unknown>): void {
    const { customer, lines, status, ...stay } = payload;
    this.stay.fill(stay);
    if (status === 'confirmed' || status === 'canceled') this.status = status;
    const c = (customer ?? {}) as Record<string, unknown>;
    if (typeof c['id'] === 'number')
      this.existing = { id: c['id'], name: [c['name'], c['surname']].filter(Boolean).join(' ') };
    else {
      const back = Object.fromEntries(Object.entries(CUSTOMER_CREATE_NAME).map(([k, v]) => [v, k]));
      this.customer.fill(Object.fromEntries(Object.entries(c).map(([k, v]) => [back[k] ?? k, v])));
    }
    this.lines = (Array.isArray(lines) ? (lines as Record<string, unknown>[]) : []).map((l) => {
      const line = this.#newLine();
      line.fill({ ...l, price: typeof l['price'] === 'number' ? l['price'] / 100 : l['price'] });
      return line;
    });
  }

  #newLine(): EditForm<typeof LINE_SPECS> {
    const line = new EditForm(LINE_SPECS, {}, this.decimal);
    line.rules = requiredOf(LINE_SPECS);
    return line;
  }

  addLine(payDate: string): void {
    const line = this.#newLine();
    Object.assign(line.values, { pay_date: toFieldValue('date', payDate), type_pay: '1' });
    this.lines = [...this.lines, line];
  }
  removeLine(i: number): void {
    this.lines = this.lines.filter((_, j) => j !== i);
  }

  /**
   * Keeps the guest form's guest (new, or replacing guest `at`) when it passes
   * the registration checks; false with the errors shown in that form.
   */
  keepGuest(form: GuestForm, at: number | null = null): boolean {
    const p = form.payload();
    if (!p || typeof p['name'] !== 'string' || typeof p['lastname'] !== 'string') return false;
    const g = p as GuestDraft;
    this.guests = at === null ? [...this.guests, g] : this.guests.map((old, j) => (j === at ? g : old));
    return true;
  }
  removeGuest(i: number): void {
    this.guests = this.guests.filter((_, j) => j !== i);
  }

  /**
   * After the booking is created or queued (its local or the server's
   * number): each guest queued as guests.create, in order. A guest leaves the
   * form once queued, so saving again never queues it twice; answers how many
   * could not be queued (they stay in the form).
   */
  async queueGuests(
    bookingNumber: number,
    create: (input: { bookingNumber: number; guest: GuestDraft }) => Promise<unknown>,
  ): Promise<number> {
    for (const guest of [...this.guests]) {
      if (!(await create({ bookingNumber, guest }))) break;
      this.guests = this.guests.filter((g) => g !== guest);
    }
    return this.guests.length;
  }

  /** The stay's first day as typed (today while it cannot be read): a guest's age is counted on it. */
  get arrival(): string {
    const r = fromFieldValue('date', this.stay.values.start_date);
    return r?.ok && typeof r.value === 'string' ? r.value : today();
  }

  /** Arrival / departure times follow the listing's check-in from / check-out while the person has not typed another. */
  listingChosen(listing: ListingSummary | undefined): void {
    const v = this.stay.values;
    const follow = (field: 'arrival_time' | 'departure_time', time: string | null | undefined) => {
      if (!time || (v[field] !== '' && v[field] !== this.#auto[field])) return;
      v[field] = this.#auto[field] = time.slice(0, 5);
    };
    follow('arrival_time', listing?.checkinfrom);
    follow('departure_time', listing?.checkout);
  }

  /** The stay to check, or null while the listing, dates or party cannot be read. */
  asked(): StayAsked | null {
    const read = (k: NewBookingField) => fromFieldValue(NEW_BOOKING_SPECS[k].kind, this.stay.values[k]);
    const [l, f, t, a, c, i] = (['listing_id', 'start_date', 'end_date', 'adults', 'children', 'infants'] as const).map(
      read,
    );
    if (!l?.ok || !f?.ok || !t?.ok || !a?.ok || !c?.ok || !i?.ok) return null;
    const [listingId, from, to] = [l.value, f.value, t.value];
    if (typeof listingId !== 'number' || typeof from !== 'string' || typeof to !== 'string' || to <= from) return null;
    return { listingId, from, to, adults: Number(a.value), children: Number(c.value), infants: Number(i.value) };
  }

  /**
   * Asks whether the stay fits: the cache at once, then the server when
   * `online` (its answer wins on screen). Asks again only when the stay changed.
   */
  async refresh(online: boolean, force = false): Promise<void> {
    const stay = this.asked();
    const key = JSON.stringify(stay);
    if (!force && key === this.#asked) return;
    this.#asked = key;
    if (!stay) {
      this.check = null;
      this.live = { state: 'idle' };
      return;
    }
    const local = await call(this.bridge, 'stays.check', stay);
    if (key !== this.#asked) return;
    this.check = local.ok ? local.value : null;
    if (!online) {
      this.live = { state: 'idle' };
      return;
    }
    this.live = { state: 'asking' };
    const r = await call(this.bridge, 'stays.checkLive', { listingId: stay.listingId, from: stay.from, to: stay.to });
    if (key !== this.#asked) return;
    this.live = r.ok ? { state: 'answered', ...r.value } : { state: 'unreachable', reason: r.error.message };
  }

  /** What blocks saving: the stay does not fit (cache or server), named; null when it may be queued. */
  get refusal(): 'clash' | 'liveTaken' | null {
    if (this.live.state === 'answered') return this.live.available ? null : 'liveTaken';
    return this.check?.fits === false ? 'clash' : null;
  }

  /** The quote shown: the first rate's without a problem, else the first rate's (its problems named). */
  get quote(): StayCheck['quotes'][number] | null {
    return this.check?.quotes.find((q) => q.problems.length === 0) ?? this.check?.quotes[0] ?? null;
  }

  /** The total to propose: only when every night has a price (a missing price would make it look cheaper). */
  get proposedTotal(): number | null {
    const q = this.quote;
    return q && !q.problems.some((p) => p.kind === 'no_price' || p.kind === 'bad_dates') ? q.total : null;
  }

  /**
   * Checks every field (capacity from the listing, dates in order) and builds
   * the create payload; null with the errors shown where the person looks.
   */
  payload(capacity: number | null): BookingCreate | null {
    this.capacity = capacity;
    const stay = this.stay.validate();
    const customer = this.existing ? { ok: true as const, changes: {} } : this.customer.validate();
    const lines = this.lines.map((l) => l.validate());
    if (!stay.ok || !customer.ok || lines.some((l) => !l.ok)) return null;
    const body: Record<string, unknown> = { status: this.status };
    for (const [k, v] of Object.entries(stay.changes)) if (present(v)) body[k] = v;
    body['customer'] = this.existing
      ? { id: this.existing.id, ...namesOf(this.existing.name) }
      : renamed(customer.changes);
    const typed = lines.flatMap((l) => (l.ok ? [l.changes] : []));
    if (typed.length)
      body['lines'] = typed.map((l) =>
        Object.fromEntries(
          Object.entries(l)
            .filter(([, v]) => present(v))
            .map(([k, v]) => [k, k === 'price' ? Math.round(Number(v) * 100) : v]),
        ),
      );
    const checked = bookingCreate.safeParse(body);
    return checked.success ? checked.data : null;
  }
}

export type CardField = 'cardholder' | 'card_number' | 'card_expiration' | 'card_cvv';
const CARD_SCHEMA = bookingCreate.shape.customer.shape;

/** True when the person typed any card detail. */
export function hasCard(card: Record<CardField, string>): boolean {
  return Object.values(card).some((v) => v.trim() !== '');
}

/**
 * The card details as the create sends them (digits without spaces), with the
 * schema's message per field that is wrong; the number and expiry are needed.
 */
export function cardFields(card: Record<CardField, string>): {
  value: Record<CardField, string | undefined>;
  errors: Partial<Record<CardField, 'required' | 'invalid'>>;
} {
  const value: Record<CardField, string | undefined> = {
    cardholder: card.cardholder.trim() || undefined,
    card_number: card.card_number.replace(/[\s-]/g, '') || undefined,
    card_expiration: card.card_expiration.trim() || undefined,
    card_cvv: card.card_cvv.trim() || undefined,
  };
  const errors: Partial<Record<CardField, 'required' | 'invalid'>> = {};
  for (const k of Object.keys(value) as CardField[]) {
    const v = value[k];
    if (v === undefined) {
      if (k === 'card_number' || k === 'card_expiration') errors[k] = 'required';
      continue;
    }
    if (!CARD_SCHEMA[k].safeParse(v).success) errors[k] = 'invalid';
  }
  return { value, errors };
}

/** A required field left empty (an untouched field is not checked by `validate`, which checks what changed). */
function requiredOf<S extends Record<string, { required?: boolean }>>(specs: S) {
  return (parsed: Record<string, unknown>) => {
    const errors: Partial<Record<keyof S, { key: 'validation.required' }>> = {};
    for (const [k, spec] of Object.entries(specs))
      if (spec.required && !present(parsed[k])) errors[k as keyof S] = { key: 'validation.required' };
    return errors;
  };
}
const requiredNames = requiredOf(NEW_CUSTOMER_SPECS);

const present = (v: unknown) => v !== null && v !== undefined && v !== '';

function renamed(changes: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(changes))
    if (present(v)) out[CUSTOMER_CREATE_NAME[k] ?? k] = typeof v === 'string' ? v.trim() : v;
  return out;
}

/** An existing customer is named in the create as the search shows it: first word the name, the rest the surname. */
function namesOf(full: string): { name: string; surname: string } {
  const [name = '', ...rest] = full.trim().split(/\s+/);
  return { name, surname: rest.join(' ') || name };
}

/** Across fields: the stay ends after it starts; adults + children fit the listing (null: capacity unknown). */
export function stayRules(
  parsed: Record<string, unknown>,
  capacity: number | null,
): FieldErrors<typeof NEW_BOOKING_SPECS> {
  const errors: FieldErrors<typeof NEW_BOOKING_SPECS> = requiredOf(NEW_BOOKING_SPECS)(parsed);
  const [start, end, adults, children] = [
    parsed['start_date'],
    parsed['end_date'],
    parsed['adults'],
    parsed['children'],
  ];
  if (typeof start === 'string' && typeof end === 'string' && end <= start)
    errors.end_date = { key: 'validation.endAfterStart' };
  if (typeof adults === 'number' && adults < 1) errors.adults = { key: 'newBooking.oneAdult' };
  else if (typeof adults === 'number' && typeof children === 'number' && overCapacity(capacity, adults, children))
    errors.adults = { key: 'validation.capacity', max: capacity };
  return errors;
}

export type { FieldValue };
