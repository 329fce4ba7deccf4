// The simulator's image host: photo names are https://img.stayboard-sim.test/<path>
// and the same images are served here at /media/<path> (outside /api/v1: not
// an API operation, never faulted, no token — a CDN's public URLs; unreachable while
// the simulator is offline, as every host is for a computer without a network). An
// uploaded photo is served with the bytes it was sent with; a generated one
// is a small PNG drawn from its id (a colour per photo), so thumbnails have
// something real to show and to cache. A hostile image host (FaultConfig's
// media* faults) redirects elsewhere, streams an oversized body without a
// Content-Length, or names another content type.
import type { ServerResponse } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';
import type { Store } from '../model';
import type { FaultConfig } from '../types';

/** /media/listings/<listing>/<photo>.jpg → the photo id, or null. */
function photoIdOf(pathname: string): number | null {
  const m = /^\/media\/listings\/\d+\/(\d+)\.jpg$/.exec(pathname);
  return m ? Number(m[1]) : null;
}

export function serveMedia(
  store: Store,
  pathname: string,
  res: ServerResponse,
  faults: Pick<FaultConfig, 'mediaRedirect' | 'mediaBytes' | 'mediaType'> = {},
  sent: (bytes: number) => void = () => undefined,
): void {
  if (faults.mediaRedirect) {
    res.writeHead(302, { Location: faults.mediaRedirect.replace('{path}', pathname.slice('/media/'.length)) });
    res.end();
    return;
  }
  const id = photoIdOf(pathname);
  const photo = id === null ? undefined : store.photos.get(id);
  if (!photo) {
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('Not found');
    return;
  }
  const bytes = store.photoBytes.get(photo.id) ?? drawn(photo.id);
  const type = faults.mediaType ?? (bytes[0] === 0x89 ? 'image/png' : 'image/jpeg');
  if (faults.mediaBytes) return streamOversized(res, type, bytes.subarray(0, 8), faults.mediaBytes, sent);
  res.writeHead(200, { 'Content-Type': type, 'Content-Length': bytes.length });
  res.end(bytes);
  sent(bytes.length);
}

/** `size` bytes that start like the image (its signature), sent in 64 KB chunks as the client takes them (each counted). */
function streamOversized(
  res: ServerResponse,
  type: string,
  head: Uint8Array,
  size: number,
  counted: (bytes: number) => void,
): void {
  res.writeHead(200, { 'Content-Type': type });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let sent = 0;
  const more = (): void => {
    while (sent < size && !res.destroyed) {
      const part = sent === 0 ? Buffer.concat([head, chunk.subarray(head.length)]) : chunk;
      const n = Math.min(part.length, size - sent);
      sent += n;
      counted(n);
      if (!res.write(part.subarray(0, n))) return void res.once('drain', more);
    }
    if (!res.destroyed) res.end();
  };
  res.on('close', () => (sent = size));
  more();
}

const W = 160;
const H = 120;

/** A 160×120 PNG: a diagonal gradient in a colour of the photo's own. */
function drawn(id: number): Buffer {
  const hue = (id * 47) % 360;
  const [r, g, b] = rgb(hue);
  const rows: Buffer[] = [];
  for (let y = 0; y < H; y++) {
    const row = Buffer.alloc(1 + W * 3);
    for (let x = 0; x < W; x++) {
      const k = 0.55 + 0.45 * ((x + y) / (W + H));
      row[1 + x * 3] = Math.round(r * k);
      row[2 + x * 3] = Math.round(g * k);
      row[3 + x * 3] = Math.round(b * k);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(W, 0);
  ihdr.writeUInt32BE(H, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function rgb(h: number): [number, number, number] {
  const f = (n: number) => {
    const k = (n + h / 60) % 6;
    return Math.round(255 * (1 - 0.5 * Math.max(0, Math.min(k, 4 - k, 1))));
  };
  return [f(5), f(3), f(1)];
}
