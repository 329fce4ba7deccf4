// Issue 27 case 2: photo downloads are bounded as if the server were hostile.
// Photos named by a simulator whose image host misbehaves (its media faults:
// an oversized body, a redirect elsewhere, a page that is no image), and by
// addresses no photo should be at: each is refused, the limit is enforced
// while the body streams (the sender stops near the limit, not after 400 MB),
// and no request reaches an address the API is not at.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { photoRead } from '../../shared/api';
import { startSimulator, type Simulator } from '../../simulator';
import { openCache } from '../cache';
import { photosTable } from '../cache/tables';
import { upsertRecords } from '../cache/write';
import { MIGRATIONS } from '../outbox/testing/rig';
import { downloadImage, DownloadRefused, isPublicAddress } from './photo-download';
import { PhotoFiles } from './photo-files';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

/** A plain HTTP server on `host` that counts what it was asked and what it sent. */
async function server(
  host: string,
  handle: (req: IncomingMessage, res: ServerResponse, count: { sent: number }) => void,
): Promise<{ url: string; requests: string[]; count: { sent: number } }> {
  const requests: string[] = [];
  const count = { sent: 0 };
  const s: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    handle(req, res, count);
  });
  await new Promise<void>((resolve) => s.listen(0, host, resolve));
  cleanup.push(() => new Promise<void>((resolve) => s.close(() => resolve())));
  cleanup.push(() => void s.closeAllConnections());
  const port = (s.address() as { port: number }).port;
  return { url: `http://${host}:${port}`, requests, count };
}

/** The photo files of a cache holding photos named `names` (ids 1…), downloading as the app does for an API at `apiBase`. */
function photoFiles(apiBase: string, names: string[]): PhotoFiles {
  const dir = mkdtempSync(join(tmpdir(), 'stayboard-photo-dl-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const db = openCache({ path: ':memory:', migrations: MIGRATIONS });
  const raw = names.map((name, i) => ({
    id: i + 1,
    listing_id: 1,
    name,
    zone: 'interior',
    type: 1,
    position: i,
    title: `P${i}`,
  }));
  upsertRecords(
    db,
    photosTable,
    raw.map((r) => ({ value: photoRead.parse(r), raw: r })),
  );
  return new PhotoFiles({ dir, db, apiBase: () => apiBase });
}

async function simulator(): Promise<Simulator> {
  const s = await startSimulator({ listings: 1, seed: 5, today: '2026-06-10' });
  cleanup.push(() => s.close());
  return s;
}

/** A photo the simulator serves (its first listing's first), at the API's own origin: read as a client reads it. */
async function mediaOf(s: Simulator): Promise<string> {
  const basic = Buffer.from(`${s.user}:${s.password}`).toString('base64');
  const login = (await (
    await fetch(`${s.url}/api/v1/login`, { method: 'POST', headers: { Authorization: `Basic ${basic}` } })
  ).json()) as { token: string };
  const get = async (path: string) =>
    (
      (await (
        await fetch(`${s.url}/api/v1${path}`, { headers: { Authorization: `Bearer ${login.token}` } })
      ).json()) as {
        data: { id: number; name: string }[];
      }
    ).data;
  const listing = (await get('/listings'))[0]!.id;
  const name = (await get(`/photos?listing_id=${listing}`))[0]!.name;
  return `${s.url}/media/${name.replace(/^https:\/\/[^/]+\//, '')}`;
}

describe('photo downloads (issue 27, case 2)', { timeout: 30_000 }, () => {
  it('a photo of the API’s own image host is shown', async () => {
    const s = await simulator();
    const files = photoFiles(s.url, [await mediaOf(s)]);
    expect(await files.image(1)).toMatch(/^data:image\/png;base64,/);
  });

  it('an oversized body is refused while it streams: the sender stops near the limit', async () => {
    const s = await simulator();
    s.setFaults({ mediaBytes: 400 * 1024 * 1024 });
    expect(await photoFiles(s.url, [await mediaOf(s)]).image(1)).toBeNull();
    // Sent as the downloader read it: it hung up near the 30 MB limit (socket buffers aside), not at 400 MB.
    expect(s.counters()['media:bytes']).toBeLessThan(40 * 1024 * 1024);
    // The same against a host that counts what it managed to send before the downloader hung up.
    const big = await server('127.0.0.1', (_req, res, count) => {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      const chunk = Buffer.alloc(256 * 1024, 7);
      chunk.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const more = () => {
        while (count.sent < 400 * 1024 * 1024 && !res.destroyed) {
          count.sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      more();
    });
    await expect(
      downloadImage(`${big.url}/big.png`, { apiBase: big.url, maxBytes: 1024 * 1024 }),
    ).rejects.toMatchObject({
      reason: 'too_large',
    });
    expect(big.count.sent).toBeLessThan(8 * 1024 * 1024);
  });

  it('a redirect to another host is refused, and that host is never asked', async () => {
    const s = await simulator();
    const elsewhere = await server('127.0.0.2', (_req, res) =>
      res.writeHead(200, { 'Content-Type': 'image/png' }).end('x'),
    );
    s.setFaults({ mediaRedirect: `${elsewhere.url}/{path}` });
    expect(await photoFiles(s.url, [await mediaOf(s)]).image(1)).toBeNull();
    expect(elsewhere.requests).toEqual([]);
  });

  it('a redirect within the API’s own origin is followed', async () => {
    const s = await simulator();
    const own = await mediaOf(s);
    const hop = await server('127.0.0.1', (_req, res) => res.writeHead(302, { Location: own }).end());
    // The API is the simulator; the photo host the server names redirects into the API's origin.
    expect(await photoFiles(s.url, [`${hop.url}/p.jpg`]).image(1)).toMatch(/^data:image\/png/);
  });

  it('an answer that is not an image (its content type) is refused', async () => {
    const s = await simulator();
    s.setFaults({ mediaType: 'text/html' });
    expect(await photoFiles(s.url, [await mediaOf(s)]).image(1)).toBeNull();
  });

  it('no loopback, link-local or private address unless the API is there: refused before connecting', async () => {
    const s = await simulator();
    const local = await server('127.0.0.2', (_req, res) =>
      res.writeHead(200, { 'Content-Type': 'image/png' }).end('x'),
    );
    const files = photoFiles(s.url, [
      'http://169.254.169.254/latest/meta-data/iam',
      'http://10.20.30.40/photo.jpg',
      'http://[::1]:9/photo.jpg',
      `${local.url}/photo.jpg`,
      'file:///etc/passwd',
    ]);
    for (const id of [1, 2, 3, 4, 5]) expect(await files.image(id), `photo ${id}`).toBeNull();
    expect(local.requests).toEqual([]);
    for (const [url, reason] of [
      ['http://169.254.169.254/x.jpg', 'address'],
      [`${local.url}/x.jpg`, 'address'],
      ['ftp://example.com/x.jpg', 'not_http'],
    ] as const)
      await expect(downloadImage(url, { apiBase: s.url })).rejects.toMatchObject({ reason });
  });

  it('a host that never finishes is given up at the deadline', async () => {
    const slow = await server('127.0.0.1', (_req, res) =>
      res.writeHead(200, { 'Content-Type': 'image/png' }).write('x'),
    );
    const t0 = Date.now();
    await expect(downloadImage(`${slow.url}/slow.png`, { apiBase: slow.url, timeoutMs: 300 })).rejects.toBeInstanceOf(
      DownloadRefused,
    );
    expect(Date.now() - t0).toBeLessThan(5_000);
  });

  it('knows which addresses are public', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fd00::2',
      '::ffff:10.0.0.1',
      '0.0.0.0',
      '100.64.0.1',
    ])
      expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['203.0.113.5', '8.8.8.8', '2a00:1450:4003:80f::200e']) expect(isPublicAddress(a), a).toBe(true);
  });
});
