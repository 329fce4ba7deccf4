// The API contract: resource schemas, the endpoint table, validation helpers.
export * from './primitives';
export * from './listings';
export * from './bookings';
export * from './tasks';
export * from './organisation';
export * from './endpoints';
export * from './validation';
export * from './wire-values';
