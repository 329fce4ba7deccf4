// The deterministic business generator: seed + size → a complete Store.
// Each part draws from its own forked PRNG stream, so changing how one part
// is generated never reshuffles the others.
import { Store } from '../model';
import { mulberry32 } from '../prng';
import { generateBookings } from './bookings';
import { generateInventory } from './inventory';
import { generateAdmins, generateIncidents, generateOrigins } from './operations';

export interface GenerateOptions {
  seed: number;
  listings: number;
  /** Day number of the business's today. */
  today: number;
}

export function generate({ seed, listings, today }: GenerateOptions): Store {
  if (!Number.isInteger(listings) || listings < 1) throw new Error('listings must be a positive integer');
  const store = new Store(today, seed);
  const root = mulberry32(seed);
  generateOrigins(store);
  generateInventory(store, root.fork(1), listings);
  generateBookings(store, root.fork(2));
  generateIncidents(store, root.fork(3));
  generateAdmins(store, root.fork(4), listings);
  return store;
}
