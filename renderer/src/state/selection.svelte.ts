// A set of selected keys with the gestures lists need: toggle, add/remove
// many, range from an anchor (shift-click), clear. Immutable updates so
// `$derived` readers see every change.
/* eslint-disable svelte/prefer-svelte-reactivity -- each Set here is an immutable value replaced whole,
   which $state.raw tracks; a SvelteSet would track mutations this class never makes. */

export class Selection<K extends string | number = string> {
  keys = $state.raw<ReadonlySet<K>>(new Set());
  /** Index the last single toggle happened at (start of a shift-click range). */
  anchor = $state<number | null>(null);

  get size(): number {
    return this.keys.size;
  }

  has(key: K): boolean {
    return this.keys.has(key);
  }

  /** True when every key given is selected (and there is at least one). */
  hasAll(keys: readonly K[]): boolean {
    return keys.length > 0 && keys.every((k) => this.keys.has(k));
  }

  hasSome(keys: readonly K[]): boolean {
    return keys.some((k) => this.keys.has(k));
  }

  set(keys: readonly K[], on: boolean): void {
    const next = new Set(this.keys);
    for (const k of keys) {
      if (on) next.add(k);
      else next.delete(k);
    }
    this.keys = next;
  }

  toggle(keys: readonly K[], index: number | null = null): void {
    this.set(keys, !this.hasAll(keys));
    this.anchor = index;
  }

  /** Applies the anchor's new state to every group between the anchor and `index`. */
  range(groups: readonly (readonly K[])[], index: number): void {
    if (this.anchor === null) {
      this.toggle(groups[index] ?? [], index);
      return;
    }
    const on = this.hasAll(groups[this.anchor] ?? []);
    const [from, to] = this.anchor < index ? [this.anchor, index] : [index, this.anchor];
    this.set(groups.slice(from, to + 1).flat(), on);
  }

  /** Drops keys that are no longer shown (after a filter change or a refresh). */
  retain(visible: ReadonlySet<K>): void {
    if ([...this.keys].every((k) => visible.has(k))) return;
    this.keys = new Set([...this.keys].filter((k) => visible.has(k)));
  }

  clear(): void {
    this.keys = new Set();
    this.anchor = null;
  }
}
