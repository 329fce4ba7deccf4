// Measures how far one edit travels through the code (a developer's tool; its
// figure is bounded by electron/outbox/hops.test.ts): follows `Outbox.enqueue('bookings.update', …)` statement by
// statement with the V8 debugger (a worker thread puts a breakpoint on every
// statement of the main process's files and watches the main thread) and lists
// the files it passes through, in order. A "stop" is arriving in a file
// (consecutive statements in one file are one stop); a "return" is a stop in a
// file the edit had already left. Library code, shared/, the SQL handle
// (cache/db.ts, cache/handle.ts), the API client, the log and its long-task watch (log/, which
// times every query) and this folder are not counted (a call
// through them is no stop), so what is counted is where the outbox's knowledge
// of the record kind and its write path live.
// Run: node_modules/.bin/tsx electron/outbox/testing/hops.ts
import { Worker } from 'node:worker_threads';
import { relative } from 'node:path';
import { ApiClient } from '../../api/client';
import { BudgetGovernor } from '../../api/governor';
import { openCache } from '../../cache/db';
import { startSimulator } from '../../../simulator';
import { Outbox } from '../index';
import { MIGRATIONS } from './rig';
import { seedListing } from './seed';

/** Files counted: the main process's own code, except the SQL handle, the API client and this folder. */
const COUNTED = /\/electron\/(?!cache\/(?:db|handle)\.ts|api\/|log\/|outbox\/testing\/)/;

/**
 * The watching side: a breakpoint on every statement of the counted files,
 * armed on 'go' and dropped on 'done'; each pause records its file and resumes.
 */
const WATCHER = `
const { Session } = require('node:inspector');
const { parentPort } = require('node:worker_threads');
const session = new Session();
session.connectToMainThread();
setInterval(() => undefined, 1000); // a session's replies do not keep a worker alive
const post = (m, p = {}) => new Promise((ok, ko) => session.post(m, p, (e, r) => (e ? ko(e) : ok(r))));
const counted = new RegExp(${JSON.stringify(COUNTED.source)});
const scripts = new Map();
const files = [];
session.on('Debugger.scriptParsed', ({ params }) => {
  if (params.url.startsWith('file://') && counted.test(params.url)) scripts.set(params.scriptId, params.url);
});
session.on('Debugger.paused', ({ params }) => {
  files.push(scripts.get(params.callFrames[0].location.scriptId) || '?');
  void post('Debugger.resume');
});
parentPort.on('message', async (m) => {
  if (m === 'go') {
    const ids = [];
    for (const scriptId of scripts.keys()) {
      const { locations } = await post('Debugger.getPossibleBreakpoints', { start: { scriptId, lineNumber: 0, columnNumber: 0 } });
      for (const location of locations) ids.push((await post('Debugger.setBreakpoint', { location })).breakpointId);
    }
    files.length = 0;
    parentPort.postMessage('armed');
    parentPort.once('message', async () => {
      for (const breakpointId of ids) await post('Debugger.removeBreakpoint', { breakpointId });
      parentPort.postMessage(files.slice());
    });
  }
});
void post('Debugger.enable').then(() => parentPort.postMessage('ready'));
`;

function summarise(urls: readonly string[]): { stops: string[]; returns: number } {
  const root = new URL('../../../', import.meta.url).pathname;
  const stops: string[] = [];
  for (const u of urls) {
    // Library code, shared/ and anything else uncounted is transparent: a call through it is no stop.
    if (!u.startsWith('file://') || !COUNTED.test(u)) continue;
    const f = relative(root, u.replace(/^file:\/\//, ''));
    if (stops.at(-1) !== f) stops.push(f);
  }
  let returns = 0;
  stops.forEach((f, i) => {
    if (stops.slice(0, i).includes(f)) returns++;
  });
  return { stops, returns };
}

async function main(): Promise<void> {
  const sim = await startSimulator({ seed: 3, listings: 1, today: '2026-06-15' });
  const db = openCache({ path: ':memory:', migrations: MIGRATIONS, onSlowQuery: () => undefined });
  const client = new ApiClient({ baseUrl: sim.url, governor: new BudgetGovernor({ limit: 1_000_000 }) });
  client.setCredentials({ user: sim.user, password: sim.password });
  const listing = (await client.list('listings.list', {})).items[0]!.value.id;
  await seedListing(db, client, { listingId: listing, from: '2026-06-01', to: '2026-07-15' });
  const bookingNumber = db.pluck<number>('SELECT booking_number FROM bookings ORDER BY booking_number LIMIT 1')[0]!;
  const outbox = new Outbox({ db, client, log: { error: () => undefined } });
  // Warm up once (first-time module work is not the edit's path), on another field.
  outbox.enqueue('bookings.update', { bookingNumber, changes: { key_numbers: '7' } });

  const worker = new Worker(WATCHER, { eval: true });
  worker.on('error', (e) => console.error('watcher', e));
  const next = <T>() => new Promise<T>((ok) => worker.once('message', ok));
  await next();
  worker.postMessage('go');
  await next(); // armed
  outbox.enqueue('bookings.update', { bookingNumber, changes: { notes: 'Late arrival, keys at the bar' } });
  const done = next<string[]>();
  worker.postMessage('done');
  const { stops, returns } = summarise(await done);
  console.log(stops.map((f, i) => `${String(i + 1).padStart(3)} ${f}`).join('\n'));
  const visits = new Map<string, number>();
  for (const f of stops) visits.set(f, (visits.get(f) ?? 0) + 1);
  console.log('\nvisits per file:', Object.fromEntries([...visits].sort((a, b) => b[1] - a[1])));
  console.log(`\n${stops.length} stops, ${returns} returns to a file already left`);
  await worker.terminate();
  await outbox.stop();
  await client.close();
  db.close();
  await sim.close();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
