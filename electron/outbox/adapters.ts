// One adapter per kind of record the outbox edits: the cache table it lives
// in, how a stored server JSON becomes the cached record again (the read
// schema plus the context columns the table keeps), the write endpoints, what
// a record created offline looks like before the server has it, and the label
// the Sync screen shows.
import type { z } from 'zod';
import {
  blockRead,
  bookingRead,
  cleaningRead,
  customerRead,
  guestRead,
  incidentRead,
  maintenanceRead,
  messageRead,
  type EndpointName,
} from '../../shared/api';
import type { ReadableDB } from '../cache/db';
import {
  blocksTable,
  bookingsTable,
  cleaningTable,
  customersTable,
  guestsTable,
  incidentsTable,
  maintenanceTable,
  messagesTable,
  type TableSpec,
} from '../cache/tables';
import { applyChanges } from './fields';
import type { EntryContext, Kind, Rec } from './types';

export interface Adapter {
  kind: Kind;
  table: TableSpec<never>;
  /** Columns of the row that are not part of the API record but of its context. */
  contextColumns: readonly string[];
  read: z.ZodType;
  update?: EndpointName;
  remove?: EndpointName;
  create?: EndpointName;
}

const t = (spec: TableSpec<unknown>) => spec as TableSpec<never>;

export const ADAPTERS: Record<Kind, Adapter> = {
  cleaning: {
    kind: 'cleaning',
    table: t(cleaningTable),
    contextColumns: [],
    read: cleaningRead,
    update: 'cleanings.update',
    remove: 'cleanings.delete',
  },
  maintenance: {
    kind: 'maintenance',
    table: t(maintenanceTable),
    contextColumns: [],
    read: maintenanceRead,
    update: 'maintenance.update',
    remove: 'maintenance.delete',
  },
  incidents: {
    kind: 'incidents',
    table: t(incidentsTable),
    contextColumns: [],
    read: incidentRead,
    update: 'incidents.update',
    remove: 'incidents.delete',
  },
  bookings: {
    kind: 'bookings',
    table: t(bookingsTable),
    contextColumns: [],
    read: bookingRead,
    update: 'bookings.update',
  },
  customers: {
    kind: 'customers',
    table: t(customersTable),
    contextColumns: [],
    read: customerRead,
    update: 'customers.update',
  },
  guests: {
    kind: 'guests',
    table: t(guestsTable),
    contextColumns: ['booking_number'],
    read: guestRead,
    update: 'guests.update',
    create: 'guests.create',
  },
  messages: {
    kind: 'messages',
    table: t(messagesTable),
    contextColumns: ['thread_ref', 'booking_number'],
    read: messageRead,
    create: 'threads.send',
  },
  blocks: {
    kind: 'blocks',
    table: t(blocksTable),
    contextColumns: [],
    read: blockRead,
    update: 'blocks.update',
    remove: 'blocks.delete',
    create: 'blocks.create',
  },
};

/**
 * A stored server JSON → the record as the cache keeps it, with the context
 * columns taken from the row (or the given context). Null when the JSON is
 * empty (a record that only exists locally) or no longer readable.
 */
export function normalise(kind: Kind, raw: unknown, context: Rec = {}): Rec | null {
  if (!raw || typeof raw !== 'object' || Object.keys(raw).length === 0) return null;
  const a = ADAPTERS[kind];
  const r = a.read.safeParse(raw);
  if (!r.success) return null;
  const rec = r.data as Rec;
  for (const c of a.contextColumns) rec[c] = context[c] ?? null;
  return rec;
}

/** The context columns of a record created offline, from the entry's context. */
export function contextOf(kind: Kind, ctx: EntryContext): Rec {
  if (kind === 'guests') return { booking_number: ctx.bookingNumber ?? null };
  if (kind === 'messages') return { thread_ref: ctx.threadId ?? null, booking_number: ctx.bookingNumber ?? null };
  return {};
}

/** What a record created offline looks like until the server has it. */
export function localRecord(kind: Kind, id: number, ctx: EntryContext, payload: Rec, now: number): Rec {
  if (kind === 'guests') {
    const blank: Rec = {
      id,
      name: '',
      lastname: '',
      email: '',
      address: '',
      city: '',
      zip_code: '',
      number_id: '',
      document_type: null,
      nationality: null,
      sex: null,
      date_issue: null,
      date_birth: null,
      country: null,
      ...contextOf(kind, ctx),
    };
    return applyChanges(kind, blank, payload);
  }
  if (kind === 'messages') {
    return {
      id,
      thread_id: ctx.threadId ?? null,
      // 1 = written by the business, as the simulator and the sample threads show it.
      in_out: 1,
      message: typeof payload['message'] === 'string' ? payload['message'] : '',
      external_id: null,
      type: null,
      created_at: new Date(now).toISOString(),
      ...contextOf(kind, ctx),
    };
  }
  if (kind === 'blocks') {
    return applyChanges(kind, { id, listing_id: 0, start_date: '', end_date: '', block_type: 0, reason: '' }, payload);
  }
  throw new Error(`${kind} records cannot be created offline`);
}

function listingName(db: ReadableDB, id: unknown): string {
  if (typeof id !== 'number') return 'no listing';
  return db.get<{ name: string }>('SELECT name FROM listings WHERE id = ?', [id])?.name ?? `listing ${id}`;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const fullName = (r: Rec) => `${str(r['name'])} ${str(r['lastname'])}`.trim() || 'no name';

/** The short label the Sync screen shows, built when the edit is made. */
export function labelOf(db: ReadableDB, kind: Kind, rec: Rec, ctx: EntryContext): string {
  switch (kind) {
    case 'cleaning':
      return `Cleaning · ${listingName(db, rec['listing_id'])} · ${String(rec['date'])}`;
    case 'maintenance':
      return `Maintenance · ${listingName(db, rec['listing_id'])} · ${String(rec['date'])}`;
    case 'incidents': {
      const title = str(rec['subtitle']) || str(rec['note']).slice(0, 40);
      return `Incident · ${title || str(rec['id'])}`;
    }
    case 'bookings':
      return `Booking ${String(rec['booking_number'])} · ${listingName(db, rec['listing_id'])}`;
    case 'customers':
      return `Customer ${fullName(rec)}`;
    case 'guests':
      return `Guest ${fullName(rec)} · booking ${String(ctx.bookingNumber ?? rec['booking_number'])}`;
    case 'messages':
      return `Message · booking ${String(ctx.bookingNumber)}`;
    case 'blocks':
      return `Block · ${listingName(db, rec['listing_id'])} · ${String(rec['start_date'])} → ${String(rec['end_date'])}`;
  }
}
