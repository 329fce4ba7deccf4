// What every handler receives besides its input: the app's identity, the log,
// the event bus, the settings and the workspace (the signed-in account and
// its engine, or none).
import type { CommandArgs, KnownAccount } from '../../shared/contract';
import type { Logger } from '../log/log';
import type { Breadcrumbs } from './breadcrumbs';
import type { EventBus } from './bus';
import type { EnginePort } from './engine-port';
import type { PlatformPort } from './platform';
import type { SettingsStore } from './settings-store';
import type { HandlerResult } from './types';

export type SessionAnswer = HandlerResult<'session.get'>;

/** The signed-in account and everything that hangs off it. Implemented in workspace.ts. */
export interface WorkspacePort<E> {
  info(): Promise<SessionAnswer>;
  /** Resolves once pending session changes (sign-in, restore at start) are done. */
  settled(): Promise<void>;
  signIn(input: CommandArgs<'session.signIn'>): Promise<SessionAnswer>;
  /** Opens an account used here with its password checked offline (no server needed). */
  unlock(input: CommandArgs<'session.unlock'>): Promise<SessionAnswer>;
  openDemo(): Promise<SessionAnswer>;
  signOut(input: CommandArgs<'session.signOut'>): Promise<SessionAnswer>;
  accounts(): Promise<KnownAccount[]>;
  /** Server addresses signed in to here, most recent first. */
  servers(): string[];
  readonly isDemo: boolean;
  /** The engine of the signed-in account; throws CommandError('locked' / 'not_signed_in') when there is none. */
  engine(): E;
  close(): Promise<void>;
}

export interface ServiceContext {
  readonly app: { readonly name: string; readonly version: string };
  readonly log: Logger;
  readonly bus: EventBus;
  readonly settings: SettingsStore;
  readonly workspace: WorkspacePort<EnginePort>;
  /** Updates and host versions (the Electron shell's, or the web host's: no updates). */
  readonly platform: PlatformPort;
  /** The last actions, for the log and the diagnostics. */
  readonly breadcrumbs: Breadcrumbs;
}
