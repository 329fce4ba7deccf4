// Sync bookkeeping in the cache: when each (resource, scope, window) was last
// fetched completely, the last failure, small key/value metadata, and the
// quarantine as the status screens see it.
import type { ReadableDB, WritableDB } from './db';

export interface SyncStateRow {
  resource: string;
  scope: string;
  win: string;
  fetched_at: number | null;
  attempted_at: number | null;
  error: string | null;
  records: number;
}

export function recordFetched(
  db: WritableDB,
  s: { resource: string; scope: string; win: string; at: number; records: number },
): void {
  db.run(
    `INSERT INTO sync_state (resource, scope, win, fetched_at, attempted_at, error, records) VALUES (?, ?, ?, ?, ?, NULL, ?)
     ON CONFLICT (resource, scope, win) DO UPDATE SET fetched_at = excluded.fetched_at,
       attempted_at = excluded.attempted_at, error = NULL, records = excluded.records`,
    [s.resource, s.scope, s.win, s.at, s.at, s.records],
  );
}

export function recordFailed(
  db: WritableDB,
  s: { resource: string; scope: string; win: string; at: number; error: string },
): void {
  db.run(
    `INSERT INTO sync_state (resource, scope, win, attempted_at, error) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (resource, scope, win) DO UPDATE SET attempted_at = excluded.attempted_at, error = excluded.error`,
    [s.resource, s.scope, s.win, s.at, s.error.slice(0, 500)],
  );
}

export function syncStates(db: ReadableDB): SyncStateRow[] {
  return db.all<SyncStateRow>('SELECT * FROM sync_state ORDER BY resource, scope, win');
}

/** Last complete fetch per (resource, scope) — the window is part of the key. */
export function fetchedAtMap(db: ReadableDB): Map<string, number> {
  const out = new Map<string, number>();
  for (const [resource, scope, win, at] of db.rows(
    'SELECT resource, scope, win, fetched_at FROM sync_state WHERE fetched_at IS NOT NULL',
  )) {
    out.set(`${String(resource)}|${String(scope)}|${String(win)}`, at as number);
  }
  return out;
}

export function getMeta(db: ReadableDB, key: string): string | null {
  return db.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', [key])?.value ?? null;
}

export function setMeta(db: WritableDB, key: string, value: string | null): void {
  if (value === null) db.run('DELETE FROM meta WHERE key = ?', [key]);
  else
    db.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [
      key,
      value,
    ]);
}

export interface QuarantineRow {
  resource: string;
  scope: string;
  record_key: string;
  error: string;
  raw: string;
  first_seen: number;
  last_seen: number;
  times: number;
}

export function quarantineCount(db: ReadableDB): number {
  return db.get<{ n: number }>('SELECT count(*) AS n FROM quarantine')?.n ?? 0;
}

export function quarantineList(db: ReadableDB, limit = 100): QuarantineRow[] {
  return db.all<QuarantineRow>('SELECT * FROM quarantine ORDER BY last_seen DESC LIMIT ?', [limit]);
}

/**
 * When a list of `resource` covering every day of [from, to] was last fetched
 * whole (newest such fetch), over the given scopes ('all', 'listing:12'…), or
 * null when none was. Windows are stored as "YYYY-MM-DD..YYYY-MM-DD".
 */
export function fetchedCovering(
  db: ReadableDB,
  resource: string,
  from: string,
  to: string,
  scopes: readonly string[] = ['all'],
): number | null {
  return (
    db.get<{ at: number | null }>(
      `SELECT max(fetched_at) AS at FROM sync_state
       WHERE resource = ? AND scope IN (SELECT value FROM json_each(?)) AND fetched_at IS NOT NULL
         AND substr(win, 1, 10) <= ? AND substr(win, 13, 10) >= ?`,
      [resource, JSON.stringify(scopes), from, to],
    )?.at ?? null
  );
}
