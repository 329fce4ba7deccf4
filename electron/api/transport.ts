// HTTP transport: one undici keep-alive pool per origin, a connect timeout,
// a deadline per request (headers and body), and a cap on response size.
// The client above it knows nothing about undici; tests may swap this out.
// undici is loaded at the first request, not at start: loading it is ≈ 75 ms
// of CPU (measured), half of the main bundle's load, and a start from the
// cache paints the board before it asks the server anything.
import { Readable } from 'node:stream';
import type * as Undici from 'undici';
import type { Pool } from 'undici';

let undici: Promise<typeof Undici> | null = null;
const loadUndici = () => (undici ??= import('undici'));

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Absolute URL. */
  url: URL;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** This request's own deadline (default: the transport's requestTimeoutMs). */
  timeoutMs?: number;
  /** Told the bytes of the body handed to the connection so far, and the total (a large upload's progress). */
  onSent?: (sent: number, total: number) => void;
}

/** The body in chunks, reporting each one the connection has taken. */
const UPLOAD_CHUNK = 256 * 1024;
function reported(body: string, onSent: (sent: number, total: number) => void): Readable {
  const bytes = Buffer.from(body, 'utf8');
  function* chunks(): Generator<Buffer> {
    for (let at = 0; at < bytes.length; at += UPLOAD_CHUNK) {
      yield bytes.subarray(at, at + UPLOAD_CHUNK);
      onSent(Math.min(at + UPLOAD_CHUNK, bytes.length), bytes.length);
    }
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: UPLOAD_CHUNK });
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface Transport {
  send(req: HttpRequest): Promise<HttpResponse>;
  close(): Promise<void>;
}

export interface TransportOptions {
  /** Connections per origin (bounded concurrency at the socket level). */
  connections?: number;
  connectTimeoutMs?: number;
  /** Deadline for the whole answer (headers + body) of one request. */
  requestTimeoutMs?: number;
  keepAliveMs?: number;
  maxBodyBytes?: number;
}

export class TimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(ms: number) {
    super(`no complete answer within ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

export class UndiciTransport implements Transport {
  private pools = new Map<string, Pool>();
  private readonly connections: number;
  private readonly connectTimeoutMs: number;
  private readonly requestTimeoutMs: number;
  private readonly keepAliveMs: number;
  private readonly maxBodyBytes: number;

  constructor(options: TransportOptions = {}) {
    this.connections = options.connections ?? 6;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    this.keepAliveMs = options.keepAliveMs ?? 30_000;
    this.maxBodyBytes = options.maxBodyBytes ?? 64 * 1024 * 1024;
  }

  private async pool(origin: string): Promise<Pool> {
    let pool = this.pools.get(origin);
    if (!pool) {
      const { Pool } = await loadUndici();
      // Another request may have made it while this one waited for the module.
      pool = this.pools.get(origin);
      if (pool) return pool;
      pool = new Pool(origin, {
        connections: this.connections,
        connectTimeout: this.connectTimeoutMs,
        headersTimeout: this.requestTimeoutMs,
        bodyTimeout: this.requestTimeoutMs,
        keepAliveTimeout: this.keepAliveMs,
        // No pipelining: a reset connection must not take queued requests with it.
        pipelining: 1,
      });
      this.pools.set(origin, pool);
    }
    return pool;
  }

  async send(req: HttpRequest): Promise<HttpResponse> {
    // Our own deadline covers a server that trickles bytes forever.
    const deadline = new AbortController();
    const ms = req.timeoutMs ?? this.requestTimeoutMs;
    const timer = setTimeout(() => deadline.abort(new TimeoutError(ms)), ms);
    const signal = req.signal ? AbortSignal.any([req.signal, deadline.signal]) : deadline.signal;
    try {
      const res = await (
        await this.pool(req.url.origin)
      ).request({
        method: req.method,
        path: `${req.url.pathname}${req.url.search}`,
        // A body sent in reported chunks still says its length (no chunked encoding for the server to mind).
        headers:
          req.body !== undefined && req.onSent
            ? { ...req.headers, 'content-length': String(Buffer.byteLength(req.body, 'utf8')) }
            : req.headers,
        body: req.body !== undefined && req.onSent ? reported(req.body, req.onSent) : (req.body ?? null),
        signal,
      });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        const buf = chunk as Buffer;
        size += buf.length;
        if (size > this.maxBodyBytes) {
          res.body.destroy();
          throw new Error(`answer larger than ${this.maxBodyBytes} bytes`);
        }
        chunks.push(buf);
      }
      return { status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') };
    } catch (e) {
      if (deadline.signal.aborted && !req.signal?.aborted) throw new TimeoutError(ms);
      throw e;
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((p) => p.destroy().catch(() => undefined)));
  }
}
