// The renderer's calendar dates are the app's one date module (shared/dates.ts);
// screens keep importing them from here.
export * from '../../../shared/dates';
