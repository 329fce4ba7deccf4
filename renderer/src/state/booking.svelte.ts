// A booking on screen: the live detail read, the edit form over its fields
// (dates, party, times, money, opening code, keys, check-in, notes), and the
// actions reception takes — confirm / cancel, save, register or edit a guest,
// send a message. Every action writes to the outbox and shows pending at once.
import { bookingUpdate } from '../../../shared/api';
import type { BookingDetail, BookingRecord, StayboardBridge } from '../../../shared/contract';
import { EditForm, writeSpecs, type FieldErrors, type LocalSpec } from './form.svelte';
import { Query } from './query.svelte';

/**
 * The stay's fields that the booking's edit form and the New booking form both
 * draw, alike (their limits: each form's write schema, update or create).
 */
export const STAY_FIELDS = {
  start_date: { kind: 'date', required: true },
  end_date: { kind: 'date', required: true },
  adults: { kind: 'count', required: true },
  children: { kind: 'count', required: true },
  infants: { kind: 'count', required: true },
  paid: { kind: 'money' },
  tourist_tax: { kind: 'money' },
  opening_code: { kind: 'textOrNull' },
  // The number of keys handed over: a whole number (the wire also allows text, which is shown as it is).
  key_numbers: { kind: 'count' },
  notes: { kind: 'textOrNull' },
} as const satisfies Record<string, LocalSpec>;

export const BOOKING_SPECS = writeSpecs(bookingUpdate.shape, {
  ...STAY_FIELDS,
  arrival_time: { kind: 'time' },
  arrival_time_until: { kind: 'time' },
  departure_time: { kind: 'time' },
  departure_time_until: { kind: 'time' },
  checkin_online: { kind: 'flag01' },
});
export type BookingField = keyof typeof BOOKING_SPECS;

/** The booking as the form reads it (the write name of "check-in done" is `checkin_online`). */
export function bookingFormRecord(b: BookingRecord): Partial<Record<BookingField, unknown>> {
  return { ...b, checkin_online: b.checkin_completed };
}

/**
 * Checks across fields, before anything is queued: the stay ends after it
 * starts; adults + children fit the listing (`capacity`, null when unknown —
 * the main side checks the same before queueing, see electron/outbox/kinds/bookings.ts).
 */
export function bookingRules(
  parsed: Record<string, unknown>,
  capacity: number | null = null,
  changed: readonly string[] = [],
): FieldErrors<typeof BOOKING_SPECS> {
  const errors: FieldErrors<typeof BOOKING_SPECS> = {};
  const start = parsed['start_date'];
  const end = parsed['end_date'];
  if (typeof start === 'string' && typeof end === 'string' && end <= start)
    errors.end_date = { key: 'validation.endAfterStart' };
  const adults = parsed['adults'];
  const children = parsed['children'];
  if (capacity !== null && typeof adults === 'number' && typeof children === 'number' && adults + children > capacity)
    errors[changed.includes('children') && !changed.includes('adults') ? 'children' : 'adults'] = {
      key: 'validation.capacity',
      max: capacity,
    };
  return errors;
}

/** Services are priced in cents (as booking lines are); the total is qty × price. */
export function serviceTotal(service: { qty: number; price: number }): number {
  return (service.qty * service.price) / 100;
}

/** An element of `extras` (shape not documented): its code-table id and a name if it carries one. */
export function extraInfo(extra: unknown): { id: number | null; name: string | null; price: number | null } {
  if (typeof extra !== 'object' || extra === null) return { id: null, name: null, price: null };
  const o = extra as Record<string, unknown>;
  const id = [o['extra_id'], o['id'], o['concept_id']].find((v) => typeof v === 'number');
  return {
    id: typeof id === 'number' ? id : null,
    name: typeof o['name'] === 'string' ? o['name'] : null,
    price: typeof o['price'] === 'number' ? o['price'] / 100 : null,
  };
}

export class BookingView {
  readonly detail: Query<'bookings.get'>;
  form = $state.raw<EditForm<typeof BOOKING_SPECS> | null>(null);
  /**
   * The number the page knows the booking by: the local (negative) number of a booking taken
   * here until the server adopts it, then the server's (the page follows it: Booking.svelte).
   */
  number = $state(0);
  #formFor: number | null = null;
  #over: Partial<Record<BookingField, unknown>> = {};

  constructor(
    bridge: StayboardBridge,
    bookingNumber: number,
    private readonly decimal: ',' | '.',
  ) {
    this.number = bookingNumber;
    this.detail = new Query(bridge, 'bookings.get', [
      'bookings',
      'customers',
      'guests',
      'threads',
      'cleaning',
      'maintenance',
      'listings',
    ]);
  }

  get value(): BookingDetail | undefined {
    return this.detail.value;
  }

  async load(): Promise<void> {
    await this.detail.load({ bookingNumber: this.number });
    this.syncForm();
  }

  async refresh(): Promise<void> {
    await this.detail.refresh();
    this.syncForm();
  }

  /**
   * Keeps the form on the latest record without losing what the person is typing (call after every
   * read); `over`: values shown instead of the record's (a conflict's fields show the server's).
   */
  syncForm(over: Partial<Record<BookingField, unknown>> = this.#over): void {
    this.#over = over;
    const booking = this.detail.value?.booking;
    if (!booking) return;
    this.#follow(booking.booking_number);
    const record = { ...bookingFormRecord(booking), ...over };
    if (this.form && this.#formFor === booking.booking_number) this.form.rebase(record);
    else {
      this.form = new EditForm(BOOKING_SPECS, record, this.decimal);
      this.#formFor = booking.booking_number;
    }
  }

  /**
   * The cache answers a local number with the server's booking once it is adopted (the
   * outbox's id map): from then on the page knows it by that number, and the form typed
   * over the local booking stays the form of the same booking.
   */
  #follow(shown: number): void {
    if (this.number >= 0 || shown <= 0) return;
    if (this.#formFor === this.number) this.#formFor = shown;
    this.number = shown;
    // Later reads ask by the server's number too.
    void this.detail.load({ bookingNumber: shown });
  }
}
