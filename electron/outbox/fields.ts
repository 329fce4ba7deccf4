// How each field of a write payload maps onto the cached (read) record: how to
// show the change at once (apply), and the comparable value of that field in
// a record (canon). Base, server-now and mine are compared in canonical form,
// which is the read schema's normalised form turned back into the write
// vocabulary where it can be (0/1 flags, "confirmed"/"canceled", HH:MM…), so
// conflicts read the way the person typed them.
//
// canonOf(field, value) — the canonical form of a value I am about to send —
// is defined as canon(apply({}, value)), so the two directions can never drift.
import { Bad, F } from '../../shared/api';
import { countries, customerTypes, documentTypes } from '../../shared/codes';
import { stateAfter } from '../../shared/domain/states';
import type { Kind, Rec } from './types';

export interface FieldCodec {
  /** The field of the read record this write field changes (what the mark lists). */
  read: string;
  apply(rec: Rec, v: unknown): void;
  canon(rec: Rec): unknown;
}

/** A read-side normaliser applied to a write value; write values are already valid, Bad cannot occur. */
const norm =
  (fn: (v: unknown) => unknown) =>
  (v: unknown): unknown => {
    const r = fn(v);
    return r instanceof Bad ? v : r;
  };

/** The same field on both sides, the write value normalised the way the read schema would. */
function same(name: string, fn: (v: unknown) => unknown = (v) => v): FieldCodec {
  const n = norm(fn);
  return {
    read: name,
    apply: (rec, v) => {
      rec[name] = n(v);
    },
    canon: (rec) => rec[name] ?? null,
  };
}

/** A 0/1 flag on write, a boolean on read (named `read` there). */
function flag(read: string): FieldCodec {
  return {
    read,
    apply: (rec, v) => {
      rec[read] = v === 1 || v === true;
    },
    canon: (rec) => (rec[read] === true ? 1 : 0),
  };
}

/** Money: compared in cents, because servers echo amounts as "12.50". */
function money(name: string): FieldCodec {
  return {
    read: name,
    apply: (rec, v) => {
      rec[name] = norm(F.numOrNull)(v);
    },
    canon: (rec) => {
      const v = rec[name];
      return typeof v === 'number' ? Math.round(v * 100) / 100 : null;
    },
  };
}

/** A code-table id on write, the entry's name on read (countries, nationality, document types). */
function codeName(name: string, table: { byId(id: number): { name: string } | undefined }): FieldCodec {
  return {
    read: name,
    apply: (rec, v) => {
      rec[name] = typeof v === 'number' ? (table.byId(v)?.name ?? `#${v}`) : null;
    },
    canon: (rec) => rec[name] ?? null,
  };
}

const BOOKING_STATUS: FieldCodec = {
  read: 'state',
  apply: (rec, v) => {
    rec['state'] = stateAfter(v as 'confirmed' | 'canceled');
  },
  canon: (rec) => {
    const s = rec['state'];
    if (s === stateAfter('confirmed')) return 'confirmed';
    if (s === stateAfter('canceled')) return 'canceled';
    // A status the update cannot set (pre-booking, no-show…): never equal to mine.
    return `state ${String(s)}`;
  },
};

const CUSTOMER_TYPE: FieldCodec = {
  read: 'customer_type',
  apply: (rec, v) => {
    rec['customer_type'] = typeof v === 'number' ? { id: v, name: customerTypes.name(v) } : null;
  },
  canon: (rec) => {
    const t = rec['customer_type'];
    return t && typeof t === 'object' ? ((t as { id?: unknown }).id ?? null) : null;
  },
};

const BLOCK_LISTING: FieldCodec = {
  read: 'listing_id',
  apply: (rec, v) => {
    rec['listing_id'] = Number(v);
  },
  canon: (rec) => (typeof rec['listing_id'] === 'number' ? rec['listing_id'] : null),
};

const person = {
  name: same('name', F.text),
  lastname: same('lastname', F.text),
  email: same('email', F.text),
  address: same('address', F.text),
  city: same('city', F.text),
  zip_code: same('zip_code', F.text),
  number_id: same('number_id', F.text),
  nationality: codeName('nationality', countries),
  sex: same('sex', F.sex),
  date_issue: same('date_issue', F.dateOrNull),
  date_birth: same('date_birth', F.dateOrNull),
};

export const FIELDS: Record<Kind, Record<string, FieldCodec>> = {
  cleaning: {
    status: same('status'),
    date: same('date', F.date),
    time: same('time', F.time),
    inspected: flag('inspected'),
    duration: same('duration', F.duration),
    notes: same('notes', F.text),
  },
  maintenance: {
    type: same('type'),
    date: same('date', F.date),
    hour: same('hour', F.time),
    inspected: flag('inspected'),
    inspection_date: same('inspection_date', F.dateOrNull),
    duration: same('duration', F.duration),
    notes: same('notes', F.text),
  },
  incidents: {
    priority: same('priority'),
    date: same('date', F.dateTime),
    subtitle: same('subtitle', F.textOrNull),
    note: same('note', F.text),
  },
  bookings: {
    status: BOOKING_STATUS,
    checkin_online: flag('checkin_completed'),
    start_date: same('start_date', F.date),
    end_date: same('end_date', F.date),
    adults: same('adults'),
    children: same('children'),
    infants: same('infants'),
    arrival_time: same('arrival_time', F.time),
    arrival_time_until: same('arrival_time_until', F.time),
    departure_time: same('departure_time', F.time),
    departure_time_until: same('departure_time_until', F.time),
    paid: money('paid'),
    tourist_tax: money('tourist_tax'),
    opening_code: same('opening_code', F.textOrNull),
    key_numbers: same('key_numbers', F.textOrNull),
    notes: same('notes', F.textOrNull),
  },
  customers: { ...person, country: codeName('country', countries), customer_type: CUSTOMER_TYPE },
  // Guests read their country as an id (customers as a name).
  guests: { ...person, country: same('country'), document_type_id: codeName('document_type', documentTypes) },
  // Messages are only ever created; these are the fields of the send payload. The text is
  // compared with its spaces collapsed: a server that trims what it stores must still be recognised.
  messages: {
    thread_id: same('thread_id'),
    message: {
      read: 'message',
      apply: (rec, v) => {
        rec['message'] = typeof v === 'string' ? v : '';
      },
      canon: (rec) => (typeof rec['message'] === 'string' ? rec['message'].trim().replace(/\s+/g, ' ') : null),
    },
  },
  blocks: {
    listing_id: BLOCK_LISTING,
    block_type: same('block_type'),
    start_date: same('start_date', F.date),
    end_date: same('end_date', F.date),
    reason: same('reason', F.text),
  },
};

export function codec(kind: Kind, field: string): FieldCodec {
  const c = FIELDS[kind][field];
  if (!c) throw new Error(`the outbox does not know the field ${kind}.${field}`);
  return c;
}

/** The canonical form of a value I send. */
export function canonOf(kind: Kind, field: string, value: unknown): unknown {
  const c = codec(kind, field);
  const rec: Rec = {};
  c.apply(rec, value);
  return c.canon(rec);
}

/** The canonical value of a field in a read record. */
export function canonIn(kind: Kind, field: string, rec: Rec): unknown {
  return codec(kind, field).canon(rec);
}

/** Applies write-form changes to a read record (in place). */
export function applyChanges(kind: Kind, rec: Rec, changes: Record<string, unknown>): Rec {
  for (const [field, value] of Object.entries(changes)) codec(kind, field).apply(rec, value);
  return rec;
}

/** Canonical values are JSON: equal when their JSON is (null and undefined alike). */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}
