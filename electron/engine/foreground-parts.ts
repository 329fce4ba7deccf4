// The account's parts that ask the server now, assembled once per engine: the
// one foreground writer (foreground.ts) for the writes the person waits for,
// the live availability question (live.ts), the booking with card data
// (booking-card.ts) and the intranet-user writes (admin-writes.ts), whose
// server records land in the admins table with their cache event here. The
// services layer only adapts these to its port (services/wiring.ts).
import type { Admin } from '../../shared/api';
import type { ContractEventMap } from '../../shared/contract';
import type { ApiClient } from '../api/client';
import type { Clock } from '../api/clock';
import type { WritableDB } from '../cache/db';
import { adminsTable } from '../cache/tables';
import { upsertRecords, type Incoming } from '../cache/write';
import { adminWrites, type AdminWrites } from './admin-writes';
import { createBookingWithCard } from './booking-card';
import type { EngineConnectivity } from './connectivity';
import { ForegroundWriter } from './foreground';
import { liveAvailability, type LiveAvailability, type LiveAvailabilityInput } from './live';

/** What the parts need of their engine. */
export interface ForegroundHost {
  readonly client: ApiClient | null;
  readonly clock: Clock;
  readonly connectivity: Pick<EngineConnectivity, 'snapshot'>;
  transaction<T>(fn: (db: WritableDB) => T): T;
  emit<E extends keyof ContractEventMap>(event: E, ...payload: ContractEventMap[E]): boolean;
}

export interface ForegroundParts {
  live: {
    availability(i: LiveAvailabilityInput): Promise<LiveAvailability>;
    createBookingWithCard: (
      booking: Parameters<typeof createBookingWithCard>[1],
    ) => ReturnType<typeof createBookingWithCard>;
  };
  admins: AdminWrites;
}

/** `settleMs`: how long a lost answer's request is given to finish at the server (default: the outbox's). */
export function foregroundParts(engine: ForegroundHost, settleMs?: number): ForegroundParts {
  // Live questions are not asked while the server is known unreachable, pausing us (rate limit) or
  // refusing the session: they answer at once.
  const answering = () =>
    !['unreachable', 'rateLimited', 'sessionExpired'].includes(engine.connectivity.snapshot().kind);
  const writer = new ForegroundWriter({
    client: () => engine.client,
    online: answering,
    clock: engine.clock,
    settleMs,
  });
  /** Server records of intranet users into the cache, the way sync keeps them, and the screens told. */
  const storeAdmins = (items: Incoming<Admin>[]) => {
    engine.transaction((tx) => upsertRecords(tx, adminsTable, items));
    engine.emit('cache.changed', { resources: ['admins'] });
  };
  return {
    live: {
      availability: (i) => liveAvailability(engine.client, answering(), i),
      createBookingWithCard: (booking) =>
        createBookingWithCard({ writer, transaction: (fn) => engine.transaction(fn) }, booking),
    },
    admins: adminWrites(writer, storeAdmins),
  };
}
