// The form of a person's dialog (the booking's customer, a guest): made afresh
// each time the dialog opens, and only then — a re-read of the booking while
// the person types must not replace what they typed. With a refused change
// ("Edit and send again") it opens with my refused values over the server's;
// the refused values it has no field for are kept in `carry`, to be sent again
// as they were.
import { untrack } from 'svelte';
import type { RefusedChange } from '../../state/refused.svelte';

interface Fillable {
  form: { fill(record: Record<string, unknown>): string[] };
}

export class DialogForm<F extends Fillable> {
  /** The open dialog's form; null while it is closed. */
  current = $state.raw<F | null>(null);
  /** Refused values the form has no field for: sent again as they were. */
  carry: Record<string, unknown> = {};

  /** Call while a component initialises: the form follows `isOpen` from then on. */
  constructor(isOpen: () => boolean, make: () => F, amending: () => RefusedChange | null) {
    $effect(() => {
      if (!isOpen()) this.current = null;
      else if (!untrack(() => this.current)) this.current = untrack(() => this.#open(make(), amending()));
    });
  }

  #open(f: F, amending: RefusedChange | null): F {
    this.carry = {};
    if (amending) {
      const hidden = f.form.fill(amending.changes);
      this.carry = Object.fromEntries(hidden.map((k) => [k, amending.changes[k]]));
    }
    return f;
  }
}
