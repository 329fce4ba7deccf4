// Who is signed in (or not), kept in step with the main side: loaded once,
// then followed through `session.changed` / `session.expired` events. The
// shell shows the sign-in screen whenever `state` is not `signedIn` (`locked`:
// the last account waits for its password, checked on this computer).
import type { ContractError, SessionInfo, SignInInput, StayboardBridge, UnlockInput } from '../../../shared/contract';
import { call } from './call';

export type SessionPhase = 'loading' | 'signedOut' | 'signedIn' | 'expired' | 'locked';

export class Session {
  info = $state.raw<SessionInfo | null>(null);
  /** Set when the session could not even be read (the main side is not answering). */
  loadError = $state.raw<ContractError | null>(null);
  expiredMessage = $state<string | null>(null);

  constructor(private readonly bridge: StayboardBridge) {}

  get phase(): SessionPhase {
    if (!this.info) return this.loadError ? 'signedOut' : 'loading';
    return this.info.state;
  }

  get isDemo(): boolean {
    return this.info?.account?.environment === 'demo';
  }

  async load(): Promise<void> {
    const r = await call(this.bridge, 'session.get', {});
    if (r.ok) {
      this.info = r.value;
      this.loadError = null;
    } else this.loadError = r.error;
  }

  start(): () => void {
    const offChanged = this.bridge.on('session.changed', (info) => {
      this.info = info;
      if (info.state === 'signedIn') this.expiredMessage = null;
    });
    const offExpired = this.bridge.on('session.expired', ({ message }) => {
      this.expiredMessage = message;
      if (this.info) this.info = { ...this.info, state: 'expired' };
    });
    return () => {
      offChanged();
      offExpired();
    };
  }

  async signIn(input: SignInInput): Promise<ContractError | null> {
    const r = await call(this.bridge, 'session.signIn', input);
    if (!r.ok) return r.error;
    this.info = r.value;
    this.expiredMessage = null;
    return null;
  }

  /** Opens an account used here with its password checked on this computer (no server needed). */
  async unlock(input: UnlockInput): Promise<ContractError | null> {
    const r = await call(this.bridge, 'session.unlock', input);
    if (!r.ok) return r.error;
    this.info = r.value;
    this.expiredMessage = null;
    return null;
  }

  async openDemo(): Promise<ContractError | null> {
    const r = await call(this.bridge, 'session.openDemo', {});
    if (!r.ok) return r.error;
    this.info = r.value;
    return null;
  }

  async signOut(discardUnsent: boolean): Promise<ContractError | null> {
    const r = await call(this.bridge, 'session.signOut', { discardUnsent });
    if (!r.ok) return r.error;
    this.info = r.value;
    return null;
  }
}
