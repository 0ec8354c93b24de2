// The schema for drizzle-kit and the typed client; modules import their tables from the domain files.

export * from './api-keys.ts';
export * from './audit.ts';
export * from './campaigns.ts';
export * from './companies.ts';
export * from './creatives.ts';
export * from './delivery.ts';
export * from './dsps.ts';
export * from './idempotency.ts';
export * from './ledger.ts';
export * from './lists.ts';
export * from './mail.ts';
export * from './payments.ts';
export * from './reference.ts';
export * from './reports.ts';
export * from './sessions.ts';
export * from './users.ts';
