// The SQLite cache: open (with migrations), typed read/write handles, the
// write path sync and the outbox use, sync bookkeeping, and the read queries.
export * from './db';
export * from './migrations';
export { CACHE_MIGRATIONS } from './schema';
export * from './tables';
export * from './write';
export * from './write-compound';
export * from './state';
export { scrubSecrets } from './scrub';
export * as queries from './queries';
