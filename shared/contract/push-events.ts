// (Named push-events.ts because the lint layer rule forbids importing a module named `events`.)
// The ONE table of push events the main side sends the renderer: sync
// progress and freshness, outbox changes, connectivity, cache changes, session
// changes and expiry. Payloads are JSON and validated before they are sent.
import { z } from 'zod';
import { event } from './define';
import { updateState } from './commands/platform';
import { noticeEvent } from './notifications';
import { instant, nullable, resourceName } from './primitives';
import {
  budgetInfo,
  connectivity,
  freshness,
  syncPlan,
  outboxSummary,
  sessionInfo,
  stallInfo,
  syncActivity,
  syncStatus,
} from './status';

export const EVENTS = {
  'sync.progress': event(
    'A sync step started or finished (activity, budget).',
    z.object({
      state: syncStatus.shape.state,
      current: nullable(syncActivity),
      budget: budgetInfo,
    }),
  ),
  'sync.freshness': event(
    'Freshness changed after a complete fetch, or the budget plan did.',
    z.object({
      lastSuccessAt: nullable(instant),
      freshness: z.array(freshness),
      plan: nullable(syncPlan),
    }),
  ),
  'outbox.changed': event(
    'Entries were added, changed state or removed.',
    z.object({ summary: outboxSummary, entryIds: z.array(z.number().int()) }),
  ),
  'outbox.upload': event(
    'A change with a large body (a photo) is being sent: the bytes sent so far of the total (then outbox.changed says how it went).',
    z.object({ entryId: z.number().int(), sent: z.number().int().min(0), total: z.number().int().min(0) }),
  ),
  'connectivity.changed': event(
    'What the app knows about the server changed (online, unreachable, failing, session expired, rate-limited).',
    z.object({ connectivity, at: instant }),
  ),
  'sync.stall': event(
    'The stall watchdog started or stopped warning (null: changes go through again).',
    z.object({ stall: nullable(stallInfo) }),
  ),
  'cache.changed': event(
    'Cached records of these resources changed (sync or local edit): screens showing them re-read.',
    z.object({ resources: z.array(resourceName).min(1) }),
  ),
  'notification.show': event(
    'Show the person a notification (decided on the main side: kind switched on, outside quiet hours, not their own change).',
    noticeEvent,
  ),
  'session.changed': event('Signed in, signed out, or switched account.', sessionInfo),
  'session.expired': event(
    'The server refused the stored credentials; the person must sign in again (edits stay in the outbox).',
    z.object({ message: z.string() }),
  ),
  'updates.changed': event('The app update moved on (checking, downloading, ready to install, failed).', updateState),
} as const;

export type EventName = keyof typeof EVENTS;
export type EventPayload<E extends EventName> = z.output<(typeof EVENTS)[E]['payload']>;
/** What an emitter passes: the payload schema's input side (defaults are filled in when the bus checks it). */
export type EventInput<E extends EventName> = z.input<(typeof EVENTS)[E]['payload']>;
/**
 * The table as a typed EventEmitter map (name → [payload]): the main side's
 * emitters (sync, connectivity, engine) send these names with these payloads,
 * so an event is the same name and shape from where it starts to the renderer.
 */
export type ContractEventMap<E extends EventName = EventName> = { [K in E]: [payload: EventInput<K>] };

export const EVENT_NAMES = Object.keys(EVENTS) as EventName[];
const EVENT_SET: ReadonlySet<string> = new Set(EVENT_NAMES);
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && EVENT_SET.has(name);
}
