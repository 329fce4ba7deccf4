// What sync brings that is worth a notification, told apart from the person's
// own changes by construction: it only looks at rows sync itself wrote
// (electron/sync/ingest.ts) — a record with an unsent edit of mine is never
// among them, and the outbox's own read-backs do not pass here.
// - incidents: an open incident that is urgent or high now and was not before
//   (new — dated from yesterday on —, raised from low/medium, or reopened);
// - bookings: a booking arriving today (before or after the change) whose
//   arrival time or arrival date changed.
import type { Notice } from '../../shared/contract';
import type { ReadableDB } from '../cache/db';
import { addDays } from '../cache/queries/common';
import type { IngestObserver, RecordKey } from '../sync/ingest';

/** Priorities 3 (high) and 4 (urgent) of the spec's incident table. */
const PRIORITY: Record<number, 'high' | 'urgent'> = { 3: 'high', 4: 'urgent' };

interface IncidentRow {
  id: number;
  priority: number | null;
  open: number;
  date: string | null;
  data: string;
}

/** An incident first seen by this computer is news when dated from this many days before today on. */
const RECENT_DAYS = 1;

/** "HH:MM" or null (the notice's shape; the cache keeps times normalised, this guards the rest). */
const hhmm = (t: string | null): string | null => (t && /^\d{2}:\d{2}$/.test(t) ? t : null);
interface BookingRow {
  booking_number: number;
  start_date: string;
  arrival_time: string | null;
  customer_name: string | null;
  listing_id: number;
}

const inKeys = (keys: readonly RecordKey[]) => [JSON.stringify(keys)];

function incidentNotice(db: ReadableDB, row: IncidentRow, priority: 'high' | 'urgent'): Notice {
  let subtitle: string | null;
  try {
    const v = (JSON.parse(row.data) as { subtitle?: unknown }).subtitle;
    subtitle = typeof v === 'string' && v.trim() ? v : null;
  } catch {
    subtitle = null;
  }
  const listing =
    db.get<{ name: string }>(
      `SELECT l.name FROM incident_listings il JOIN listings l ON l.id = il.listing_id
        WHERE il.incident_id = ? ORDER BY il.finished, l.sort_key LIMIT 1`,
      [row.id],
    )?.name ?? null;
  return { kind: 'incident', incidentId: row.id, priority, subtitle, listing };
}

export function syncWatch(o: {
  /** Today's date (YYYY-MM-DD), as sync sees it. */
  today: () => string;
  /** False until the first complete pass: then nothing is read at all. */
  armed: () => boolean;
  offer: (notice: Notice) => void;
}): IngestObserver {
  return {
    before(db, table, keys) {
      if (!o.armed()) return null;
      if (table === 'incidents') {
        const known = db.all<{ id: number; urgent: number }>(
          `SELECT id, (open = 1 AND priority >= 3) AS urgent FROM incidents WHERE id IN (SELECT value FROM json_each(?))`,
          inKeys(keys),
        );
        const knownBefore = new Set(known.map((r) => r.id));
        const urgentBefore = new Set(known.filter((r) => r.urgent === 1).map((r) => r.id));
        // An older incident seen for the first time is this computer catching up, not news.
        const recentFrom = addDays(o.today(), -RECENT_DAYS);
        return (changed) => {
          if (!changed.length) return;
          const rows = db.all<IncidentRow>(
            `SELECT id, priority, open, date, data FROM incidents WHERE id IN (SELECT value FROM json_each(?))`,
            inKeys(changed),
          );
          for (const row of rows) {
            const priority = PRIORITY[row.priority ?? 0];
            if (row.open !== 1 || !priority || urgentBefore.has(row.id)) continue;
            if (!knownBefore.has(row.id) && (row.date ?? '').slice(0, 10) < recentFrom) continue;
            o.offer(incidentNotice(db, row, priority));
          }
        };
      }
      if (table === 'bookings') {
        const today = o.today();
        const select = `SELECT booking_number, start_date, arrival_time, customer_name, listing_id FROM bookings
          WHERE booking_number IN (SELECT value FROM json_each(?))`;
        const before = new Map(db.all<BookingRow>(select, inKeys(keys)).map((b) => [b.booking_number, b]));
        return (changed) => {
          if (!changed.length) return;
          for (const now of db.all<BookingRow>(select, inKeys(changed))) {
            const was = before.get(now.booking_number);
            // A booking new to this computer is not a change of an arrival time.
            if (!was || (was.start_date !== today && now.start_date !== today)) continue;
            if (was.start_date === now.start_date && was.arrival_time === now.arrival_time) continue;
            const listing =
              db.get<{ name: string }>('SELECT name FROM listings WHERE id = ?', [now.listing_id])?.name ?? null;
            o.offer({
              kind: 'arrival',
              bookingNumber: now.booking_number,
              guest: now.customer_name,
              listing,
              before: was.start_date === today ? hhmm(was.arrival_time) : null,
              after: now.start_date === today ? hhmm(now.arrival_time) : null,
            });
          }
        };
      }
      return null;
    },
  };
}
