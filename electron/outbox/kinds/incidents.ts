// Incidents: edited and deleted. No single-incident read exists, so the server's version is found
// through `incidents.list` of its listing around its dates (spec-silent choice: then ±400 days).
import { F, incidentRead, type Incident, type IncidentUpdate } from '../../../shared/api';
import type { ApiClient } from '../../api/client';
import { addDays } from '../../cache/queries/common';
import { incidentsTable } from '../../cache/tables';
import { upsertIncidents } from '../../cache/write-compound';
import type { Rec, Values } from '../types';
import { same } from './fields';
import { edits, orNull, record, str, text, USER } from './parts';
import type { FieldCodecs, KindSpec, ServerVersion } from './spec';

const fields: FieldCodecs<IncidentUpdate> = {
  priority: same('priority'),
  date: same('date', F.dateTime),
  subtitle: same('subtitle', F.textOrNull),
  note: same('note', F.text),
};

async function incidentNow(
  client: ApiClient,
  id: number,
  hint: Rec | null,
  mine: Values,
  base: Values,
): Promise<ServerVersion | null> {
  const props = Array.isArray(hint?.['properties']) ? (hint['properties'] as { listing_id?: unknown }[]) : [];
  const listing = typeof props[0]?.listing_id === 'number' ? props[0].listing_id : undefined;
  const days = [hint?.['date'], mine['date'], base['date']]
    .filter((d): d is string => typeof d === 'string' && d.length >= 10)
    .map((d) => d.slice(0, 10))
    .sort();
  const windows: [string, string][] = [];
  if (days.length) windows.push([days[0]!, days[days.length - 1]!]);
  // Moved by someone else: look a year either side before calling it gone.
  const centre = days[0] ?? new Date().toISOString().slice(0, 10);
  windows.push([addDays(centre, -400), addDays(centre, 400)]);
  for (const [from, to] of windows) {
    const r = await orNull(
      client.list('incidents.list', { ...USER, query: { listing_id: listing, start_date: from, end_date: to } }),
    );
    if (r === null) return null;
    const hit = r.items.find((i) => i.value.id === id);
    if (hit) return { value: hit.value as unknown as Rec, raw: hit.raw };
  }
  return null;
}

export const incidents = {
  ...record('incidents', incidentsTable, incidentRead, fields),
  commands: edits('incidents', 'This incident', { remove: true }),
  subject: { name: (rec) => text(rec['subtitle']) ?? text(str(rec['note']).slice(0, 40)) },
  // An incident's listings live in their own table too.
  store: (db, items) => void upsertIncidents(db, items as readonly { value: Incident; raw: unknown }[]),
  update: { endpoint: 'incidents.update', idKey: 'id', fetch: incidentNow },
  remove: { endpoint: 'incidents.delete' },
} satisfies KindSpec<'incidents'>;
