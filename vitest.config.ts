// Unit and integration tests: Node-side code (beside the code, *.test.ts) and
// Svelte components/state classes on jsdom. Browser e2e lives in tests/e2e (Playwright).
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { svelteTesting } from '@testing-library/svelte/vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
          include: ['renderer/**/*.test.ts'],
        },
      },
    ],
  },
});
