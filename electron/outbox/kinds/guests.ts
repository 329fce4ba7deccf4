// Guests of a booking: registered (created offline, matched on the server by content), edited;
// confirmed by reading back. A refused registration can be edited and sent again in place.
import { endpoint, guestRead, type GuestCreate, type GuestUpdate } from '../../../shared/api';
import { documentTypeIdOf, documentTypes } from '../../../shared/codes';
import { CommandError } from '../../../shared/contract';
import { RULE_MESSAGES } from '../../../shared/domain/field-rules';
import { documentNumberProblem } from '../../../shared/domain/identity-documents';
import type { ApiClient } from '../../api/client';
import { validateOne } from '../../api/reads';
import { guestsTable } from '../../cache/tables';
import { replaceBundleOfBooking } from '../../cache/write-compound';
import type { EntryContext, Rec, Values } from '../types';
import { codeName, newRecord, PERSON, same } from './fields';
import { edits, fullName, isObj, notCached, orNull, record, USER } from './parts';
import type { Collection, FieldCodecs, KindSpec, ServerVersion } from './spec';

// Guests read their country as an id (customers as a name).
const fields: FieldCodecs<GuestUpdate & GuestCreate['guest']> = {
  ...PERSON,
  country: same('country'),
  document_type_id: codeName('document_type', documentTypes),
};

const columnsOf = (ctx: EntryContext): Rec => ({ booking_number: ctx.bookingNumber ?? null });

/**
 * An edit of a guest's document number or type: the number must fit the type, one of them
 * possibly the guest's as it is (the write schema sees only the payload). Refused before queueing.
 */
function check(_db: unknown, rec: Rec, changes: Values): void {
  if (!('number_id' in changes) && !('document_type_id' in changes)) return;
  const type =
    'document_type_id' in changes ? changes['document_type_id'] : documentTypeIdOf(rec['document_type'] as string);
  const number = 'number_id' in changes ? changes['number_id'] : rec['number_id'];
  if (typeof number !== 'string') return;
  const rule = documentNumberProblem(typeof type === 'number' ? type : null, number);
  if (rule)
    throw new CommandError('invalid_input', `number_id: ${RULE_MESSAGES[rule]}`, {
      'changes.number_id': [RULE_MESSAGES[rule]],
    });
}

async function fetch(client: ApiClient, id: number, hint: Rec | null): Promise<ServerVersion | null> {
  const e = endpoint('guests.get');
  const res = await orNull(client.request('guests.get', { ...USER, id }));
  if (!res) return null;
  const v = validateOne(e.response.item!, e, res.body);
  if (!v.ok || !isObj(v.raw)) return null;
  const raw = v.raw['guest'];
  if (!isObj(raw) || Object.keys(raw).length === 0) return null;
  const r = guestRead.safeParse(raw);
  if (!r.success) return null;
  return { value: { ...(r.data as Rec), booking_number: hint?.['booking_number'] ?? null }, raw };
}

async function collection(client: ApiClient, ctx: EntryContext): Promise<Collection | null> {
  const bookingNumber = ctx.bookingNumber!;
  const r = await orNull(client.one('guests.ofBooking', { ...USER, id: bookingNumber }));
  if (!r) return null;
  const bundle = r.value;
  const rawGuests = isObj(r.raw) && Array.isArray(r.raw['guests']) ? (r.raw['guests'] as unknown[]) : [];
  return {
    items: bundle.guests.map((g, i) => ({
      value: { ...(g as unknown as Rec), booking_number: bookingNumber },
      raw: rawGuests[i] ?? g,
    })),
    store: (db) => replaceBundleOfBooking(db, bookingNumber, bundle, r.raw),
  };
}

/** A new guest until the server has it (its booking's number in its column). */
const local = newRecord(
  fields,
  {
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
  },
  columnsOf,
);

export const guests = {
  ...record('guests', guestsTable, guestRead, fields),
  contextColumns: ['booking_number'],
  refs: [{ kind: 'bookings', context: 'bookingNumber' }],
  commands: {
    ...edits('guests', 'This guest'),
    'guests.create': {
      op: 'create',
      step: (db, v) => {
        // A booking created offline and already matched is found under its server number.
        const asked = v['bookingNumber'] as number;
        const bookingNumber =
          db.get<{ server_id: number }>(
            `SELECT server_id FROM outbox_ids WHERE resource = 'bookings' AND local_id = ?`,
            [asked],
          )?.server_id ?? asked;
        if (!db.get('SELECT 1 FROM bookings WHERE booking_number = ?', [bookingNumber]))
          throw notCached(`Booking ${bookingNumber}`);
        const guest = v['guest'] as Values;
        return { payload: guest, context: { bookingNumber }, parent: `guests@${bookingNumber}`, subjectRec: guest };
      },
    },
  },
  subject: { name: fullName, booking: 'context' },
  entryContext: (rec) => ({ bookingNumber: rec['booking_number'] as number }),
  columnsOf,
  check,
  update: { endpoint: 'guests.update', idKey: 'id', fetch },
  create: {
    endpoint: 'guests.create',
    local,
    body: (ctx, payload) => ({ id: ctx.bookingNumber, guest: payload }),
    collection,
    amend: {
      command: 'guests.create',
      input: (ctx, guest) => ({ bookingNumber: ctx.bookingNumber, guest }),
      key: 'guest',
    },
  },
} satisfies KindSpec<'guests'>;
