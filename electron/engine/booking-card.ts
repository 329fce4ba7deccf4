// A new booking whose customer gives card data: the one path by which card
// values reach the server, and they reach nothing else. A foreground write
// (foreground.ts, the one path of writes the person waits for): online only;
// ONE request, never queued, never retried, never resent; the values live in
// this call's memory (the request body) and are dropped when it returns — not
// in SQLite, the outbox, logs, errors, breadcrumbs or the writer's memory of
// unsure writes (the request's failures are reported by their kind and the
// server's field names, never a value). When the answer is lost the listing's
// bookings over the stay are read back (the same matching the outbox uses for
// a booking without card: kinds/booking-create.ts) — found: created; not
// found: the person is asked to enter the card again, since resending blind
// could book twice.
import type { CommandOutput } from '../../shared/contract';
import { CommandError } from '../../shared/contract';
import type { ApiClient } from '../api/client';
import { commandErrorOf } from '../api/contract-errors';
import { isApiError } from '../api/errors';
import type { WritableDB } from '../cache/db';
import { adoptedIds } from '../outbox/entries';
import { bookingsOfStay } from '../outbox/kinds/booking-create';
import { fingerprintOf, findCreated, idOf } from '../outbox/remote';
import type { EntryContext, Values } from '../outbox/types';
import type { ForegroundWriter } from './foreground';

/** How long the person waits for the server's answer before it is read back. */
export const CARD_CREATE_TIMEOUT_MS = 20_000;

type Outcome = CommandOutput<'bookings.createWithCard'>;

export interface CardCreateDeps {
  /** The foreground writer (its client, and whether the server answers now). */
  writer: ForegroundWriter;
  /** Stores what the read-back found (the listing's bookings over the stay: no card data in them). */
  transaction<T>(fn: (db: WritableDB) => T): T;
}

/** The booking without its card: what may be used to match it (never logged either). */
function withoutCard(booking: Values): Values {
  const customer = { ...(booking['customer'] as Values) };
  for (const k of ['cardholder', 'card_number', 'card_expiration', 'card_cvv']) delete customer[k];
  return { ...booking, customer };
}

const offline = () =>
  new CommandError(
    'disconnected',
    'Card details can only be sent while Stayboard is connected to the PMS: nothing was sent. Take the booking without the card, or try again when connected.',
  );

/** What was there before sending (a booking found afterwards that was already there is not ours). */
async function bookingsBefore(client: ApiClient, ctx: EntryContext, plain: Values): Promise<number[]> {
  try {
    const before = await bookingsOfStay(client, ctx, plain);
    // What the fingerprint uses follows kinds/bookings.ts's matchBy (an existing customer: its id too).
    return (before?.items ?? []).map((i) => idOf('bookings', i.value));
  } catch (e) {
    if (isApiError(e) && (e.kind === 'network' || e.kind === 'timeout')) throw offline();
    throw commandErrorOf(e, 'The PMS could not be asked before sending; nothing was sent.');
  }
}

export async function createBookingWithCard(d: CardCreateDeps, booking: Values): Promise<Outcome> {
  const plain = withoutCard(booking);
  const fingerprint = fingerprintOf('bookings', plain);
  const ctx = { listingId: Number(plain['listing_id']) };
  let snapshot: number[] = [];
  /** Our new booking's number among the listing's bookings over the stay (stored as read), or null. */
  const find = async (client: ApiClient): Promise<number | null> => {
    const after = await bookingsOfStay(client, ctx, plain);
    const adopted = d.transaction((tx) => adoptedIds(tx, 'bookings'));
    const found = after && findCreated('bookings', after, fingerprint, snapshot, adopted);
    if (!after || !found) return null;
    d.transaction((tx) => after.store(tx));
    return Number(found.value['booking_number']);
  };
  // No `key`: nothing of a card booking is remembered after the call.
  const r = await d.writer.write(
    {
      send: async (client) => {
        snapshot = await bookingsBefore(client, ctx, plain);
        await client.write('bookings.create', {
          body: booking,
          priority: 'user',
          once: true,
          timeoutMs: CARD_CREATE_TIMEOUT_MS,
        });
      },
      find,
      offline,
      absent: 'answer',
    },
    'Sending the booking with its card',
  );
  if (r.outcome === 'found') return { outcome: 'created', bookingNumber: r.found };
  // Taken: read it back for its number (a failed read is said like a booking not there).
  const bookingNumber = r.outcome === 'done' ? await d.writer.read(find).catch(() => null) : null;
  if (bookingNumber !== null) return { outcome: 'created', bookingNumber };
  return {
    outcome: 'enterCardAgain',
    message:
      r.outcome === 'done'
        ? 'The PMS accepted the booking but it could not be found when read back. Check the calendar before entering the card again.'
        : 'The answer from the PMS was lost and the booking is not there: enter the card again to send it.',
  };
}
