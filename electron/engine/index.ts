// The engine: one object per account that wires cache + client + governor +
// credentials + sync. See README.md.
export * from './engine';
export type * from './options';
export { clearAccountData, countUnsentMarks } from './account-data';
