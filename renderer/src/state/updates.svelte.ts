// The app update as the renderer knows it: the main side's state (pushed on
// every step) and the one way to install — which answers "N changes not sent
// yet" instead of restarting while changes are unsent, unless forced.
import type { InstallAnswer, StayboardBridge, UpdateState } from '../../../shared/contract';
import { call } from './call';

export class UpdatesState {
  state = $state<UpdateState | null>(null);
  constructor(private readonly bridge: StayboardBridge) {}

  /** The version downloaded and waiting for a restart, or null. */
  get ready(): string | null {
    return this.state?.kind === 'ready' ? (this.state.version ?? '') : null;
  }

  start(): () => void {
    void this.load();
    return this.bridge.on('updates.changed', (s) => (this.state = s));
  }

  async load(): Promise<void> {
    const r = await call(this.bridge, 'updates.status', {});
    if (r.ok) this.state = r.value;
  }

  async install(force: boolean): Promise<InstallAnswer | null> {
    const r = await call(this.bridge, 'updates.install', { force });
    return r.ok ? r.value : null;
  }
}
