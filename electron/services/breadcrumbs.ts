// The last actions, kept as breadcrumbs for the log and the diagnostics: a
// ring of the last N commands (screens visited come as `sync.setInterest`
// with their screen name). Only names, record ids, outcomes and durations —
// never a value the person typed, so nothing personal or secret is kept.
import type { Result } from '../../shared/contract';

export interface Breadcrumb {
  at: string;
  /** The command, e.g. `cleaning.update`, or `screen` for a screen opened. */
  name: string;
  /** Record id or booking number the command was about, when it named one. */
  id: number | null;
  /** The screen, for navigation. */
  screen: string | null;
  /** `ok` or the contract error code. */
  outcome: string;
  ms: number;
}

/** How many actions are kept. */
export const BREADCRUMBS_KEPT = 50;
/** Commands the screens ask again and again on their own: not actions, they would push the real ones out. */
const NOT_ACTIONS: ReadonlySet<string> = new Set(['sync.status', 'outbox.summary', 'updates.status', 'session.get']);
/** Input keys that name a record (numbers only are kept). */
const ID_KEYS = ['id', 'bookingNumber', 'listingId', 'entryId'] as const;

export class Breadcrumbs {
  readonly #ring: Breadcrumb[] = [];
  constructor(
    readonly capacity = BREADCRUMBS_KEPT,
    private readonly now: () => Date = () => new Date(),
  ) {}

  record(name: string, input: unknown, result: Result<unknown>, ms: number): void {
    if (NOT_ACTIONS.has(name)) return;
    const fields = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
    let id: number | null = null;
    for (const key of ID_KEYS) {
      const v = fields[key];
      if (typeof v === 'number' && Number.isInteger(v)) {
        id = v;
        break;
      }
    }
    const screen = name === 'sync.setInterest' && typeof fields['screen'] === 'string' ? fields['screen'] : null;
    this.#ring.push({
      at: this.now().toISOString(),
      name: screen ? 'screen' : name.slice(0, 60),
      id,
      screen,
      outcome: result.ok ? 'ok' : result.error.code,
      ms: Math.round(ms),
    });
    if (this.#ring.length > this.capacity) this.#ring.splice(0, this.#ring.length - this.capacity);
  }

  list(): Breadcrumb[] {
    return [...this.#ring];
  }

  /** One line per action, oldest first: `09:30:12 cleaning.update #88 ok 12 ms`. */
  lines(): string[] {
    return this.#ring.map(
      (b) =>
        `${b.at.slice(11, 19)} ${b.screen ? `screen ${b.screen}` : b.name}${b.id !== null ? ` #${b.id}` : ''} ${b.outcome} ${b.ms} ms`,
    );
  }
}
