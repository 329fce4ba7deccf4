// Unit and integration tests: Node-side code (beside the code, *.test.ts) and
// Svelte components/state classes on jsdom. Browser e2e lives in tests/e2e (Playwright).
import { availableParallelism } from 'node:os';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { svelteTesting } from '@testing-library/svelte/vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A worker a core. Vitest's default leaves a core to its own process, which is mostly idle while the workers
    // run: one worker on the 2-core machines, the whole suite 481 s in the last CI run; with two, 284 s.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['{electron,shared,simulator,scripts,bench}/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [svelte({ configFile: './svelte.config.js' }), svelteTesting()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          // One jsdom a worker, each file still in a context of its own: 59 s → 18 s for these files (jsdom was
          // made 43 times, half the time). Their code is the renderer's: no native modules, nothing of Node's.
          pool: 'vmThreads',
          include: ['renderer/**/*.test.ts'],
        },
      },
    ],
  },
});
