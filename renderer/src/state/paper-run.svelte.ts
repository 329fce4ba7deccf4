// Making a file the person asked for, when part of what it reads may not be
// on this computer yet: first `coverage.check` (what is missing, what fetching
// it costs); whole → the file at once; missing and the server can be asked →
// the fetch at the person's priority (`coverage.fetch`), asked first when it
// costs more than a few requests; offline or out of budget → the file at
// once, which the main side marks INCOMPLETE. Every step is state the note
// beside the button shows (PaperNote.svelte), in the person's language.
import type {
  CommandInput,
  ContractError,
  CoverageAnswer,
  CoverageFetched,
  CoverageSubject,
  StayboardBridge,
} from '../../../shared/contract';
import { call } from './call';
import { fetchAndSave, type PaperCommand } from './paper';

/** A fetch of more requests than this is asked for first; fewer just run (a screenful of data, a month of one owner). */
export const ASK_ABOVE_REQUESTS = 20;

export type PaperPhase = 'idle' | 'checking' | 'asking' | 'fetching' | 'making' | 'done';

export class PaperRun {
  phase = $state<PaperPhase>('idle');
  /** What the check found missing (null: whole, or not asked). */
  need = $state.raw<CoverageAnswer | null>(null);
  /** What became of the person's fetch (null: none was made). */
  fetched = $state.raw<CoverageFetched | null>(null);
  #pending: { name: PaperCommand; input: CommandInput<PaperCommand> } | null = null;

  /** `failed`: told when the file could not be made (whichever step the person took last). */
  constructor(
    private readonly bridge: StayboardBridge,
    private readonly failed: (error: ContractError) => void = () => undefined,
  ) {}

  get busy(): boolean {
    return this.phase === 'checking' || this.phase === 'fetching' || this.phase === 'making';
  }

  /** The file was made with something missing (the main side marked it INCOMPLETE). */
  get incomplete(): boolean {
    if (this.phase !== 'done' || !this.need) return false;
    return this.fetched ? !this.fetched.after.complete : true;
  }

  /** What is (still) missing: after a fetch, what it did not bring. */
  get missing(): CoverageAnswer | null {
    return this.fetched?.after ?? this.need;
  }

  /** Checks, fetches what is missing when it can, makes and saves the file; answers the error that stopped it (also told to `failed`). */
  async start<N extends PaperCommand>(name: N, input: CommandInput<N>): Promise<ContractError | null> {
    this.need = null;
    this.fetched = null;
    this.#pending = { name, input };
    this.phase = 'checking';
    const checked = await call(this.bridge, 'coverage.check', { of: name, input } as CoverageSubject);
    // No answer (an engine without the check, a lost link): the file is made as before, and marked by the main side.
    if (!checked.ok || checked.value.complete) return this.#make();
    this.need = checked.value;
    if (checked.value.fetch !== 'ready') return this.#make();
    if (checked.value.requests > ASK_ABOVE_REQUESTS) {
      this.phase = 'asking';
      return null;
    }
    return this.#fetchThenMake();
  }

  /** The person agreed to the cost: fetch, then make. */
  confirm(): Promise<ContractError | null> {
    return this.#fetchThenMake();
  }

  /** The person chose the file now, marked INCOMPLETE. */
  skip(): Promise<ContractError | null> {
    return this.#make();
  }

  /** The person changed their mind (or closed the note). */
  dismiss(): void {
    if (this.busy) return;
    this.phase = 'idle';
    this.#pending = null;
  }

  async #fetchThenMake(): Promise<ContractError | null> {
    const p = this.#pending;
    if (!p) return null;
    this.phase = 'fetching';
    const r = await call(this.bridge, 'coverage.fetch', { of: p.name, input: p.input } as CoverageSubject);
    if (r.ok) this.fetched = r.value;
    return this.#make();
  }

  async #make(): Promise<ContractError | null> {
    const p = this.#pending;
    if (!p) return null;
    this.phase = 'making';
    const error = await fetchAndSave(this.bridge, p.name, p.input);
    // Whole from the start: nothing to tell beside the download.
    this.phase = error || this.need ? 'done' : 'idle';
    if (error) {
      this.need = null;
      this.failed(error);
    }
    return error;
  }
}
