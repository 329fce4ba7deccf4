// A tiny scriptable HTTP server for the client's tests: each test says how
// to answer, and reads back what was asked. Binds to 127.0.0.1 only.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Handler = (req: Seen, res: ServerResponse, n: number) => void | Promise<void>;

export interface TestServer {
  url: string;
  seen: Seen[];
  handle(h: Handler): void;
  close(): Promise<void>;
}

export async function startTestServer(initial?: Handler): Promise<TestServer> {
  let handler: Handler = initial ?? ((_, res) => json(res, 404, { message: 'no handler' }));
  const seen: Seen[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const s: Seen = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(s);
      Promise.resolve(handler(s, res, seen.length)).catch(() => res.destroy());
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    handle: (h) => {
      handler = h;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A standard auth front: POST /login with user/pw gives `token-N`; others need a live token. */
export function authed(
  live: Set<string>,
  inner: Handler,
  creds = { user: 'u', password: 'p' },
): { handler: Handler; logins: () => number } {
  let logins = 0;
  return {
    logins: () => logins,
    handler: async (req, res, n) => {
      if (req.method === 'POST' && req.path === '/api/v1/login') {
        const expected = `Basic ${Buffer.from(`${creds.user}:${creds.password}`).toString('base64')}`;
        if (req.headers.authorization !== expected) return json(res, 401, { message: 'Unauthenticated.' });
        logins++;
        const token = `token-${logins}`;
        live.add(token);
        return json(res, 200, { token });
      }
      const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!live.has(bearer)) return json(res, 401, { message: 'Unauthenticated.' });
      return inner(req, res, n);
    },
  };
}
