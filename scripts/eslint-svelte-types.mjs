// Imported first by eslint.config.js, before svelte-eslint-parser loads: turns on
// its ts.sys hook, which lets TypeScript read each .svelte file as the virtual
// TypeScript the parser makes of it. Without it, the code typescript-eslint is
// handed for a component never matches the file on disk, and it rebuilds the
// renderer's whole program for every component (`npm run lint`: 151 s → 65 s
// with the hook; upstream: sveltejs/eslint-plugin-svelte#1084 and #1552).
// The parser calls the hook experimental and says so on stderr once a run.
process.env.SVELTE_ESLINT_PARSER_EXPERIMENTAL_TS_SYS_HOOK ??= '1';
