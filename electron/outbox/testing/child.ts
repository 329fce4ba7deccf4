// A real engine process for the crash test (tests only): opens the cache file,
// replays the outbox until everything is settled, and prints each trace event
// on stdout so the parent can SIGKILL it at a chosen instant — after the
// sending mark, or after the server answered but before it was recorded.
// Usage: tsx electron/outbox/testing/child.ts <db file> <base url> <user> <password>
import { ApiClient } from '../../api/client';
import { BudgetGovernor } from '../../api/governor';
import { UndiciTransport } from '../../api/transport';
import { openCache } from '../../cache/db';
import { Outbox } from '../index';
import { MIGRATIONS } from './rig';

const [path, url, user, password] = process.argv.slice(2);
if (!path || !url || !user || !password) {
  console.error('usage: child.ts <db file> <base url> <user> <password>');
  process.exit(2);
}
const db = openCache({ path, migrations: MIGRATIONS, onSlowQuery: () => undefined });
const governor = new BudgetGovernor({ limit: 1_000_000 });
const client = new ApiClient({
  baseUrl: url,
  governor,
  transport: new UndiciTransport({ requestTimeoutMs: 2000 }),
  backoffMs: 5,
});
client.setCredentials({ user, password });
const outbox = new Outbox({
  db,
  client,
  concurrency: 2,
  backoff: { baseMs: 5, maxMs: 50, settleMs: 200 },
  trace: (e) => process.stdout.write(`${e.type} ${e.entryIds.join(',')}\n`),
});
process.stdout.write('ready\n');
await outbox.drain({ untilSettled: true, maxMs: 20_000 });
process.stdout.write(`settled ${JSON.stringify(outbox.summary())}\n`);
db.close();
await client.close();
