// Who is signed in (or not), kept in step with the main side: loaded once,
// then followed through `session.changed` / `session.expired` events. The
// shell shows the sign-in screen whenever `state` is not `signedIn` (`locked`:
// the last account waits for its password, checked on this computer).
import type { ContractError, SessionInfo, SignInInput, StayboardBridge, UnlockInput } from '../../../shared/contract';
import { callThen } from './call';

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
    this.loadError = await callThen(this.bridge, 'session.get', {}, this.#take);
  }

  /** The session as the main side answered it; signed in again, the expiry message has said its piece. */
  #take = (info: SessionInfo): void => {
    this.info = info;
    if (info.state === 'signedIn') this.expiredMessage = null;
  };

  start(): () => void {
    const offChanged = this.bridge.on('session.changed', this.#take);
    const offExpired = this.bridge.on('session.expired', ({ message }) => {
      this.expiredMessage = message;
      if (this.info) this.info = { ...this.info, state: 'expired' };
    });
    return () => {
      offChanged();
      offExpired();
    };
  }

  signIn(input: SignInInput): Promise<ContractError | null> {
    return callThen(this.bridge, 'session.signIn', input, this.#take);
  }

  /** Opens an account used here with its password checked on this computer (no server needed). */
  unlock(input: UnlockInput): Promise<ContractError | null> {
    return callThen(this.bridge, 'session.unlock', input, this.#take);
  }

  openDemo(): Promise<ContractError | null> {
    return callThen(this.bridge, 'session.openDemo', {}, this.#take);
  }

  signOut(discardUnsent: boolean): Promise<ContractError | null> {
    return callThen(this.bridge, 'session.signOut', { discardUnsent }, this.#take);
  }
}
