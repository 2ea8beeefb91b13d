import nodemailer from 'nodemailer';
import { outbox } from '../db/schema.ts';
import type { Db, Tx } from './db/database.ts';
import { withPlatform, withTenant } from './db/tenant.ts';
import { type Brand, renderTextMail } from './messages/index.ts';

/** A message to one recipient. `workspaceId` null for platform mail. */
export type MailMessage = {
  workspaceId: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A unique id (the delivery job's, see core/jobs.ts), sent as the Message-ID so a re-delivery after a crash can be told apart. */
  key?: string;
};

/**
 * A `mail.send` job's data: a message, or a plain-text one with the branding (and language) its
 * HTML is made from at delivery. Bulk mail uses the latter: a thousand invitations' jobs then carry
 * their text once, not also as HTML (which doubled the time to write and deliver them).
 */
export type MailJobData = MailMessage & { brand?: Brand; language?: string | null };

/** The message a mail job sends: its HTML made from its text and branding when it came without one. */
export function deliverable({ brand, language, ...m }: MailJobData): MailMessage {
  if (m.html || !brand) return m;
  return { ...m, html: renderTextMail(brand, m.subject, m.text, language).html };
}

/** Sends mail: through SMTP when configured, otherwise into the local outbox (see /dev/mailbox). */
export type Mailer = { readonly kind: 'smtp' | 'outbox'; send(message: MailMessage): Promise<void>; close(): void };

/** Builds the mailer for the configuration: SMTP when `smtpUrl` is set, else the outbox table. */
export function createMailer(opts: { smtpUrl: string | undefined; from: string; db: Db }): Mailer {
  if (opts.smtpUrl) {
    // Pooled: connections are reused across messages (a new SMTP connection per mail costs ~100 ms;
    // a pooled one ~4 ms). Time-outs well below the delivery job's expiry (core/jobs.ts), so a hung
    // server fails the attempt.
    const transport = nodemailer.createTransport({
      url: opts.smtpUrl,
      pool: true,
      maxConnections: 4,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    const domain = opts.from.split('@')[1]?.replace(/[>\s]/g, '') || 'localhost';
    return {
      kind: 'smtp',
      async send(m) {
        await transport.sendMail({
          from: opts.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          ...(m.key ? { messageId: `<${m.key}@${domain}>` } : {}),
        });
      },
      close: () => transport.close(),
    };
  }
  return {
    kind: 'outbox',
    async send(m) {
      await writeOutbox(opts.db, {
        workspaceId: m.workspaceId,
        channel: 'EMAIL',
        recipient: m.to,
        subject: m.subject,
        bodyText: m.text,
        bodyHtml: m.html ?? null,
      });
    },
    close: () => {},
  };
}

/** Stores one outgoing message in the outbox, under its workspace's row-level security. */
export async function writeOutbox(db: Db, row: typeof outbox.$inferInsert): Promise<void> {
  const insert = (tx: Tx) => tx.insert(outbox).values(row);
  if (row.workspaceId) {
    await withTenant(db, { workspaceId: row.workspaceId }, insert);
  } else {
    await withPlatform(db, { action: 'outbox.write', audit: false }, insert);
  }
}
