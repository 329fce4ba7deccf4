// The control API, outside /api/v1 and guarded by its own secret (header
// X-Control-Secret): lets a test or a person change the bad-day settings,
// revoke tokens, take the server "offline", drive churn, and read the request
// log, counters and mutation log over HTTP. Routes are listed in README.md.
import { timingSafeEqual, createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FaultConfig, Simulator, SimulatorOps } from '../types';

/** The simulator's own operations plus what only the control API reads or sets. */
export interface ControlOps extends Pick<Simulator, SimulatorOps> {
  faults(): FaultConfig;
  online(): boolean;
  rateLimit(): { limit: number; windowSeconds: number };
  setRateLimit(r: { limit: number; windowSeconds: number }): void;
  info(): Record<string, unknown>;
}

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

async function readObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 1024 * 1024) throw new ControlError(413, 'body too large');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ControlError(400, 'body is not valid JSON');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new ControlError(400, 'body must be a JSON object');
  return value as Record<string, unknown>;
}

function positiveInt(v: unknown, name: string, max = 1_000_000): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > max)
    throw new ControlError(400, `${name} must be an integer from 0 to ${max}`);
  return v;
}

/** `?since=N`: entries after the first N (request log) or with seq > N (mutations). */
function since(url: URL): number {
  const raw = url.searchParams.get('since');
  if (raw === null) return 0;
  if (!/^\d+$/.test(raw)) throw new ControlError(400, 'since must be a non-negative integer');
  return Number(raw);
}

export function createControl(secret: string, ops: ControlOps) {
  const expected = createHash('sha256').update(secret).digest();
  const authorised = (header: string | string[] | undefined) =>
    typeof header === 'string' && timingSafeEqual(createHash('sha256').update(header).digest(), expected);

  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    try {
      if (!authorised(req.headers['x-control-secret']))
        throw new ControlError(403, 'missing or wrong X-Control-Secret');
      const route = `${req.method ?? 'GET'} ${url.pathname.replace(/\/+$/, '')}`;
      switch (route) {
        case 'GET /_control':
        case 'GET /_control/state':
          return json(res, 200, {
            ...ops.info(),
            online: ops.online(),
            faults: ops.faults(),
            rateLimit: ops.rateLimit(),
          });
        case 'GET /_control/faults':
          return json(res, 200, ops.faults());
        case 'PUT /_control/faults':
        case 'POST /_control/faults': {
          const body = await readObject(req);
          try {
            ops.setFaults(body);
          } catch (err) {
            throw new ControlError(400, (err as Error).message);
          }
          return json(res, 200, ops.faults());
        }
        case 'DELETE /_control/faults':
          ops.resetFaults();
          return json(res, 200, ops.faults());
        case 'POST /_control/revoke-tokens':
          ops.revokeTokens();
          return json(res, 200, { revoked: true });
        case 'POST /_control/online': {
          const body = await readObject(req);
          if (typeof body['online'] !== 'boolean') throw new ControlError(400, 'online must be true or false');
          ops.setOnline(body['online']);
          return json(res, 200, { online: ops.online() });
        }
        case 'POST /_control/churn': {
          const body = await readObject(req);
          return json(res, 200, { mutations: ops.churn(positiveInt(body['n'] ?? 1, 'n', 10_000)) });
        }
        case 'POST /_control/churn/start': {
          const body = await readObject(req);
          ops.startChurn(positiveInt(body['perMinute'], 'perMinute', 600_000));
          return json(res, 200, { churning: true });
        }
        case 'POST /_control/churn/stop':
          ops.stopChurn();
          return json(res, 200, { churning: false });
        case 'GET /_control/mutations': {
          const after = since(url);
          return json(res, 200, { mutations: ops.mutations().filter((m) => m.seq > after) });
        }
        case 'GET /_control/requests':
          return json(res, 200, { requests: ops.requestLog().slice(since(url)) });
        case 'GET /_control/counters':
          return json(res, 200, ops.counters());
        case 'POST /_control/budget/spend': {
          const body = await readObject(req);
          return json(res, 200, { windows: ops.spendBudget(positiveInt(body['n'], 'n', 100_000_000)) });
        }
        case 'PUT /_control/rate-limit':
        case 'POST /_control/rate-limit': {
          const body = await readObject(req);
          const limit = positiveInt(body['limit'], 'limit', 100_000_000);
          const windowSeconds = positiveInt(body['windowSeconds'], 'windowSeconds', 86_400 * 7);
          if (limit < 1 || windowSeconds < 1) throw new ControlError(400, 'limit and windowSeconds must be at least 1');
          ops.setRateLimit({ limit, windowSeconds });
          return json(res, 200, ops.rateLimit());
        }
        default:
          throw new ControlError(404, `no control route ${route}`);
      }
    } catch (err) {
      if (err instanceof ControlError) return json(res, err.status, { message: err.message });
      console.error('simulator: control request failed', err);
      return json(res, 500, { message: 'control request failed' });
    }
  };
}
