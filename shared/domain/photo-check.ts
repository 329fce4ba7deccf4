// A photo file checked before it is queued: the spec's size limits (at least
// 50 KB, at most 25 MB) and an image type read from the file's first bytes
// (its name can lie). The answer names the limit, so the form can say which
// and why.

export const PHOTO_LIMITS = { minBytes: 50 * 1024, maxBytes: 25 * 1024 * 1024 } as const;

export type PhotoType = 'jpeg' | 'png' | 'webp' | 'gif';

export type PhotoCheck =
  | { ok: true; type: PhotoType }
  | { ok: false; reason: 'too_small' | 'too_large'; limit: number; size: number }
  | { ok: false; reason: 'not_an_image' };

/** The image type from the first bytes (magic numbers), or null. */
export function sniffImage(head: Uint8Array): PhotoType | null {
  const b = (i: number) => head[i] ?? -1;
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'jpeg';
  if (b(0) === 0x89 && b(1) === 0x50 && b(2) === 0x4e && b(3) === 0x47) return 'png';
  if (b(0) === 0x47 && b(1) === 0x49 && b(2) === 0x46 && b(3) === 0x38) return 'gif';
  const ascii = (from: number, to: number) => String.fromCharCode(...head.slice(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Size first (the cheaper, clearer reason), then type. `head`: at least the first 12 bytes. */
export function checkPhoto(size: number, head: Uint8Array): PhotoCheck {
  if (size < PHOTO_LIMITS.minBytes) return { ok: false, reason: 'too_small', limit: PHOTO_LIMITS.minBytes, size };
  if (size > PHOTO_LIMITS.maxBytes) return { ok: false, reason: 'too_large', limit: PHOTO_LIMITS.maxBytes, size };
  const type = sniffImage(head);
  return type ? { ok: true, type } : { ok: false, reason: 'not_an_image' };
}
