// Svelte compiler options shared by vite, svelte-check, eslint and vitest.
export default {
  compilerOptions: { runes: true },
};
