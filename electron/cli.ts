// Headless entry point: the same engine without Electron.
//   npm run cli -- sync [--full]        one planned pass (or everything); progress on stderr, JSON summary on stdout
//   npm run cli -- status               sync status (freshness, budget, quarantine) as JSON
//   npm run cli -- search <text>        offline search of the cache
//   npm run cli -- query <table> [--limit N]   rows of a cache table, for debugging
// Options: --api URL --user NAME --password-stdin --db PATH --remember
//          --demo [--demo-listings N] [--today YYYY-MM-DD]  (an embedded simulator instead of a server)
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { search } from './cache/queries';
import { MemoryCredentialStore, KeychainCredentialStore } from './credentials/store';
import { Engine, type PassSummary } from './engine';
import { MARKED_TABLES } from './engine/account-data';

/** Tables `query` may dump (never anything else: the name goes into SQL). */
const QUERYABLE = [
  ...MARKED_TABLES,
  'prices',
  'availability',
  'incident_listings',
  'sync_state',
  'quarantine',
  'meta',
] as const;

const USAGE = `usage: npm run cli -- <sync [--full] | status | search <text> | query <table> [--limit N]>
  [--api URL --user NAME --password-stdin] [--db PATH] [--remember]
  [--demo [--demo-listings N] [--today YYYY-MM-DD]]`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

function fail(message: string, code = 2): never {
  process.stderr.write(`stayboard: ${message}\n`);
  process.exit(code);
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      api: { type: 'string' },
      user: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
      db: { type: 'string' },
      remember: { type: 'boolean', default: false },
      demo: { type: 'boolean', default: false },
      'demo-listings': { type: 'string' },
      today: { type: 'string' },
      full: { type: 'boolean', default: false },
      limit: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  if (!['sync', 'status', 'search', 'query'].includes(command)) fail(`unknown command "${command}"\n${USAGE}`);
  const root = process.env['STAYBOARD_ROOT'] ?? process.cwd();
  const dbPath = values.db ?? resolve(root, '.data', values.demo ? 'cli-demo.db' : 'cli.db');
  const today = values.today;
  if (today !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(today)) fail('--today must be YYYY-MM-DD');

  // The demo simulator is loaded only when asked for: a real install never needs it.
  let demo: { url: string; user: string; password: string; close(): Promise<void> } | null = null;
  if (values.demo) {
    const { startSimulator } = await import('../simulator');
    const listings = values['demo-listings'] ? Number(values['demo-listings']) : 40;
    if (!Number.isInteger(listings) || listings < 1) fail('--demo-listings must be a positive integer');
    demo = await startSimulator({ listings, ...(today ? { today } : {}) });
  }
  const credentials = demo ? new MemoryCredentialStore('demo workspace') : new KeychainCredentialStore();
  const engine = Engine.open({
    dbPath,
    credentials,
    background: false,
    ...(today ? { today: () => today } : {}),
  });
  try {
    if (command === 'search') {
      process.stdout.write(`${JSON.stringify(search(engine.db, { text: rest.join(' '), limit: 50 }), null, 2)}\n`);
      return 0;
    }
    if (command === 'query') {
      const table = rest[0];
      if (!table || !(QUERYABLE as readonly string[]).includes(table))
        fail(`query needs one of: ${QUERYABLE.join(', ')}`);
      const limit = Math.min(10_000, Number(values.limit ?? 20) || 20);
      const rows = engine.db.all<Record<string, unknown>>(`SELECT * FROM "${table}" LIMIT ?`, [limit]);
      process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
      return 0;
    }
    if (command === 'status') {
      process.stdout.write(`${JSON.stringify(engine.status(), null, 2)}\n`);
      return 0;
    }
    // sync: sign in with the given password, the demo's, or the remembered one.
    const api = demo?.url ?? values.api ?? engine.account?.baseUrl;
    const user = demo?.user ?? values.user ?? engine.account?.user;
    if (!api || !user) fail('sync needs --api and --user (or --demo) the first time');
    const password = demo?.password ?? (values['password-stdin'] ? await readStdin() : null);
    if (password !== null) {
      await engine.signIn({ baseUrl: api, user, password, remember: values.remember && !demo });
    } else if (!(await engine.resume())) {
      const kc = await engine.keychain();
      fail(`no password: pass --password-stdin${kc.message ? ` (${kc.message})` : ''}`);
    }
    let last = 0;
    engine.on('sync.progress', (p) => {
      const now = Date.now();
      if (!p.current || now - last < 250) return;
      last = now;
      process.stderr.write(`[${p.current.done}/${p.current.planned}] ${p.current.scope}\n`);
    });
    const summary: PassSummary = await engine.syncNow({ full: values.full, waitForBudget: false });
    process.stderr.write(`done: ${summary.jobs} jobs, ${summary.requestsTotal} requests in ${summary.durationMs} ms\n`);
    if (summary.stopped === 'budget') {
      const b = engine.status().budget;
      process.stderr.write(
        `stopped: the background share of this hour's request budget is used up (${b.used}/${b.limit}, ` +
          `${b.reserve} kept for edits); ${summary.remaining} jobs left — run again after ${b.nextFreeAt ?? 'a while'}.\n`,
      );
    }
    if (summary.stopped === 'paced')
      process.stderr.write(
        `paced: only the deep fill is left (${summary.remaining} jobs); it is spread over the hour ` +
          `(electron/api/budget-plan.ts) — run again later for more.\n`,
      );
    process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    // Stopping at the budget, or with only the paced deep fill left, is the normal end of a big sync:
    // the rest comes in the next hours.
    return summary.stopped === null || summary.stopped === 'budget' || summary.stopped === 'paced' ? 0 : 1;
  } catch (e) {
    process.stderr.write(`stayboard: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  } finally {
    await engine.close();
    await demo?.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => fail(e instanceof Error ? (e.stack ?? e.message) : String(e), 1),
);
