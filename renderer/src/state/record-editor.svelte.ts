// One record read live by id and an edit form over it that follows the
// record without losing what the person is typing (task and incident details),
// the save that sends only what changed, and "Edit and send again" of a
// change the server refused (the form takes my values; saving amends it).
import { untrack } from 'svelte';
import type { CommandName, CommandOutput, OutboxMark, ResourceName, StayboardBridge } from '../../../shared/contract';
import { EditForm, type Specs } from './form.svelte';
import type { RefusedChange } from './refused.svelte';
import { Query } from './query.svelte';

type ByIdCommand =
  | ('cleaning.get' | 'maintenance.get' | 'incidents.get')
  | ('owners.get' | 'costs.get' | 'destinations.get' | 'admins.get');

/** The entries of `o` whose keys are in `keys`. */
const pick = (o: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => keys.includes(k)));

export class RecordEditor<N extends ByIdCommand & CommandName, S extends Specs> {
  readonly query: Query<N>;
  form = $state.raw<EditForm<S> | null>(null);
  /** A save is on its way. */
  saving = $state(false);
  /** The refused change being edited again: saving amends it instead of making a new edit. */
  amending = $state.raw<RefusedChange | null>(null);
  #formFor: number | null = null;
  #over: Record<string, unknown> = {};

  constructor(
    bridge: StayboardBridge,
    command: N,
    resources: readonly ResourceName[],
    readonly id: number,
    private readonly specs: S,
    private readonly toForm: (record: CommandOutput<N>) => Partial<Record<keyof S, unknown>>,
    private readonly decimal: ',' | '.' = '.',
  ) {
    this.query = new Query(bridge, command, resources);
  }

  get record(): CommandOutput<N> | undefined {
    return this.query.value;
  }

  async load(): Promise<void> {
    await this.query.load({ id: this.id } as Parameters<Query<N>['load']>[0]);
    this.syncForm();
  }

  /**
   * Keeps the record live (re-read when its resources change) and the form in
   * step with every read. Call once while the component initialises.
   */
  follow(): void {
    $effect(() => this.query.watch());
    $effect(() => void this.load());
    $effect(() => {
      void this.query.value;
      untrack(() => this.syncForm());
    });
  }

  /**
   * Validates the form; when it is valid and something changed, `send`s the
   * changes (with every parsed value, for fields that are sent together) and
   * reads the record again.
   */
  async save(
    send: (changes: Record<string, unknown>, parsed: Record<string, unknown>) => Promise<unknown>,
  ): Promise<void> {
    const form = this.form;
    if (!form) return;
    const r = form.validate();
    if (!r.ok || !Object.keys(r.changes).length) return;
    this.saving = true;
    const done = await send(r.changes, r.parsed);
    this.saving = false;
    if (done) {
      form.commit();
      this.amending = null;
    }
    await this.query.refresh();
  }

  /** "Edit and send again": the form shows my refused values over the record's (the server's) values. */
  startAmend(change: RefusedChange): void {
    const record = this.query.value;
    if (!record || !this.form) return;
    const mine = this.toForm({ ...record, ...change.changes });
    const theirs = this.toForm(record);
    // Mine: the fields the refused change set (named as the form names them), whatever the record shows now.
    const keys = Object.keys(mine).filter((k) => k in change.changes || mine[k] !== theirs[k]);
    this.form.fill(mine, keys);
    this.amending = change;
  }

  /** What DetailPanel shows of this editor: spread it in (`<DetailPanel {...editor.panel} …>`). */
  get panel() {
    const form = this.form;
    const record = this.query.value as { outbox?: OutboxMark } | undefined;
    return {
      mark: record?.outbox,
      error: this.query.error,
      loading: this.query.loading,
      ready: !!record && !!form,
      dirty: form?.isDirty ?? false,
      hasErrors: !!form && Object.keys(form.errors).length > 0,
      saving: this.saving,
      onrevert: () => this.revert(),
      onamend: (change: RefusedChange) => this.startAmend(change),
      amending: this.amending !== null,
    };
  }

  /** Reverts the form and stops amending. */
  revert(): void {
    this.form?.revert();
    this.amending = null;
  }

  /**
   * Call after every read: a new form for a new record, a rebase for the same one; `over`: values
   * shown instead of the record's (the fields of a change in conflict show the server's).
   */
  syncForm(over: Record<string, unknown> = this.#over): void {
    this.#over = over;
    const record = this.query.value;
    if (!record) return;
    const values = { ...this.toForm(record), ...pick(over, Object.keys(this.specs)) };
    if (this.form && this.#formFor === this.id) this.form.rebase(values);
    else {
      this.form = new EditForm(this.specs, values, this.decimal);
      this.#formFor = this.id;
    }
  }
}
