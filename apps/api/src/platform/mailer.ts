// Outgoing mail. Every message lands in the outbox table (and the log); with SMTP_URL it is also
// sent, so OTP flows work offline and on a real server alike.

import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { outboxMails } from '../db/schema/mail.ts';

export type Mail = { to: string; subject: string; body: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

export const createMailer = (deps: {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl: string | undefined;
  from: string;
}): Mailer => {
  const transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;
  return {
    async send(mail) {
      const [row] = await deps.db.insert(outboxMails).values(mail).returning({ id: outboxMails.id });
      if (!transport) {
        deps.log.info({ to: mail.to, subject: mail.subject }, `mail (outbox only): ${mail.body}`);
        return;
      }
      try {
        await transport.sendMail({ from: deps.from, to: mail.to, subject: mail.subject, text: mail.body });
        await deps.db.update(outboxMails).set({ sentAt: new Date() }).where(eq(outboxMails.id, row!.id));
      } catch (error) {
        // The user can ask for a new code; the failure stays visible in the outbox.
        deps.log.error({ err: error, to: mail.to }, 'mail delivery failed');
        await deps.db
          .update(outboxMails)
          .set({ error: String(error) })
          .where(eq(outboxMails.id, row!.id));
      }
    },
  };
};
