// Photos of a listing: added offline (the image checked against the spec's
// limits, queued in photo_blobs — outside the hot tables — and sent as base64
// in the create body, as the spec's photos.create shows), edited (type, title
// and alt text per language, position) and deleted. A create is matched on the
// server among the listing's photos by type, title and alt text; the position is
// not in the create body (the server puts a new photo last), so it is not a
// matching field. Updates are confirmed by reading the photo back (photos.get).
import type { z } from 'zod';
import { F, photoRead, type photoCreate, type photoUpdate } from '../../../shared/api';
import { CommandError } from '../../../shared/contract';
import { checkPhoto, PHOTO_LIMITS } from '../../../shared/domain/photo-check';
import type { ApiClient } from '../../api/client';
import type { ReadableDB, WritableDB } from '../../cache/db';
import { photosTable } from '../../cache/tables';
import type { EntryContext, Values } from '../types';
import { langText, newRecord, same } from './fields';
import { edits, listed, notCached, onListing, orNull, record, str, text, updatedByGet, USER } from './parts';
import type { Collection, FieldCodec, FieldCodecs, KindSpec } from './spec';

type PhotoWrite = Record<keyof z.input<typeof photoCreate> | keyof z.input<typeof photoUpdate>, unknown>;

/** Create says internal / external, read and update say 1 / 2 (as the simulator reads the spec). */
const TYPE_IDS = { internal: 1, external: 2 } as const;
const TYPE: FieldCodec = {
  read: 'type',
  apply: (rec, v) => {
    rec['type'] = v === 'internal' || v === 'external' ? TYPE_IDS[v] : typeof v === 'number' ? v : null;
  },
  canon: (rec) => (typeof rec['type'] === 'number' ? rec['type'] : null),
};

/** The queued image: the payload only names its blob; the bytes are read when the request is made. */
const IMAGE: FieldCodec = { read: 'name', apply: () => undefined, canon: () => null };

const fields: FieldCodecs<PhotoWrite> = {
  listing_id: same('listing_id'),
  image: IMAGE,
  type: TYPE,
  title: langText('title'),
  alt_text: langText('alt_text'),
  position: same('position'),
};

const MB = 1024 * 1024;
/** Why a file is refused, in the words the form and the Sync screen show (the renderer says it in the UI language first). */
function refusal(bytes: Buffer): string | null {
  const c = checkPhoto(bytes.length, bytes.subarray(0, 16));
  if (c.ok) return null;
  if (c.reason === 'too_small')
    return `is ${Math.floor(bytes.length / 1024)} KB; the server takes photos of at least ${PHOTO_LIMITS.minBytes / 1024} KB (smaller images would look blurred when cropped)`;
  if (c.reason === 'too_large')
    return `is ${(bytes.length / MB).toFixed(1)} MB; the server takes photos of at most ${PHOTO_LIMITS.maxBytes / MB} MB`;
  return 'is not a JPEG, PNG, WebP or GIF image';
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Checks the image and keeps it in photo_blobs (same transaction as the entry); the payload names it. */
function queueImage(db: WritableDB, image: string, now: number): string {
  const body = image.replace(/^data:[\w/+.-]+;base64,/, '').replace(/\s+/g, '');
  if (body.length % 4 !== 0 || !BASE64.test(body))
    throw new CommandError('invalid_input', 'The image is not base64 content.', { 'photo.image': ['is not base64'] });
  const bytes = Buffer.from(body, 'base64');
  const why = refusal(bytes);
  if (why) throw new CommandError('invalid_input', `The image ${why}.`, { 'photo.image': [why] });
  const type = checkPhoto(bytes.length, bytes.subarray(0, 16));
  const r = db.run('INSERT INTO photo_blobs (type, size, bytes, created_at) VALUES (?, ?, ?, ?)', [
    type.ok ? type.type : 'unknown',
    bytes.length,
    bytes,
    now,
  ]);
  return `blob:${Number(r.lastInsertRowid)}`;
}

/** The queued image of a create (null once sent and confirmed, or discarded). */
export function queuedImage(db: ReadableDB, ref: unknown): { bytes: Buffer; type: string } | null {
  const id = typeof ref === 'string' && ref.startsWith('blob:') ? Number(ref.slice(5)) : NaN;
  if (!Number.isInteger(id)) return null;
  return db.get<{ bytes: Buffer; type: string }>('SELECT bytes, type FROM photo_blobs WHERE id = ?', [id]) ?? null;
}

/**
 * Queued images no unsettled create names any more, removed (at start). The triggers of migration 101
 * already remove an image in the transaction that settles its create; this is the belt to those braces,
 * so nothing left by a build without them, or a row edited by hand, stays forever. Answers how many.
 */
export function sweepQueuedImages(db: WritableDB): number {
  return db.run(
    `DELETE FROM photo_blobs WHERE id NOT IN (
       SELECT CAST(substr(json_extract(payload, '$.image'), 6) AS INTEGER) FROM outbox
       WHERE resource = 'photos' AND kind = 'create' AND state <> 'confirmed')`,
  ).changes;
}

function body(_ctx: EntryContext, payload: Values, db: ReadableDB): unknown {
  const image = queuedImage(db, payload['image']);
  // Gone only if the entry was settled meanwhile; the server then refuses the empty image (never a guess).
  const type = payload['type'] === 2 ? 'external' : payload['type'] === 1 ? 'internal' : payload['type'];
  const out: Values = { ...payload, type, image: image ? image.bytes.toString('base64') : '' };
  delete out['position'];
  return out;
}

async function collection(client: ApiClient, ctx: EntryContext, payload: Values): Promise<Collection | null> {
  const listing = payload['listing_id'] !== undefined ? Number(payload['listing_id']) : ctx.listingId;
  return listed(photosTable, await orNull(client.list('photos.list', { ...USER, query: { listing_id: listing } })));
}

export const photos = {
  ...record('photos', photosTable, photoRead, fields),
  // A photo of a listing created offline waits for the listing and is re-pointed to its server id (refs.ts).
  refs: [{ kind: 'listings', context: 'listingId', payload: 'listing_id' }],
  commands: {
    ...edits('photos', 'This photo', { many: (id) => `Photo ${id}`, remove: true }),
    'photos.create': {
      op: 'create',
      step: (db, v) => {
        const photo = v['photo'] as Values;
        const listingId = Number(photo['listing_id']);
        if (!db.get('SELECT 1 FROM listings WHERE id = ?', [listingId])) throw notCached(`Listing ${listingId}`);
        const payload: Values = { ...photo, image: queueImage(db, str(photo['image']), Date.now()) };
        return onListing('photos', payload, payload);
      },
    },
  },
  subject: { listing: 'listing_id', name: (rec) => text(F.langText(rec['title'])) },
  check: (_db, rec, changes) => {
    if (typeof rec['id'] === 'number' && rec['id'] < 0 && 'position' in changes)
      throw new CommandError('invalid_input', 'A new photo can be moved once it is on the server.', {
        'changes.position': ['a new photo can be moved once it is on the server'],
      });
  },
  update: updatedByGet('photos'),
  remove: { endpoint: 'photos.delete' },
  create: {
    endpoint: 'photos.create',
    // Last until the server places it (it puts a new photo after the others).
    local: newRecord(fields, {
      listing_id: 0,
      name: '',
      zone: '',
      type: null,
      position: 1_000_000,
      alt_text: '',
      title: '',
    }),
    body,
    collection,
    matchBy: ['listing_id', 'type', 'title', 'alt_text'],
  },
} satisfies KindSpec<'photos'>;
