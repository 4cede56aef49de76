// Database schema (drizzle), one file per area. SQL migrations in apps/server/drizzle are generated from
// it (`npm run db:generate -w @app/server`) and applied at start on PGlite and PostgreSQL alike.
export * from './reference';
export * from './accounts';
export * from './access';
export * from './sessions';
export * from './audit';
export * from './ledger';
export * from './draws';
export * from './risk';
export * from './orders';
export * from './packages';
export * from './autoTickets';
export * from './messaging';
export * from './results';
export * from './settlement';
export * from './seamless';
export * from './summaries';
export * from './posting';
export * from './administration';
