import { describe, expect, it } from 'vitest';
import { PHOTO_LIMITS, checkPhoto, sniffImage } from './photo-check';

const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const WEBP = new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ');

describe('checkPhoto', () => {
  it('refuses a 49 KB image, naming the limit, and accepts one of exactly 25 MB', () => {
    expect(checkPhoto(49 * 1024, JPEG)).toEqual({ ok: false, reason: 'too_small', limit: 50 * 1024, size: 49 * 1024 });
    expect(checkPhoto(PHOTO_LIMITS.maxBytes, JPEG)).toEqual({ ok: true, type: 'jpeg' });
    expect(checkPhoto(PHOTO_LIMITS.maxBytes + 1, JPEG)).toMatchObject({ ok: false, reason: 'too_large' });
  });
  it('reads the type from the bytes, not the name', () => {
    expect(sniffImage(PNG)).toBe('png');
    expect(sniffImage(WEBP)).toBe('webp');
    expect(checkPhoto(80_000, new TextEncoder().encode('%PDF-1.7 hello'))).toEqual({
      ok: false,
      reason: 'not_an_image',
    });
  });
});
