// Lint: TypeScript (type-aware, so floating promises fail), Svelte 5, and the
// layer rules of ARCHITECTURE.md as errors:
//   shared/   imports nothing platform-specific and nothing from other folders;
//   renderer/ never imports electron/ (nor Node, nor the simulator);
//   electron/ never imports renderer/.
import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

const nodeBuiltins = [
  'node:*',
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
const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
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
        projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs'] },
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
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      globals: globals.browser,
      parserOptions: { parser: tseslint.parser, svelteConfig },
    },
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
      [
        ...nodeBuiltins,
        'electron',
        'electron/*',
        'better-sqlite3',
        'keytar',
        'undici',
        'ws',
        'svelte',
        'svelte/*',
        '**/electron/**',
        '**/renderer/**',
        '**/simulator/**',
      ],
      'shared/ is pure TypeScript used by both processes: no platform imports, nothing from other folders.',
    ),
  },
  {
    files: ['shared/**/*.test.ts'],
    rules: restrict(
      [...nodeBuiltins.filter((n) => n !== 'node:*'), 'electron', '**/electron/**', '**/renderer/**'],
      'shared/ tests may use node:* test helpers only.',
    ),
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: globals.browser },
    rules: restrict(
      [
        ...nodeBuiltins,
        'electron',
        'electron/*',
        'better-sqlite3',
        'keytar',
        'undici',
        '**/electron/**',
        '**/simulator/**',
      ],
      'renderer/ is untrusted: it talks to the main process only through the contract in shared/.',
    ),
  },
  {
    files: ['electron/**'],
    rules: restrict(['**/renderer/**'], 'electron/ never imports renderer/.'),
  },
);
