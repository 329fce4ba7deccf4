// One way to call the contract from the renderer: never throws, always a
// Result. The bridge promises not to reject for command errors, but a broken
// transport (socket closed, preload missing) can still throw; that becomes
// `disconnected` so every screen has one error path to handle.
import type {
  CommandInput,
  CommandName,
  CommandOutput,
  ContractError,
  Result,
  StayboardBridge,
} from '../../../shared/contract';

export async function call<N extends CommandName>(
  bridge: StayboardBridge,
  name: N,
  input: CommandInput<N>,
): Promise<Result<CommandOutput<N>>> {
  try {
    // Inputs often hold Svelte state proxies, which structured clone (Electron IPC) refuses;
    // every input is JSON by contract, so a JSON copy is exact and always cloneable.
    const plain = JSON.parse(JSON.stringify(input)) as CommandInput<N>;
    const result = await bridge.invoke(name, plain);
    if (result && typeof result === 'object' && 'ok' in result) return result;
    return { ok: false, error: { code: 'bad_response', message: 'The app answered something unexpected.' } };
  } catch (e) {
    return {
      ok: false,
      error: { code: 'disconnected', message: e instanceof Error ? e.message : 'The connection to the app was lost.' },
    };
  }
}

/**
 * Calls a command and hands its value to `take`; answers the error, or null.
 * For state that keeps what a command answers (the session, the sync status,
 * a saved paper) and tells the screen only whether it failed.
 */
export async function callThen<N extends CommandName>(
  bridge: StayboardBridge,
  name: N,
  input: CommandInput<N>,
  take: (value: CommandOutput<N>) => void,
): Promise<ContractError | null> {
  const r = await call(bridge, name, input);
  if (!r.ok) return r.error;
  take(r.value);
  return null;
}

/** Error codes meaning "this version has no such part", shown as a calm "not available yet" state. */
export function isNotImplemented(error: ContractError | null | undefined): boolean {
  return error?.code === 'not_implemented' || error?.code === 'unknown_command';
}

/** Failures of a request that are tried again by themselves (no connection, the server's own failure, a pause it asked for). */
export function isTransient(error: ContractError | null | undefined): boolean {
  const code = error?.code;
  return code === 'unreachable' || code === 'server_error' || code === 'rate_limited' || code === 'cancelled';
}

/** The page lost contact with the background process: the link says so and reconnects (state/link.svelte.ts). */
export function isDisconnected(error: ContractError | null | undefined): boolean {
  return error?.code === 'disconnected';
}
