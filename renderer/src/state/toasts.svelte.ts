// Short-lived messages ("Saved; it will be sent when…", "Conflict resolved")
// announced politely to screen readers by the Toasts component.

export type ToastKind = 'info' | 'success' | 'error';
export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

const LIFETIME_MS: Record<ToastKind, number> = { info: 4000, success: 4000, error: 9000 };
const MAX_TOASTS = 4;

export class Toasts {
  items = $state.raw<Toast[]>([]);
  #next = 1;

  show(kind: ToastKind, text: string): number {
    const id = this.#next++;
    this.items = [...this.items.slice(-(MAX_TOASTS - 1)), { id, kind, text }];
    setTimeout(() => this.dismiss(id), LIFETIME_MS[kind]);
    return id;
  }

  dismiss(id: number): void {
    this.items = this.items.filter((t) => t.id !== id);
  }
}
