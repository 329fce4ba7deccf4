// The image files of listing photos, kept beside the account's cache so the
// photo manager shows photos already seen when offline. Bounded (MAX_BYTES,
// least recently shown removed first: a file's mtime is touched each time it
// is shown). The renderer gets the bytes as a data: URL over the contract, so
// its CSP needs no remote image origin. A photo added on this computer is
// shown from its own bytes until the server's copy is downloaded: from its
// queued image (the outbox's photo_blobs) while it waits, and from a copy kept
// here (`added-<n>`, taken when it is queued: the outbox drops its image in the
// transaction that confirms it) once the server has it under its own id.
// Images come through the one bounded downloader (photo-download.ts).
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { sniffImage } from '../../shared/domain/photo-check';
import type { ReadableDB } from '../cache/db';
import { queuedImage } from '../outbox/kinds/photos';
import { downloadImage, PHOTO_DOWNLOAD } from './photo-download';

/** Spec-silent choices of the photo file cache, in one place. */
export const PHOTO_FILES = {
  /** Total size of the folder before the least recently shown files go. */
  maxBytes: 200 * 1024 * 1024,
  /** One image download (the photo host is not the API: no request budget, no retries). */
  timeoutMs: PHOTO_DOWNLOAD.timeoutMs,
  /** A file larger than this is not kept (nor shown as a thumbnail); the download stops there. */
  maxFileBytes: PHOTO_DOWNLOAD.maxBytes,
} as const;

const MIME = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' } as const;

export type FetchImage = (url: string, signal: AbortSignal) => Promise<Uint8Array | null>;

/** The downloader for an account: bounded by photo-download.ts, the API at `apiBase()` the one non-public address allowed. */
export function photoFetcher(apiBase: () => string | null): FetchImage {
  return (url, signal) => downloadImage(url, { apiBase: apiBase() }, signal);
}

export interface PhotoFilesOptions {
  dir: string;
  db: ReadableDB;
  /** The account's API base URL (its origin and addresses bound where downloads may go); ignored with `fetch`. */
  apiBase?: () => string | null;
  fetch?: FetchImage;
  maxBytes?: number;
}

export class PhotoFiles {
  private readonly dir: string;
  private readonly db: ReadableDB;
  private readonly fetchImage: FetchImage;
  private readonly maxBytes: number;
  private readonly inFlight = new Map<string, Promise<Uint8Array | null>>();
  private stamp = 0;

  constructor(o: PhotoFilesOptions) {
    this.dir = o.dir;
    this.db = o.db;
    this.fetchImage = o.fetch ?? photoFetcher(o.apiBase ?? (() => null));
    this.maxBytes = o.maxBytes ?? PHOTO_FILES.maxBytes;
  }

  /**
   * The photo's image as a data: URL, or null when it is neither kept nor reachable now. A photo
   * added here shows its own bytes until the server's copy is downloaded (then its copy goes).
   */
  async image(id: number): Promise<string | null> {
    let bytes: Uint8Array | null;
    if (id < 0) bytes = this.queued(id) ?? this.added(id);
    else {
      const local = this.localIdOf(id);
      bytes = await this.kept(id);
      if (bytes && local !== null) rmSync(this.addedFile(local), { force: true });
      else if (!bytes && local !== null) bytes = this.added(local);
    }
    if (!bytes) return null;
    const type = sniffImage(bytes.subarray(0, 16));
    return type ? `data:${MIME[type]};base64,${Buffer.from(bytes).toString('base64')}` : null;
  }

  /** A photo not sent yet: the bytes of its queued create. */
  private queued(id: number): Uint8Array | null {
    const row = this.db.get<{ payload: string }>(
      `SELECT payload FROM outbox WHERE resource = 'photos' AND kind = 'create' AND record_id = ? AND state <> 'confirmed'`,
      [id],
    );
    if (!row) return null;
    return queuedImage(this.db, (JSON.parse(row.payload) as Record<string, unknown>)['image'])?.bytes ?? null;
  }

  /**
   * Keeps a copy of the image of every photo added here and not sent yet (called when photos
   * change: at once after the create is queued, before it can be sent and its queued image dropped).
   */
  keepAdded(): void {
    const rows = this.db.all<{ record_id: number; payload: string }>(
      `SELECT record_id, payload FROM outbox WHERE resource = 'photos' AND kind = 'create' AND state <> 'confirmed'`,
    );
    for (const r of rows) {
      const file = this.addedFile(r.record_id);
      if (existsSync(file)) continue;
      const image = queuedImage(this.db, (JSON.parse(r.payload) as Record<string, unknown>)['image']);
      if (image) this.write(file, image.bytes);
    }
  }

  private addedFile(localId: number): string {
    return join(this.dir, `added-${-localId}`);
  }

  /** The copy of a photo added here (its local id), or null. */
  private added(localId: number): Uint8Array | null {
    try {
      return readFileSync(this.addedFile(localId));
    } catch {
      return null;
    }
  }

  /** The local id a photo had while it was being added here, or null (made elsewhere, or in a cache without an outbox). */
  private localIdOf(serverId: number): number | null {
    if (!this.db.get(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'outbox_ids'`)) return null;
    return (
      this.db.get<{ local_id: number }>(`SELECT local_id FROM outbox_ids WHERE resource = 'photos' AND server_id = ?`, [
        serverId,
      ])?.local_id ?? null
    );
  }

  private async kept(id: number): Promise<Uint8Array | null> {
    const name = this.db.get<{ data: string }>('SELECT data FROM photos WHERE id = ?', [id]);
    const url = name ? (JSON.parse(name.data) as { name?: unknown }).name : null;
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return null;
    const file = join(this.dir, createHash('sha256').update(url).digest('hex').slice(0, 32));
    try {
      const bytes = readFileSync(file);
      this.touch(file);
      return bytes;
    } catch {
      // Not kept yet: fetch it once (two screens asking share one download).
    }
    let p = this.inFlight.get(file);
    if (!p) {
      p = this.download(url, file).finally(() => this.inFlight.delete(file));
      this.inFlight.set(file, p);
    }
    return p;
  }

  private async download(url: string, file: string): Promise<Uint8Array | null> {
    let bytes: Uint8Array | null;
    try {
      bytes = await this.fetchImage(url, AbortSignal.timeout(PHOTO_FILES.timeoutMs));
    } catch {
      return null; // offline, the host is down or the answer was refused: the manager shows the title instead
    }
    if (!bytes || bytes.length > PHOTO_FILES.maxFileBytes || !sniffImage(bytes.subarray(0, 16))) return null;
    this.write(file, bytes);
    return bytes;
  }

  /** Writes a file of the folder whole or not at all (a crash mid-write leaves a .part file, which sweep() removes). */
  private write(file: string, bytes: Uint8Array): void {
    try {
      mkdirSync(this.dir, { recursive: true });
      writeFileSync(`${file}.part`, bytes);
      renameSync(`${file}.part`, file);
      this.touch(file);
      this.evict();
    } catch {
      // A full disk or a folder gone: shown now, kept next time.
    }
  }

  /** Marks a file shown now: its mtime, strictly later than the last one given (two in one millisecond stay ordered). */
  private touch(file: string): void {
    this.stamp = Math.max(Date.now(), this.stamp + 1);
    const at = new Date(this.stamp);
    utimesSync(file, at, at);
  }

  /** At start: half-written files of a crash go, and the folder is brought within its bound. */
  sweep(): void {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return; // no folder yet
    }
    for (const n of names) if (n.endsWith('.part')) rmSync(join(this.dir, n), { force: true });
    // A copy of a photo added here that no unsent create and no photo the server gave an id names any more.
    const live = this.liveAdded();
    for (const n of names) {
      const m = /^added-(\d+)$/.exec(n);
      if (m && !live.has(-Number(m[1]))) rmSync(join(this.dir, n), { force: true });
    }
    this.evict();
  }

  /** Local ids of photos added here still waiting, or adopted by the server and still in the cache. */
  private liveAdded(): Set<number> {
    if (!this.db.get(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'outbox_ids'`)) return new Set();
    return new Set(
      this.db.pluck<number>(
        `SELECT record_id FROM outbox WHERE resource = 'photos' AND kind = 'create' AND state <> 'confirmed'
         UNION SELECT i.local_id FROM outbox_ids i JOIN photos p ON p.id = i.server_id WHERE i.resource = 'photos'`,
      ),
    );
  }

  /** Least recently shown first, until the folder fits. */
  private evict(): void {
    const files = readdirSync(this.dir)
      .filter((n) => !n.endsWith('.part'))
      .map((n) => {
        const path = join(this.dir, n);
        const s = statSync(path);
        return { path, size: s.size, used: s.mtimeMs };
      });
    let total = files.reduce((a, f) => a + f.size, 0);
    for (const f of files.sort((a, b) => a.used - b.used)) {
      if (total <= this.maxBytes) break;
      rmSync(f.path, { force: true });
      total -= f.size;
    }
  }
}
