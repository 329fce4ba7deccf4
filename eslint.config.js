// Lint: TypeScript (type-aware, so floating promises fail), Svelte 5, and the
// layer rules of README.md ("How the folders fit together") as errors:
//   shared/   imports nothing platform-specific and nothing from other folders;
//   renderer/ never imports electron/ (nor Node, nor the simulator);
//   electron/ never imports renderer/.
import './scripts/eslint-svelte-types.mjs';
import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

// Bare module names are matched exactly (`paths`); folder rules are globs
// (`patterns`) — a gitignore-style pattern "events" would also forbid ./events.
const nodeModules = [
  'fs',
  'path',
  'os',
  'http',
  'https',
  'net',
  'crypto',
  'child_process',
  'url',
  'util',
  'stream',
  'events',
  'worker_threads',
];
const platformModules = ['electron', 'better-sqlite3', 'keytar', 'undici', 'ws'];
const restrict = ({ names = [], globs = [] }, message) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: names.map((name) => ({ name, message })),
      patterns: globs.length ? [{ group: globs, message }] : [],
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      '.tools/',
      'out/',
      'dist/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      '.bench/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  ...svelte.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs'],
          // The root configs and the scripts/ runners (plain .mjs, no tsconfig of their own): a dozen files.
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 16,
        },
        tsconfigRootDir: import.meta.dirname,
        extraFileExtensions: ['.svelte'],
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.svelte'],
    languageOptions: {
      globals: globals.browser,
      parserOptions: { parser: tseslint.parser, svelteConfig },
    },
  },
  {
    // Runes modules are TypeScript (svelte's types declare the runes): read by typescript-eslint's own parser.
    // Through svelte-eslint-parser their code differed from the file on disk, which made typescript-eslint rebuild
    // the renderer's program for each of them (≈ 1.3 s a file; the upstream issue is sveltejs/eslint-plugin-svelte#1084).
    files: ['**/*.svelte.ts'],
    languageOptions: { globals: globals.browser, parser: tseslint.parser },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: globals.node },
  },
  {
    files: ['electron/**', 'simulator/**', 'bench/**', 'scripts/**', 'tests/**', '*.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['shared/**'],
    rules: restrict(
      {
        names: [...nodeModules, ...platformModules, 'svelte'],
        globs: ['node:*', 'electron/*', 'svelte/*', '**/electron/**', '**/renderer/**', '**/simulator/**'],
      },
      'shared/ is pure TypeScript used by both processes: no platform imports, nothing from other folders.',
    ),
  },
  {
    files: ['shared/**/*.test.ts'],
    rules: restrict(
      { names: [...nodeModules, 'electron'], globs: ['**/electron/**', '**/renderer/**'] },
      'shared/ tests may use node:* test helpers only.',
    ),
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: globals.browser },
    rules: restrict(
      {
        names: [...nodeModules, ...platformModules],
        globs: ['node:*', 'electron/*', '**/electron/**', '**/simulator/**'],
      },
      'renderer/ is untrusted: it talks to the main process only through the contract in shared/.',
    ),
  },
  {
    files: ['electron/**'],
    rules: restrict({ globs: ['**/renderer/**'] }, 'electron/ never imports renderer/.'),
  },
);
