// A new booking whose customer gives card data: the one path by which card
// values reach the server, and they reach nothing else. Online only; ONE
// foreground request, never queued, never retried, never resent; the values
// live in this call's memory (the request body) and are dropped when it
// returns — not in SQLite, the outbox, logs, errors or breadcrumbs (the
// request's failures are reported by their kind and the server's field names,
// never a value). When the answer is lost the listing's bookings over the stay
// are read back (the same matching the outbox uses for a booking without
// card: kinds/booking-create.ts) — found: created; not found: the person is
// asked to enter the card again, since resending blind could book twice.
import type { CommandOutput } from '../../shared/contract';
import { CommandError } from '../../shared/contract';
import type { ApiClient } from '../api/client';
import { commandErrorOf } from '../api/contract-errors';
import { isApiError } from '../api/errors';
import type { WritableDB } from '../cache/db';
import { adoptedIds } from '../outbox/entries';
import { bookingsOfStay } from '../outbox/kinds/booking-create';
import { fingerprintOf, findCreated, idOf } from '../outbox/remote';
import type { Collection } from '../outbox/kinds/spec';
import type { Values } from '../outbox/types';

/** How long the person waits for the server's answer before it is read back. */
export const CARD_CREATE_TIMEOUT_MS = 20_000;

type Outcome = CommandOutput<'bookings.createWithCard'>;

export interface CardCreateDeps {
  client: ApiClient | null;
  /** False while the server is known unreachable, pausing us or refusing the session. */
  online: boolean;
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

export async function createBookingWithCard(d: CardCreateDeps, booking: Values): Promise<Outcome> {
  const client = d.client;
  if (!client || !d.online) throw offline();
  const plain = withoutCard(booking);
  const fingerprint = fingerprintOf('bookings', plain);
  const ctx = { listingId: Number(plain['listing_id']) };
  // What was there before: a booking found afterwards that was already there is not ours.
  let before: Collection | null;
  try {
    before = await bookingsOfStay(client, ctx, plain);
  } catch (e) {
    if (isApiError(e) && (e.kind === 'network' || e.kind === 'timeout')) throw offline();
    throw commandErrorOf(e, 'The PMS could not be asked before sending; nothing was sent.');
  }
  // What the fingerprint uses follows kinds/bookings.ts's matchBy (an existing customer: its id too).
  const snapshot = (before?.items ?? []).map((i) => idOf('bookings', i.value));

  let answered = false;
  try {
    await client.write('bookings.create', {
      body: booking,
      priority: 'user',
      once: true,
      timeoutMs: CARD_CREATE_TIMEOUT_MS,
    });
    answered = true;
  } catch (e) {
    // Refused for sure (the server said no, or it never left): say why. Otherwise the outcome is unknown.
    const unknown = isApiError(e) && (e.outcomeUnknown || e.kind === 'unexpected_body');
    if (!unknown) throw commandErrorOf(e, 'The PMS did not take the booking.');
  }
  let after: Collection | null;
  try {
    after = await bookingsOfStay(client, ctx, plain);
  } catch {
    after = null;
  }
  const adopted = d.transaction((tx) => adoptedIds(tx, 'bookings'));
  const found = after && findCreated('bookings', after, fingerprint, snapshot, adopted);
  if (after && found) {
    d.transaction((tx) => after.store(tx));
    return { outcome: 'created', bookingNumber: Number(found.value['booking_number']) };
  }
  return {
    outcome: 'enterCardAgain',
    message: answered
      ? 'The PMS accepted the booking but it could not be found when read back. Check the calendar before entering the card again.'
      : 'The answer from the PMS was lost and the booking is not there: enter the card again to send it.',
  };
}
