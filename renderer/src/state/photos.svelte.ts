// The photo manager's state outside the view: files checked against the
// spec's limits before anything is sent (shared/domain/photo-check.ts, the
// same rule the main side applies again), the order photos are shown and
// moved in (a photo not on the server yet stays last: the server gives it its
// place), the positions one move sends, and the images, asked once per photo
// over the contract (data: URLs — the CSP allows no remote image origin).
import type { PhotoRecord, StayboardBridge } from '../../../shared/contract';
import { checkPhoto, PHOTO_LIMITS, type PhotoCheck } from '../../../shared/domain/photo-check';
import { call } from './call';

export type FileCheck = { ok: true; image: string } | Extract<PhotoCheck, { ok: false }>;

/** Reads a picked or dropped file: refused with the limit it breaks, or its content as a data: URL. */
export async function readPhotoFile(file: File): Promise<FileCheck> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const check = checkPhoto(file.size, head);
  if (!check.ok) return check;
  const image = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
  return { ok: true, image };
}

export const PHOTO_LIMIT_MB = { min: PHOTO_LIMITS.minBytes / 1024, max: PHOTO_LIMITS.maxBytes / 1024 / 1024 };

/** Shown order: the server's positions, then photos not sent yet in the order they were added. */
export function photoOrder(photos: readonly PhotoRecord[]): PhotoRecord[] {
  const sent = photos.filter((p) => p.id > 0).sort((a, b) => a.position - b.position || a.id - b.id);
  const added = photos.filter((p) => p.id < 0).sort((a, b) => b.id - a.id);
  return [...sent, ...added];
}

/**
 * The updates one move sends: the photos on the server numbered in their new
 * order from the lowest position they had (0- or 1-based alike), only those
 * whose position changes. The outbox coalesces later moves of the same photo.
 */
export function moveUpdates(
  photos: readonly PhotoRecord[],
  from: number,
  to: number,
): { id: number; changes: { position: number } }[] {
  const sent = photoOrder(photos).filter((p) => p.id > 0);
  if (from === to || from < 0 || to < 0 || from >= sent.length || to >= sent.length) return [];
  const base = Math.min(...sent.map((p) => p.position));
  const order = [...sent];
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved!);
  return order
    .map((p, i) => ({ id: p.id, changes: { position: base + i }, was: p.position }))
    .filter((u) => u.changes.position !== u.was)
    .map(({ id, changes }) => ({ id, changes }));
}

/** Images by photo id: asked once each; null while none can be had (offline and never seen). */
export class PhotoImages {
  urls = $state<Record<number, string | null>>({});
  // Not reactive on purpose: which ids were asked is bookkeeping, not something shown.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  #asked = new Set<number>();
  constructor(private readonly bridge: StayboardBridge) {}

  want(ids: readonly number[]): void {
    for (const id of ids) {
      if (this.#asked.has(id)) continue;
      this.#asked.add(id);
      void call(this.bridge, 'photos.image', { id }).then((r) => {
        this.urls[id] = r.ok ? r.value.dataUrl : null;
        // Not had now (offline): asked again the next time the list changes.
        if (!r.ok || r.value.dataUrl === null) this.#asked.delete(id);
      });
    }
  }
}
