// THE downloader of photo images (the only request to an address the server's
// data names rather than the API itself). A photo's `name` is a URL the server
// gives, so every download is bounded as if the server were hostile:
//   - size: the limit is enforced while the body streams, and the download is
//     aborted at the limit (a 400 MB answer is never read whole);
//   - time: one deadline for the whole download, redirects and body included;
//   - type: the answer must say it is an image (jpeg, png, webp, gif);
//   - where: redirects only within the photo host the server named or the API's
//     own origin (at most MAX_REDIRECTS), and never to a loopback, link-local,
//     private or otherwise non-public address unless the API itself is at that
//     address. Addresses are checked at connect time (the lookup the socket
//     uses), so a name that resolves elsewhere on a second lookup gains nothing.
// undici is loaded at the first download (as the API transport does).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import type * as Undici from 'undici';

/** Spec-silent choices of the photo downloader, in one place. */
export const PHOTO_DOWNLOAD = {
  maxBytes: 30 * 1024 * 1024,
  timeoutMs: 15_000,
  maxRedirects: 3,
  types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
} as const;

export interface DownloadPolicy {
  /** The API's base URL: its origin is one redirects may go to, and its addresses are the only non-public ones allowed. */
  apiBase: string | null;
  maxBytes?: number;
  timeoutMs?: number;
}

/** Why a download was refused or failed (for the log and tests; the screen shows the photo's title instead). */
export type DownloadRefusal =
  'not_http' | 'address' | 'redirect_elsewhere' | 'too_many_redirects' | 'status' | 'type' | 'too_large' | 'failed';

export class DownloadRefused extends Error {
  constructor(
    readonly reason: DownloadRefusal,
    detail: string,
  ) {
    super(`photo download refused (${reason}): ${detail}`);
    this.name = 'DownloadRefused';
  }
}

/** Addresses that are not the public internet: loopback, private, link-local, CGNAT, unspecified, multicast, reserved. */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is. */
function plain(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export function isPublicAddress(address: string): boolean {
  const a = plain(address);
  return !NOT_PUBLIC.check(a.address, a.family);
}

const lookupAll = (host: string): Promise<LookupAddress[]> =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );
const hostOf = (u: URL) => u.hostname.replace(/^\[|\]$/g, '');

/** The addresses a download may connect to although they are not public: the API's own. */
async function apiAddresses(apiBase: string | null): Promise<Set<string>> {
  if (!apiBase) return new Set();
  try {
    const host = hostOf(new URL(apiBase));
    const found = isIP(host) ? [host] : (await lookupAll(host)).map((a) => a.address);
    return new Set(found.map((a) => plain(a).address));
  } catch {
    return new Set();
  }
}

let undici: Promise<typeof Undici> | null = null;
const loadUndici = () => (undici ??= import('undici'));

/**
 * The image at `url`, or a DownloadRefused saying why not (network failures
 * and the deadline are `failed`). Never reads more than the limit.
 */
export async function downloadImage(url: string, policy: DownloadPolicy, signal?: AbortSignal): Promise<Uint8Array> {
  const maxBytes = policy.maxBytes ?? PHOTO_DOWNLOAD.maxBytes;
  // One deadline for everything; once the download is over, neither it nor the caller's signal reaches undici.
  const ac = new AbortController();
  const timer = setTimeout(
    () => ac.abort(new DownloadRefused('failed', 'no complete answer in time')),
    policy.timeoutMs ?? PHOTO_DOWNLOAD.timeoutMs,
  );
  const onAbort = () => ac.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  const stop = ac.signal;
  try {
    return await download(url, policy, maxBytes, stop);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

async function download(url: string, policy: DownloadPolicy, maxBytes: number, stop: AbortSignal): Promise<Uint8Array> {
  let first: URL;
  try {
    first = new URL(url);
  } catch {
    throw new DownloadRefused('not_http', 'not an address');
  }
  const allowedOrigins = new Set([first.origin]);
  if (policy.apiBase) allowedOrigins.add(new URL(policy.apiBase).origin);
  const mayReach = await apiAddresses(policy.apiBase);
  const allowed = (address: string) => isPublicAddress(address) || mayReach.has(plain(address).address);

  const { Agent, request } = await loadUndici();
  // Every connection's addresses are checked as the socket looks them up (no second lookup to fool).
  const agent = new Agent({
    connect: {
      lookup: (host, options, callback) =>
        dnsLookup(host, { ...options, all: true }, (err, addresses) => {
          if (err) return callback(err, '', 0);
          const ok = addresses.filter((a) => allowed(a.address));
          if (!ok.length) return callback(new DownloadRefused('address', `${host} is not a public address`), '', 0);
          // Node asks for all addresses (autoSelectFamily) or for one.
          if ((options as { all?: boolean }).all) return (callback as (e: null, a: LookupAddress[]) => void)(null, ok);
          callback(null, ok[0]!.address, ok[0]!.family);
        }),
    },
  });
  try {
    let at = first;
    for (let hops = 0; ; hops++) {
      if (at.protocol !== 'https:' && at.protocol !== 'http:') throw new DownloadRefused('not_http', at.protocol);
      if (!allowedOrigins.has(at.origin)) throw new DownloadRefused('redirect_elsewhere', at.origin);
      // An address written in the URL is never looked up: judged here.
      if (isIP(hostOf(at)) && !allowed(hostOf(at))) throw new DownloadRefused('address', hostOf(at));
      const res = await request(at, { dispatcher: agent, signal: stop, method: 'GET' }).catch((e: unknown) => {
        throw e instanceof DownloadRefused ? e : (refusalIn(e) ?? new DownloadRefused('failed', String(e)));
      });
      if (res.statusCode >= 300 && res.statusCode < 400 && res.headers['location']) {
        await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
        if (hops >= PHOTO_DOWNLOAD.maxRedirects) throw new DownloadRefused('too_many_redirects', String(hops + 1));
        at = new URL(String(res.headers['location']), at);
        continue;
      }
      if (res.statusCode !== 200) {
        discard(res.body);
        throw new DownloadRefused('status', String(res.statusCode));
      }
      const type = String(res.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim()
        .toLowerCase();
      if (!(PHOTO_DOWNLOAD.types as readonly string[]).includes(type)) {
        discard(res.body);
        throw new DownloadRefused('type', type || 'none');
      }
      if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
        discard(res.body);
        throw new DownloadRefused('too_large', String(res.headers['content-length']));
      }
      return await readBounded(res.body, maxBytes);
    }
  } finally {
    void agent.destroy().catch(() => undefined);
  }
}

/** Stops reading a body for good (undici reports that as an AbortError on the stream: expected here, not a failure). */
function discard(body: { on(event: 'error', fn: () => void): unknown; destroy(): void }): void {
  body.on('error', () => undefined);
  body.destroy();
}

/** A DownloadRefused from the lookup, wrapped by undici in a connect error. */
function refusalIn(e: unknown): DownloadRefused | null {
  for (let c: unknown = e, depth = 0; c && depth < 4; c = (c as { cause?: unknown }).cause, depth++)
    if (c instanceof DownloadRefused) return c;
  return null;
}

/** The body, or too_large as soon as it passes `max` (the stream is destroyed then: nothing more is read). */
async function readBounded(
  body: Parameters<typeof discard>[0] & AsyncIterable<Buffer>,
  max: number,
): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      size += chunk.length;
      if (size > max) {
        discard(body);
        throw new DownloadRefused('too_large', `more than ${max} bytes`);
      }
      chunks.push(chunk);
    }
  } catch (e) {
    throw e instanceof DownloadRefused ? e : new DownloadRefused('failed', String(e));
  }
  return new Uint8Array(Buffer.concat(chunks, size));
}
