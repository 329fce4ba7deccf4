// The engine: one object per account that wires cache + client + governor +
// credentials + sync. See README.md.
export * from './engine';
export { clearAccountData, countUnsentMarks } from './account-data';
