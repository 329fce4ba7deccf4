// Live questions the UI asks the server itself because the answer must be
// the server's, now: whether a stay is available (the booking form shows the
// cached answer at once and this one when it comes; the live answer wins).
// One request at the user's priority, one attempt, a short deadline — never
// queued, never retried in the background; offline it answers at once that
// the server cannot be reached, so the form keeps the cached answer.
import { CommandError } from '../../shared/contract';
import type { ApiClient } from '../api/client';
import { commandErrorOf } from '../api/contract-errors';

/** How long the form waits for the server's answer before keeping the cached one. */
export const LIVE_TIMEOUT_MS = 8_000;

export interface LiveAvailabilityInput {
  listingId: number;
  /** Arrival and departure dates (the spec's from / to; read as the stay's dates). */
  from: string;
  to: string;
  rateId: number;
  /** Multi-unit listings are asked through the count operation. */
  mu: boolean;
}

export interface LiveAvailability {
  available: boolean;
  /** Free units (multi-unit listings), else null. */
  freeUnits: number | null;
}

export async function liveAvailability(
  client: ApiClient | null,
  online: boolean,
  i: LiveAvailabilityInput,
): Promise<LiveAvailability> {
  if (!client || !online)
    throw new CommandError('unreachable', 'The server cannot be reached now: the answer shown is from this computer.');
  const call = {
    query: { listing_id: i.listingId, from: i.from, to: i.to, rate_id: i.rateId },
    priority: 'user' as const,
    once: true,
    timeoutMs: LIVE_TIMEOUT_MS,
  };
  try {
    if (i.mu) {
      const free = (await client.one('availability.checkMU', call)).value.availability;
      return { available: free > 0, freeUnits: free };
    }
    return { available: (await client.one('availability.check', call)).value.availability, freeUnits: null };
  } catch (e) {
    // In the contract's words (the one map): the form keeps the cached answer and says why.
    throw commandErrorOf(e, 'The server could not check availability.');
  }
}
