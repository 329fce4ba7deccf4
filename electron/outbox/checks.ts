// Checks made on this computer before an edit is queued, for what the server
// would surely refuse and the cache already knows: a booking's party larger
// than its listing sleeps, a stay that ends before it starts. The contract's
// schemas already refuse dates that do not exist and numbers that are not
// numbers. A refusal here is `invalid_input` with the field to fix, so the
// form shows it where the person is looking and nothing is queued.
// Spec-silent choice (here only): the capacity counts adults + children,
// not infants, as the simulator does.
import { CommandError } from '../../shared/contract';
import type { WritableDB } from '../cache/db';
import type { Kind, Rec, Values } from './types';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The people that count against a listing's capacity. */
export function partySize(adults: number, children: number): number {
  return adults + children;
}

function checkBooking(db: WritableDB, rec: Rec, changes: Values): void {
  const value = (f: string): unknown => (f in changes ? changes[f] : rec[f]);
  const start = value('start_date');
  const end = value('end_date');
  if (('start_date' in changes || 'end_date' in changes) && typeof start === 'string' && typeof end === 'string')
    if (end <= start)
      throw new CommandError('invalid_input', 'The stay must end after it starts.', {
        'changes.end_date': ['must be after the start date'],
      });
  if (!('adults' in changes) && !('children' in changes)) return;
  const listingId = num(rec['listing_id']);
  if (listingId === null) return;
  const row = db.get<{ person_capacity: number | null }>('SELECT person_capacity FROM listings WHERE id = ?', [
    listingId,
  ]);
  const capacity = num(row?.person_capacity);
  if (capacity === null) return;
  const party = partySize(num(value('adults')) ?? 0, num(value('children')) ?? 0);
  if (party > capacity) {
    const field = 'adults' in changes ? 'adults' : 'children';
    throw new CommandError('invalid_input', `The listing sleeps at most ${capacity} people (adults and children).`, {
      [`changes.${field}`]: [`the listing sleeps at most ${capacity} people`],
    });
  }
}

/** Throws CommandError when `changes` to `rec` cannot be accepted; nothing is queued then. */
export function checkBeforeQueueing(db: WritableDB, kind: Kind, rec: Rec, changes: Values): void {
  if (kind === 'bookings') checkBooking(db, rec, changes);
}
