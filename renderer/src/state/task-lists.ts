// The three dated lists of the operations screens — what each filters on,
// how the filters sit in the URL, and the read each makes.
import type { CommandInput } from '../../../shared/contract';
import { numberList, tri, triBool, type ListSpec, type Tri } from './dated-list.svelte';

export interface CleaningFilters {
  statuses: number[];
  inspected: Tri;
}
export const CLEANING_LIST: ListSpec<'cleaning.list', CleaningFilters> = {
  command: 'cleaning.list',
  resources: ['cleaning', 'bookings'],
  parse: (q) => ({ statuses: numberList(q['status']), inspected: tri(q['inspected']) }),
  format: (f) => ({ status: f.statuses.join(','), inspected: f.inspected === 'any' ? '' : f.inspected }),
  input(w, f) {
    const input: CommandInput<'cleaning.list'> = { from: w.from, to: w.to };
    if (f.statuses.length) input.status = f.statuses;
    const inspected = triBool(f.inspected);
    if (inspected !== undefined) input.inspected = inspected;
    return input;
  },
};

export interface MaintenanceFilters {
  type: 'any' | '0' | '1';
  inspected: Tri;
}
export const MAINTENANCE_LIST: ListSpec<'maintenance.list', MaintenanceFilters> = {
  command: 'maintenance.list',
  resources: ['maintenance', 'bookings'],
  parse: (q) => ({ type: q['type'] === '0' || q['type'] === '1' ? q['type'] : 'any', inspected: tri(q['inspected']) }),
  format: (f) => ({ type: f.type === 'any' ? '' : f.type, inspected: f.inspected === 'any' ? '' : f.inspected }),
  input(w, f) {
    const input: CommandInput<'maintenance.list'> = { from: w.from, to: w.to };
    if (f.type !== 'any') input.type = f.type === '1' ? 1 : 0;
    const inspected = triBool(f.inspected);
    if (inspected !== undefined) input.inspected = inspected;
    return input;
  },
};

export interface IncidentFilters {
  priorities: (1 | 2 | 3 | 4)[];
  /** open: every open incident whatever its date (the default); closed: finished ones in the date window. */
  show: 'open' | 'closed';
}
const isPriority = (n: number): n is 1 | 2 | 3 | 4 => n >= 1 && n <= 4;
/** The finished incidents of a window; the open ones (any date) are read with `incidents.open` (see openIncidentsInput). */
export const INCIDENT_LIST: ListSpec<'incidents.list', IncidentFilters> = {
  command: 'incidents.list',
  resources: ['incidents'],
  parse: (q) => ({
    priorities: numberList(q['priority']).filter(isPriority),
    // `open=no` is how the screen's links said "finished" before.
    show: q['show'] === 'closed' || q['open'] === 'no' ? 'closed' : 'open',
  }),
  format: (f) => ({ priority: f.priorities.join(','), show: f.show, open: null }),
  input(w, f) {
    const input: CommandInput<'incidents.list'> = { from: w.from, to: w.to, open: false };
    if (f.priorities.length) input.priorities = f.priorities;
    return input;
  },
};

export function openIncidentsInput(f: IncidentFilters): CommandInput<'incidents.open'> {
  return f.priorities.length ? { priorities: f.priorities } : {};
}
