import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every mail the platform sends; without SMTP this is where OTPs can be read. */
export const outboxMails = pgTable('outbox_mails', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
