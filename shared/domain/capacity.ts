// A listing's capacity — the one rule of who counts against it, used by the
// New booking form, the stay check (this computer's answer, with the clash
// named) and the outbox's refusal before anything is queued: adults and
// children; infants do not take a bed (the PMS's "sleeps N" is silent on them;
// chosen here, and only here).

/** The people that count against a listing's capacity. */
export function partySize(adults: number, children: number): number {
  return adults + children;
}

/**
 * Whether the party is more than a listing that sleeps `capacity` takes (null: not known here, so not refused).
 * True tells the caller the capacity is known.
 */
export function overCapacity(capacity: number | null, adults: number, children: number): capacity is number {
  return capacity !== null && partySize(adults, children) > capacity;
}
