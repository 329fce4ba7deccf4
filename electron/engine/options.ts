// What an engine (engine.ts) is opened with — the cache file, the clock, the
// settings, the transport, the outbox's tuning, the observers — and what a
// sign-in gives it.
import type { Settings } from '../../shared/contract';
import type { Defect } from '../api/client';
import type { Clock } from '../api/clock';
import type { Transport, TransportOptions } from '../api/transport';
import type { Account, CredentialStore } from '../credentials/store';
import type { OutboxOptions } from '../outbox';
import type { IngestObserver } from '../sync/ingest';
import type { PassSummary } from '../sync/pass-report';
import type { ConnectivityPolicy, Policy } from '../sync/policy';
import type { FetchImage } from './photo-files';

/** Replay tuning and hooks for the engine's outbox (tests, the CLI, the benchmark); the rest is the engine's. */
export type EngineOutboxOptions = Partial<
  Pick<OutboxOptions, 'log' | 'random' | 'concurrency' | 'backoff' | 'keepConfirmedMs' | 'trace'>
>;

export interface EngineOptions {
  /** The cache file (one per account is the shells' choice); ':memory:' for tests. */
  dbPath: string;
  credentials?: CredentialStore;
  clock?: Clock;
  settings?: Partial<Settings>;
  /** Today's date in the business's time zone (default: local date of the clock). */
  today?: () => string;
  policy?: Policy;
  transport?: Transport;
  transportOptions?: TransportOptions;
  /** The outbox's tuning and hooks (default: as in the app). */
  outbox?: EngineOutboxOptions;
  /** Keep syncing in the background after sign-in (default true; the CLI runs passes itself). */
  background?: boolean;
  /** Probe and stall watchdog numbers (default sync/policy.ts CONNECTIVITY_POLICY). */
  connectivityPolicy?: ConnectivityPolicy;
  /** Sees what sync writes (the notifier, electron/notify). */
  ingest?: IngestObserver;
  /** Told of each sync pass when it ends (the notifier arms after the first that brought data). */
  onPass?: (summary: PassSummary) => void;
  /** How photo images are downloaded (default: a plain GET of the photo's URL). */
  photoFetch?: FetchImage;
  /** Told of a request refused as a defect before it left (a local id in it: electron/api/client.ts). */
  onDefect?: (defect: Defect) => void;
  /**
   * Make sync plans on a thread of their own (electron/sync/plan-thread.ts): the app's choice, so a
   * plan (150–300 ms at 5,000 listings) never holds the main process. Needs a cache file. Default
   * false: tests with a manual clock and the CLI plan in-process.
   */
  planThread?: boolean;
  /** Told when the planning thread failed and plans are made in-process again. */
  onPlanThreadFailed?: (why: string) => void;
  /** Told of each plan asked of the planning thread while it is made (a simulated clock waits for it). */
  onPlanAsk?: (pending: Promise<unknown>) => void;
}

export interface SignInInput extends Account {
  password: string;
  /** Save the password in the OS keychain (else it is kept for this session only). */
  remember: boolean;
}
