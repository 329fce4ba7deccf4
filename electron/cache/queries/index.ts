// Every read the screens make, answered from the cache: indexed SQL that
// returns the contract's record and view shapes (shared/contract) as they are.
export * from './board';
export * from './bookings';
export * from './calendar';
export * from './countries';
export * from './listings';
export * from './prices';
export * from './search';
export * from './tasks';
export { LIVE_STATES, addDays, markOf } from './common';
export * from './registration';
export * from './stay-check';
export * from './owners';
