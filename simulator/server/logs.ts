// What a test reads to prove what happened: the request log (bounded), the
// counters per endpoint, token and status (never dropped), and the log of
// mutations with their outcome, so "applied exactly once" can be checked.
import { CARD_FIELDS } from '../../shared/api/bookings';
import { SIM } from '../config';
import type { Mutation, RequestLogEntry } from '../types';

export class Logs {
  private readonly requests: RequestLogEntry[] = [];
  private readonly mutationList: Mutation[] = [];
  private readonly counts = new Map<string, number>();
  private seq = 0;

  request(entry: RequestLogEntry): void {
    this.requests.push(entry);
    if (this.requests.length > SIM.requestLogMax) this.requests.splice(0, this.requests.length - SIM.requestLogMax);
    this.bump(entry.endpoint ?? 'unmatched');
    if (entry.token) this.bump(`token:${entry.token}`);
    this.bump(`status:${entry.status}`);
  }

  mutation(m: Omit<Mutation, 'seq' | 'body'> & { body: unknown }): Mutation {
    const entry: Mutation = { ...m, seq: ++this.seq, body: redact(m.body) };
    this.mutationList.push(entry);
    if (this.mutationList.length > SIM.mutationLogMax)
      this.mutationList.splice(0, this.mutationList.length - SIM.mutationLogMax);
    return entry;
  }

  requestLog(): RequestLogEntry[] {
    return this.requests.slice();
  }

  mutations(): Mutation[] {
    return this.mutationList.slice();
  }

  counters(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }

  /** Adds `n` to a counter (the image host's bytes sent: 'media:bytes'). */
  bump(key: string, n = 1): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + n);
  }
}

/** A copy of a request body with card data blanked: the simulator never keeps it, not even in its log. */
function redact(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const copy = structuredClone(body) as Record<string, unknown>;
  const customer = copy['customer'];
  if (customer && typeof customer === 'object') {
    for (const f of CARD_FIELDS) if (f in customer) (customer as Record<string, unknown>)[f] = '[redacted]';
  }
  return copy;
}
