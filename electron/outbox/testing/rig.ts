// Test and benchmark rig for the outbox (not used by the app): a "device" —
// cache database, API client, outbox — against a running simulator, which can
// be killed at any instant and restarted on the same database, the way a
// process kill would: after kill() the old instance can neither write to the
// database nor start a request; requests already on the wire still reach the
// server (their answers are lost).
import type Database from 'better-sqlite3';
import { ApiClient } from '../../api/client';
import { BudgetGovernor } from '../../api/governor';
import { UndiciTransport, type HttpRequest, type HttpResponse, type Transport } from '../../api/transport';
import { openCache, type Params, type WritableDB } from '../../cache/db';
import { CACHE_MIGRATIONS } from '../../cache/schema';
import { Outbox, OUTBOX_MIGRATIONS, type OutboxOptions } from '../index';

export const MIGRATIONS = [...CACHE_MIGRATIONS, ...OUTBOX_MIGRATIONS];

export class Killed extends Error {
  constructor() {
    super('killed');
    this.name = 'Killed';
  }
}

/** A database handle that stops working for good once killed (the process "died"). */
export function killableDb(inner: WritableDB): { db: WritableDB; kill: () => void } {
  let dead = false;
  const check = () => {
    if (dead) throw new Killed();
  };
  const db: WritableDB = {
    kind: 'writable',
    get inTransaction() {
      return inner.inTransaction;
    },
    get raw(): Database.Database {
      check();
      return inner.raw;
    },
    all: <T>(q: string, p?: Params) => (check(), inner.all<T>(q, p)),
    get: <T>(q: string, p?: Params) => (check(), inner.get<T>(q, p)),
    rows: (q: string, p?: Params) => (check(), inner.rows(q, p)),
    pluck: <T>(q: string, p?: Params) => (check(), inner.pluck<T>(q, p)),
    run: (q: string, p?: Params) => (check(), inner.run(q, p)),
    exec: (s: string) => (check(), inner.exec(s)),
    transaction: <T>(fn: (d: WritableDB) => T): T => {
      check();
      return inner.transaction(() => fn(db));
    },
    close: () => undefined,
  };
  return {
    db,
    kill: () => {
      dead = true;
    },
  };
}

/** Faults the simulator cannot make cheaply: a 429 with Retry-After 0 (its own limiter waits ≥ 1 s). */
export interface TransportFaults {
  /** 0..1: answer 429 without sending the request (so it is not processed). */
  rate429: number;
  random: () => number;
  /** Around every request that is sent (a test holds one back until something else has happened). */
  around?: (req: HttpRequest, send: () => Promise<HttpResponse>) => Promise<HttpResponse>;
}

/** A transport that refuses to start requests once killed (already started ones complete). */
export class KillableTransport implements Transport {
  dead = false;
  constructor(
    private readonly inner: Transport,
    private readonly faults: TransportFaults,
  ) {}
  send(req: HttpRequest): Promise<HttpResponse> {
    if (this.dead) {
      const e = new Error('connect ECONNREFUSED (process killed)') as Error & { code: string };
      e.code = 'ECONNREFUSED';
      return Promise.reject(e);
    }
    if (this.faults.rate429 > 0 && !req.url.pathname.endsWith('/login') && this.faults.random() < this.faults.rate429)
      return Promise.resolve({
        status: 429,
        headers: { 'retry-after': '0' },
        text: '{"message":"Too Many Attempts."}',
      });
    const around = this.faults.around;
    return around ? around(req, () => this.inner.send(req)) : this.inner.send(req);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

export interface DeviceOptions {
  url: string;
  user: string;
  password: string;
  /** Database file (or ':memory:' — then restart() reuses the connection, which a kill leaves intact). */
  path?: string;
  requestTimeoutMs?: number;
  outbox?: Partial<OutboxOptions>;
}

/** One running instance of the app's engine part that matters here. */
export interface Instance {
  db: WritableDB;
  client: ApiClient;
  outbox: Outbox;
  transport: KillableTransport;
  /** The process dies at this instant (synchronous: callable from inside a trace hook). */
  die(): void;
  /** die(), then wait until whatever was in flight has settled (its packets arrived or not). */
  kill(): Promise<void>;
}

export class Device {
  private conn: WritableDB;
  current: Instance;
  /** Transport-level faults of every instance of this device (the scenario changes them between phases). */
  readonly faults: TransportFaults = { rate429: 0, random: Math.random };
  /** Per-request deadline of the instances booted from now on. */
  requestTimeoutMs: number;

  constructor(private readonly o: DeviceOptions) {
    this.requestTimeoutMs = o.requestTimeoutMs ?? 250;
    this.conn = openCache({ path: o.path ?? ':memory:', migrations: MIGRATIONS, onSlowQuery: () => undefined });
    this.current = this.boot();
  }

  /** The real database handle (for test assertions; the outbox uses a killable view of it). */
  get db(): WritableDB {
    return this.conn;
  }

  private boot(): Instance {
    const { db, kill: killDb } = killableDb(this.conn);
    const governor = new BudgetGovernor({ limit: 1_000_000, maxInFlight: 8 });
    const transport = new KillableTransport(
      new UndiciTransport({ requestTimeoutMs: this.requestTimeoutMs, connectTimeoutMs: 1000 }),
      this.faults,
    );
    const client = new ApiClient({ baseUrl: this.o.url, governor, transport, backoffMs: 2, readRetries: 2 });
    client.setCredentials({ user: this.o.user, password: this.o.password });
    const outbox = new Outbox({
      db,
      client,
      governor,
      backoff: { baseMs: 5, maxMs: 60, settleMs: 100 },
      log: { error: () => undefined },
      ...this.o.outbox,
    });
    const die = () => {
      killDb();
      transport.dead = true;
    };
    const instance: Instance = {
      db,
      client,
      outbox,
      transport,
      die,
      kill: async () => {
        die();
        await outbox.stop().catch(() => undefined);
        await client.close().catch(() => undefined);
      },
    };
    return instance;
  }

  /** Kills the running instance at this instant and starts a new one on the same database. */
  async restart(): Promise<Instance> {
    await this.current.kill();
    if (this.o.path && this.o.path !== ':memory:') {
      this.conn.close();
      this.conn = openCache({ path: this.o.path, migrations: MIGRATIONS, onSlowQuery: () => undefined });
    }
    this.current = this.boot();
    return this.current;
  }

  async close(): Promise<void> {
    await this.current.kill();
    this.conn.close();
  }
}
