// What the main side decided to notify the person of (the `notification.show`
// push event): a new urgent or high incident that came with sync, a change of
// today's arrival time that came with sync, a change of mine not accepted, the
// outbox stalled. Both hosts only show it (the renderer words it in the UI
// language). The kinds, and which setting turns each off, are listed once here.
import { z } from 'zod';
import { instant, nullable, resourceName } from './primitives';
import { changeSubject } from './subject';

export const NOTICE_KINDS = ['incident', 'arrival', 'refused', 'stall'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The setting (shared/contract status.ts settingsShape) that switches each kind off. */
export const NOTICE_SETTING = {
  incident: 'notifyIncidents',
  arrival: 'notifyArrivals',
  refused: 'notifyRefused',
  stall: 'notifyStall',
} as const satisfies Record<NoticeKind, string>;

const time = z.string().regex(/^\d{2}:\d{2}$/);

export const notice = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('incident'),
    incidentId: z.number().int(),
    priority: z.enum(['high', 'urgent']),
    subtitle: nullable(z.string()),
    listing: nullable(z.string()),
  }),
  z.object({
    kind: z.literal('arrival'),
    bookingNumber: z.number().int(),
    guest: nullable(z.string()),
    listing: nullable(z.string()),
    before: nullable(time),
    after: nullable(time),
  }),
  z.object({
    kind: z.literal('refused'),
    entryId: z.number().int(),
    resource: resourceName,
    subject: changeSubject,
    state: z.enum(['rejected', 'conflict']),
  }),
  z.object({ kind: z.literal('stall'), entryId: z.number().int(), resource: resourceName, subject: changeSubject }),
]);
export type Notice = z.output<typeof notice>;

export const noticeEvent = z.object({ notice, at: instant });

/** "HH:MM" of a quiet-hours bound (null: no quiet hours). */
export const quietTime = nullable(time);
