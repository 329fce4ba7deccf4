// Build of the three parts: the main process (ESM, native modules external),
// the preload (ONE CommonJS file with everything bundled, because a sandboxed
// preload can require nothing but 'electron'), and the Svelte renderer.
// `electron-vite build` needs no Electron binary.
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';

const root = import.meta.dirname;
const at = (...p: string[]) => resolve(root, ...p);

export default defineConfig({
  main: {
    build: {
      outDir: at('out/main'),
      // Dependencies stay in node_modules (native better-sqlite3 and keytar must).
      externalizeDeps: { include: ['better-sqlite3', 'keytar'] },
      // host.js: the web host (npm run web, the browser fallback of npm start), runnable by plain Node.
      // plan-worker.js: the sync planner's thread (electron/sync/plan-thread.ts finds it beside or above its chunk).
      rollupOptions: {
        input: {
          index: at('electron/main.ts'),
          host: at('electron/host/cli.ts'),
          'plan-worker': at('electron/sync/plan-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: at('out/preload'),
      externalizeDeps: false,
      rollupOptions: {
        input: { index: at('electron/preload.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: at('renderer'),
    plugins: [svelte({ configFile: at('svelte.config.js') })],
    build: {
      outDir: at('out/renderer'),
      emptyOutDir: true,
      rollupOptions: { input: at('renderer/index.html') },
    },
  },
});
