// A unit of sync work ("job"): one resource for one scope and date window,
// fetched completely (so deletions can be detected) in one or a few
// requests. Its key is the row of sync_state that remembers when it last
// succeeded; its tier and maximum age decide when it is due again.
import type { ResourceName } from '../../shared/contract';

export const WINDOW_RESOURCES = ['bookings', 'cleaning', 'maintenance', 'incidents', 'blocks'] as const;
export type WindowResource = (typeof WINDOW_RESOURCES)[number];

export const REFERENCE_RESOURCES = ['destinations', 'origins', 'owners', 'costs', 'admins', 'customerTypes'] as const;
export type ReferenceResource = (typeof REFERENCE_RESOURCES)[number];

export type JobSpec =
  | { kind: 'listings' }
  | { kind: 'reference'; resource: ReferenceResource }
  /** All rates at once (listingId null) or the rates of one listing. */
  | { kind: 'rates'; listingId: number | null }
  /** A date-window list, for every listing at once (listingId null) or one listing. */
  | { kind: 'window'; resource: WindowResource; listingId: number | null; from: string; to: string }
  | { kind: 'photos'; listingId: number }
  | { kind: 'availability'; listingId: number; mu: boolean; from: string; to: string }
  | { kind: 'prices'; rateId: number; listingId: number | null; from: string; to: string }
  /** Customer and guests of one booking. */
  | { kind: 'bundle'; bookingNumber: number }
  /** One booking read whole (record + customer + guests) — for bookings on screen. */
  | { kind: 'booking'; bookingNumber: number }
  | { kind: 'threads'; bookingNumber: number };

export type Tier = 'onScreen' | 'near' | 'reference' | 'far';

export interface Job {
  spec: JobSpec;
  /** sync_state key parts. */
  resource: ResourceName;
  scope: string;
  win: string;
  tier: Tier;
  maxAge: number;
  /** Requests it is expected to take. */
  cost: number;
  /** importance × staleness; higher goes first. */
  score: number;
}

export const jobKey = (j: { resource: string; scope: string; win: string }) => `${j.resource}|${j.scope}|${j.win}`;

/** The sync_state identity of a job spec. */
export function identify(spec: JobSpec): { resource: ResourceName; scope: string; win: string } {
  switch (spec.kind) {
    case 'listings':
      return { resource: 'listings', scope: 'all', win: '' };
    case 'reference':
      return { resource: spec.resource, scope: 'all', win: '' };
    case 'rates':
      return { resource: 'rates', scope: spec.listingId === null ? 'all' : `listing:${spec.listingId}`, win: '' };
    case 'window':
      return {
        resource: spec.resource,
        scope: spec.listingId === null ? 'all' : `listing:${spec.listingId}`,
        win: `${spec.from}..${spec.to}`,
      };
    case 'photos':
      return { resource: 'photos', scope: `listing:${spec.listingId}`, win: '' };
    case 'availability':
      return { resource: 'availability', scope: `listing:${spec.listingId}`, win: `${spec.from}..${spec.to}` };
    case 'prices':
      return { resource: 'prices', scope: `rate:${spec.rateId}`, win: `${spec.from}..${spec.to}` };
    case 'bundle':
    case 'booking':
      return { resource: 'guests', scope: `booking:${spec.bookingNumber}`, win: '' };
    case 'threads':
      return { resource: 'threads', scope: `booking:${spec.bookingNumber}`, win: '' };
  }
}

/** Human label for progress ("bookings · listing 12 · 2026-06-09..2026-06-12"). */
export function describeJob(j: Pick<Job, 'resource' | 'scope' | 'win'>): string {
  const scope = j.scope === 'all' ? 'all' : j.scope.replace(':', ' ');
  return [j.resource, scope, j.win].filter(Boolean).join(' · ');
}

export interface Windows {
  today: string;
  /** Today + 48 h (and yesterday). */
  near: { from: string; to: string };
  /** Everything the cache covers. */
  full: { from: string; to: string };
  /** Incidents: open ones reported long ago matter too. */
  incidents: { from: string; to: string };
  /** Incidents older than that, refreshed daily: an open one from years ago still reaches the cache. */
  incidentsDeep: { from: string; to: string };
  /** Availability and prices: from today on. */
  ahead: { from: string; to: string };
}
