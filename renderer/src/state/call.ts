// One way to call the contract from the renderer: never throws, always a
// Result. The bridge promises not to reject for command errors, but a broken
// transport (socket closed, preload missing) can still throw; that becomes
// `unavailable` so every screen has one error path to handle.
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
      error: { code: 'unavailable', message: e instanceof Error ? e.message : 'The connection to the app was lost.' },
    };
  }
}

/** Error codes meaning "this part is not there (yet)", shown as a calm "not available yet" state. */
export function isUnavailable(error: ContractError | null | undefined): boolean {
  return error?.code === 'unavailable' || error?.code === 'unknown_command';
}
