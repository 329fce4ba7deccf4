// Recognising the outbox's own work in what the server answers: a create is
// matched by its content inside the collection it lands in (the kind's
// `create.collection`, `create.matchBy`), and an update's answer is the record
// when the endpoint documents one. How each kind is read from the server is
// its spec's (kinds/<kind>.ts); every read there is a 'user' priority request.
import { endpoint } from '../../shared/api';
import { canonIn, canonOf, sameValue } from './kinds/fields';
import { KIND_SPECS, type Collection, type Kind, type ServerVersion } from './kinds';
import { isObj } from './kinds/parts';
import type { Rec, Values } from './types';

export type { Collection, ServerVersion } from './kinds';

/** A server record's id: its table's key (`id`, a booking's `booking_number`). */
export const idOf = (kind: Kind, rec: Rec): number => rec[KIND_SPECS[kind].table.key] as number;

/** The fields a create is recognised by on the server, in canonical form. */
export function fingerprintOf(kind: Kind, body: Values): Values {
  const m = KIND_SPECS[kind].create?.matchBy;
  const by = typeof m === 'function' ? m(body) : m;
  const out: Values = {};
  for (const [f, v] of Object.entries(body)) {
    if (by && !by.includes(f)) continue;
    out[f] = canonOf(KIND_SPECS[kind].fields, f, v);
  }
  return out;
}

export function matches(kind: Kind, rec: Rec, fingerprint: Values): boolean {
  return Object.entries(fingerprint).every(([f, v]) => sameValue(canonIn(KIND_SPECS[kind].fields, f, rec), v));
}

/** Ids of the collection's records with this content. */
export function idsMatching(kind: Kind, coll: Collection, fingerprint: Values): number[] {
  return coll.items.filter((i) => matches(kind, i.value, fingerprint)).map((i) => idOf(kind, i.value));
}

/**
 * The server record a create became: same content, not there before the
 * first send, not already matched to another create. Lowest id first.
 */
export function findCreated(
  kind: Kind,
  coll: Collection,
  fingerprint: Values,
  snapshot: readonly number[],
  adopted: ReadonlySet<number>,
): ServerVersion | null {
  const before = new Set(snapshot);
  const hits = coll.items
    .filter((i) => {
      const id = idOf(kind, i.value);
      return !before.has(id) && !adopted.has(id) && matches(kind, i.value, fingerprint);
    })
    .sort((a, b) => idOf(kind, a.value) - idOf(kind, b.value));
  return hits[0] ?? null;
}

/** The record an update endpoint answered with, when the endpoint documents one. */
export function fromResponse(name: string, body: unknown, value: unknown): ServerVersion | null {
  const e = endpoint(name as Parameters<typeof endpoint>[0]);
  if (e.response.shape !== 'one' || value === undefined || !isObj(body) || !isObj(body['data'])) return null;
  return { value: value as Rec, raw: body['data'] };
}
