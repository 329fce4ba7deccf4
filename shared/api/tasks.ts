// Schemas of the operations side: incidents, maintenance tasks and cleaning
// tasks, read (tolerant) and update (strict, every field the outbox carries).
import { z } from 'zod';
import { F, listOf, orElse, orNull, wDate, wDuration, wText, wTime } from './primitives';
import { nested, record } from './record';

export const INCIDENT_PRIORITIES = { 1: 'low', 2: 'medium', 3: 'high', 4: 'urgent' } as const;
export type IncidentPriority = keyof typeof INCIDENT_PRIORITIES;

export const incidentRead = record({
  id: F.id,
  priority: F.int,
  date: F.dateTime,
  subtitle: F.textOrNull,
  note: F.text,
  images: listOf(F.any),
  properties: listOf(nested({ listing_id: F.id, finished: orElse(F.flag, false), finish_date: F.dateOrNull })),
});
export type Incident = z.output<typeof incidentRead>;

export const incidentUpdate = z
  .strictObject({
    priority: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
      error: 'priority must be 1 (low), 2 (medium), 3 (high) or 4 (urgent)',
    }),
    // Incident dates are date-times on the wire.
    date: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, { error: 'must be YYYY-MM-DD HH:MM:SS' }),
    subtitle: wText(200).nullable(),
    note: wText(5000),
  })
  .partial();
export type IncidentUpdate = z.infer<typeof incidentUpdate>;

export const MAINTENANCE_TYPES = { 0: 'entrance', 1: 'exit' } as const;

export const maintenanceRead = record({
  id: F.id,
  listing_id: orNull(F.id),
  booking_id: orNull(F.id),
  type: orElse(F.int, 0),
  date: F.date,
  hour: F.time,
  inspected: orElse(F.flag, false),
  inspection_date: F.dateOrNull,
  duration: F.duration,
  start: F.any,
  end: F.any,
  pending: orElse(F.int, 0),
  notes: F.text,
});
export type MaintenanceTask = z.output<typeof maintenanceRead>;

export const maintenanceUpdate = z
  .strictObject({
    type: z.union([z.literal(0), z.literal(1)], { error: 'type must be 0 (entrance) or 1 (exit)' }),
    date: wDate,
    hour: z.union([wTime, z.literal('')]),
    inspected: z.union([z.literal(0), z.literal(1)], { error: 'must be 0 or 1' }),
    inspection_date: wDate.nullable(),
    duration: z.union([wDuration, z.literal('')]),
    notes: wText(5000),
  })
  .partial();
export type MaintenanceUpdate = z.infer<typeof maintenanceUpdate>;

export const cleaningRead = record({
  id: F.id,
  listing_id: orNull(F.id),
  // Allowed values are not shown by the spec: any integer is kept.
  status: orElse(F.int, 0),
  date: F.date,
  inspected: orElse(F.flag, false),
  time: F.time,
  duration: F.duration,
  booking_id: orNull(F.id),
  notes: F.text,
});
export type CleaningTask = z.output<typeof cleaningRead>;

/**
 * Cleaning status values are "not shown" by the spec. Stayboard's labels for
 * them live here, in one place; unknown values are shown as their number.
 */
export const CLEANING_STATUSES = { 0: 'pending', 1: 'in progress', 2: 'done' } as const;

export const cleaningUpdate = z
  .strictObject({
    status: z.number({ error: 'status must be a number' }).int().min(0).max(99),
    date: wDate,
    time: wTime,
    inspected: z.union([z.literal(0), z.literal(1)], { error: 'must be 0 or 1' }),
    duration: wDuration,
    notes: wText(5000),
  })
  .partial();
export type CleaningUpdate = z.infer<typeof cleaningUpdate>;
