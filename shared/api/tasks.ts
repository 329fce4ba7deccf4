// Schemas of the operations side: incidents, maintenance tasks and cleaning
// tasks, read (tolerant) and update (strict, every field the outbox carries).
import { z } from 'zod';
import {
  date,
  dateOrNull,
  dateTime,
  durationOrNull,
  flag,
  intLike,
  text,
  textOrNull,
  timeOrNull,
  wDate,
  wDuration,
  wText,
  wTime,
} from './primitives';

export const INCIDENT_PRIORITIES = { 1: 'low', 2: 'medium', 3: 'high', 4: 'urgent' } as const;
export type IncidentPriority = keyof typeof INCIDENT_PRIORITIES;

export const incidentRead = z.looseObject({
  id: intLike,
  priority: intLike,
  date: dateTime,
  subtitle: textOrNull,
  note: text,
  images: z
    .union([z.array(z.unknown()), z.null()])
    .optional()
    .transform((v) => v ?? []),
  properties: z
    .union([
      z.array(
        z.looseObject({
          listing_id: intLike,
          finished: flag.catch(false),
          finish_date: dateOrNull,
        }),
      ),
      z.null(),
    ])
    .optional()
    .transform((v) => v ?? []),
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

export const maintenanceRead = z.looseObject({
  id: intLike,
  listing_id: intLike.nullish().transform((v) => v ?? null),
  booking_id: intLike.nullish().transform((v) => v ?? null),
  type: intLike.catch(0),
  date,
  hour: timeOrNull,
  inspected: flag.nullish().transform((v) => v ?? false),
  inspection_date: dateOrNull,
  duration: durationOrNull,
  start: z
    .unknown()
    .optional()
    .transform((v) => v ?? null),
  end: z
    .unknown()
    .optional()
    .transform((v) => v ?? null),
  pending: intLike.nullish().transform((v) => v ?? 0),
  notes: text,
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

export const cleaningRead = z.looseObject({
  id: intLike,
  listing_id: intLike.nullish().transform((v) => v ?? null),
  // Allowed values are not shown by the spec: any integer is kept.
  status: intLike.catch(0),
  date,
  inspected: flag.nullish().transform((v) => v ?? false),
  time: timeOrNull,
  duration: durationOrNull,
  booking_id: intLike.nullish().transform((v) => v ?? null),
  notes: text,
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
