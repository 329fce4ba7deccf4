// Short-lived messages ("Sending your change…", "Sent ✓", "Conflict
// resolved") announced politely to screen readers by the Toasts component.
// At most three at once; a toast can be updated in place (a change's toast
// follows its fate instead of stacking a second one).

export type ToastKind = 'info' | 'success' | 'error';
export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

const LIFETIME_MS: Record<ToastKind, number> = { info: 4000, success: 4000, error: 9000 };
export const MAX_TOASTS = 3;

export class Toasts {
  items = $state.raw<Toast[]>([]);
  #next = 1;
  #timers: Record<number, ReturnType<typeof setTimeout>> = {};

  /** Shows a toast; `lifetimeMs: null` keeps it until it is updated or dismissed. */
  show(kind: ToastKind, text: string, lifetimeMs: number | null = LIFETIME_MS[kind]): number {
    const id = this.#next++;
    const kept = this.items.slice(-(MAX_TOASTS - 1));
    for (const gone of this.items.filter((t) => !kept.includes(t))) this.#clearTimer(gone.id);
    this.items = [...kept, { id, kind, text }];
    this.#expire(id, lifetimeMs);
    return id;
  }

  /** Changes a toast still on screen (false when it is gone); its lifetime starts again. */
  update(id: number, kind: ToastKind, text: string, lifetimeMs: number | null = LIFETIME_MS[kind]): boolean {
    if (!this.items.some((t) => t.id === id)) return false;
    this.items = this.items.map((t) => (t.id === id ? { id, kind, text } : t));
    this.#expire(id, lifetimeMs);
    return true;
  }

  dismiss(id: number): void {
    this.#clearTimer(id);
    this.items = this.items.filter((t) => t.id !== id);
  }

  has(id: number): boolean {
    return this.items.some((t) => t.id === id);
  }

  #expire(id: number, lifetimeMs: number | null): void {
    this.#clearTimer(id);
    if (lifetimeMs !== null) this.#timers[id] = setTimeout(() => this.dismiss(id), lifetimeMs);
  }

  #clearTimer(id: number): void {
    const timer = this.#timers[id];
    if (timer !== undefined) clearTimeout(timer);
    delete this.#timers[id];
  }
}
