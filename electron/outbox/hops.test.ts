// How far one booking edit travels through the code from Outbox.enqueue, measured by the V8 tracer
// (testing/hops.ts, run in its own process: it debugs its own main thread). The bound is the figure the
// overlay's one owner reached (issue 29: 31 stops / 20 returns before): a change that scatters the edit's
// path again over more files fails here, with the path printed.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const HOPS = fileURLToPath(new URL('./testing/hops.ts', import.meta.url));
/** The repository root: where `tsx` resolves from. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** At most this many stops, and this many returns to a file already left. */
const BOUND = { stops: 19, returns: 9 };

describe('one booking edit from Outbox.enqueue', () => {
  it(
    `stops in at most ${BOUND.stops} places, returning at most ${BOUND.returns} times`,
    { timeout: 300_000 },
    async () => {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', HOPS], { cwd: ROOT });
      const m = /(\d+) stops, (\d+) returns to a file already left/.exec(stdout);
      expect(m, stdout).not.toBeNull();
      const [stops, returns] = [Number(m![1]), Number(m![2])];
      expect(stops, stdout).toBeLessThanOrEqual(BOUND.stops);
      expect(returns, stdout).toBeLessThanOrEqual(BOUND.returns);
      // The edit does reach the overlay's owner (the tracer is still watching the right path).
      expect(stdout).toContain('electron/cache/overlay.ts');
    },
  );
});
