// The planning thread (plan-thread.ts starts it): a Planner over its own
// read-only connection to the cache file. WAL lets it read the last committed
// state while the main connection writes; what it keeps between plans (the
// listing base, the far-booking picture) stays here, told of jobs done and
// booking changes in order with the asks. Each answer carries the best
// QUEUE_SENT due jobs and how many are due.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { wrap } from '../cache/handle';
import { sendable, type FromPlanThread, type PlanThreadData, type ToPlanThread } from './plan-messages';
import { Planner } from './planner';

const port = parentPort;
if (!port) throw new Error('plan-worker.ts runs as a worker thread');
const { path, policy } = workerData as PlanThreadData;

const post = (m: FromPlanThread) => port.postMessage(m);

let planner: Planner;
try {
  const conn = new Database(path, { readonly: true, fileMustExist: true });
  conn.pragma('busy_timeout = 5000');
  conn.pragma('temp_store = MEMORY');
  conn.pragma('cache_size = -32000');
  planner = new Planner(wrap(conn, Infinity), policy);
  post({ kind: 'ready' });
} catch (e) {
  post({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
  throw e;
}

port.on('message', (m: ToPlanThread) => {
  if (m.kind === 'jobDone') planner.jobDone(m.key);
  else if (m.kind === 'bookingsChanged') planner.invalidateBookings();
  else {
    try {
      post({ kind: 'plan', id: m.id, plan: sendable(planner.plan(m.input)) });
    } catch (e) {
      post({ kind: 'error', id: m.id, message: e instanceof Error ? e.message : String(e) });
    }
  }
});
