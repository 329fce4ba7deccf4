// The web host: the same services in plain Node, for a browser. Serves the
// built renderer over HTTP and the contract over a WebSocket at /bridge.
// Bound to 127.0.0.1 only; every WebSocket must present the per-launch secret
// (compared in constant time) and come from the host's own origin; the Host
// header is checked too, so a DNS-rebinding page cannot reach it.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { BRIDGE_PATH, fail, type WireRequest } from '../../shared/contract';
import type { EventBus } from '../services/bus';
import type { Dispatcher } from '../services/dispatcher';
import { RefusalLog, type Logger } from '../log/log';
import { contentSecurityPolicy, securityHeaders } from '../shell/security';
import { readStatic } from '../shell/static-files';

export interface WebHostOptions {
  dispatcher: Dispatcher;
  bus: EventBus;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  log: Logger;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Tests may fix it; by default 32 random bytes per launch. */
  secret?: string;
  /** The clock refusals are summarised by (tests). */
  now?: () => number;
}

export interface WebHost {
  /** The address to open, with the secret: http://127.0.0.1:PORT/?secret=… */
  url: string;
  origin: string;
  port: number;
  /** Open WebSocket connections. */
  clients(): number;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';
/** A photo of up to 25 MB (the spec's limit) arrives as base64 inside one photos.create message (≈ 33.4 MB). */
const MAX_MESSAGE_BYTES = 36 * 1024 * 1024;

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Constant-time comparison that does not leak the secret's length either. */
export function secretMatches(given: string | null, secret: string): boolean {
  if (given === null) return false;
  return timingSafeEqual(digest(given), digest(secret));
}

/** Parses one client message; null when it is not a well-formed request. */
export function parseWireRequest(data: string): WireRequest | null {
  let msg: unknown;
  try {
    msg = JSON.parse(data);
  } catch {
    return null;
  }
  if (!msg || typeof msg !== 'object') return null;
  const { id, name, input } = msg as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || typeof name !== 'string') return null;
  return { id, name, input };
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data).toString('utf8');
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const { dispatcher, bus, rendererDir, log } = options;
  const secret = options.secret ?? randomBytes(32).toString('base64url');
  const sockets = new Set<WebSocket>();
  let allowedHosts = new Set<string>();
  let origin = '';
  let headers: Record<string, string> = {};

  const server = createServer((req, res) => {
    serveStatic(req, res).catch((e: unknown) => {
      log.error('serving a file failed', e);
      if (!res.headersSent) res.writeHead(500, headers);
      res.end();
    });
  });

  async function serveStatic(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!allowedHosts.has(req.headers.host ?? '')) {
      res.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Wrong host');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, Allow: 'GET, HEAD' }).end();
      return;
    }
    const path = new URL(req.url ?? '/', origin).pathname;
    const file = await readStatic(rendererDir, path);
    if (!file) {
      res.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Type': file.type, 'Cache-Control': 'no-cache' });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  // A local process hammering the bridge adds a few lines to the log, not one per attempt.
  const refusals = new RefusalLog(log, options.now);
  const flushRefusals = setInterval(() => refusals.flush(), 60_000);
  flushRefusals.unref();

  function refuse(socket: Duplex, status: number, text: string) {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname !== BRIDGE_PATH || !allowedHosts.has(req.headers.host ?? ''))
      return refuse(socket, 404, 'Not Found');
    // Browsers always send Origin on WebSocket handshakes: a page from anywhere else is refused.
    if (req.headers.origin !== `http://${req.headers.host}`) {
      refusals.refused('a WebSocket from a foreign origin', { origin: req.headers.origin ?? null });
      return refuse(socket, 403, 'Forbidden');
    }
    if (!secretMatches(url.searchParams.get('secret'), secret)) {
      refusals.refused('a WebSocket without the right secret');
      return refuse(socket, 401, 'Unauthorized');
    }
    wss.handleUpgrade(req, socket, head, (ws) => connect(ws));
  });

  function connect(ws: WebSocket) {
    sockets.add(ws);
    ws.on('close', () => sockets.delete(ws));
    ws.on('error', (e) => log.warn('WebSocket error', e));
    ws.on('message', (data, isBinary) => {
      const request = isBinary ? null : parseWireRequest(rawText(data));
      if (!request) {
        // Not our client (or a bug in it): it gets no second chance on this connection.
        ws.close(1008, 'malformed message');
        return;
      }
      dispatcher
        .dispatch(request.name, request.input)
        .catch(() => fail('internal', 'Stayboard could not answer.'))
        .then((result) => {
          if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id: request.id, result }));
        })
        .catch((e: unknown) => log.warn('could not answer over the WebSocket', e));
    });
  }

  const unsubscribe = bus.subscribe((event, payload) => {
    const text = JSON.stringify({ event, payload });
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send(text);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  allowedHosts = new Set([`${HOST}:${port}`, `localhost:${port}`]);
  origin = `http://${HOST}:${port}`;
  headers = securityHeaders(contentSecurityPolicy([`ws://${HOST}:${port}`, `ws://localhost:${port}`]));

  let closing: Promise<void> | null = null;
  return {
    url: `${origin}/?secret=${encodeURIComponent(secret)}`,
    origin,
    port,
    clients: () => sockets.size,
    close() {
      closing ??= (async () => {
        unsubscribe();
        clearInterval(flushRefusals);
        refusals.flush(true);
        for (const ws of sockets) ws.close(1001, 'host shutting down');
        await new Promise<void>((resolve) => wss.close(() => resolve()));
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      })();
      return closing;
    },
  };
}
