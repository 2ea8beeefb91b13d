import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { outbox } from '../db/schema.ts';
import type { Db, Tx } from './db/database.ts';
import { withPlatform, withTenant } from './db/tenant.ts';
import { type Brand, renderTextMail } from './messages/index.ts';

/** A file sent with a mail. */
export type MailAttachment = { filename: string; contentType: string; content: string };

/** A message to one recipient. `workspaceId` null for platform mail. */
export type MailMessage = {
  workspaceId: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with it (a workshop's calendar file): text content, kept in the job and the outbox as they are. */
  attachments?: MailAttachment[];
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

/**
 * Sends mail: through SMTP when configured, otherwise into the local outbox (see /dev/mailbox).
 * `sendMany` sends a batch (the job worker's) and answers, per message and in its order, null when
 * it was sent or the error that kept it from being sent; without it, the worker calls `send` for each.
 */
export type Mailer = {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  sendMany?(messages: MailMessage[]): Promise<Array<Error | null>>;
  close(): void;
};

/**
 * SMTP connections a server keeps open, and messages sent over one before it is renewed. Several
 * connections let a batch go out in parallel (one message at a time per connection, as SMTP has
 * it); a relay that limits connections per client refuses the extra ones, which then fail and are
 * retried like any refusal.
 */
export const SMTP_CONNECTIONS = 8;
const SMTP_MESSAGES_PER_CONNECTION = 500;

/**
 * The longest a batch may take to send: well below the delivery job's expiry (core/jobs.ts), so a
 * server that hangs fails the messages still waiting (to retry them) before pg-boss gives up on the
 * batch. A message failed this way may still go out later: the same Message-ID lets a receiver tell.
 */
export const SMTP_BATCH_DEADLINE_MS = 45_000;

/** Settles `work` for each message in parallel: null when it succeeded, else its error; none later than `deadlineMs`. */
export async function settleEach<T>(
  items: T[],
  work: (item: T) => Promise<unknown>,
  deadlineMs?: number,
): Promise<Array<Error | null>> {
  let timer: NodeJS.Timeout | undefined;
  const deadline =
    deadlineMs === undefined
      ? null
      : new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`not sent within ${deadlineMs / 1000} s`)), deadlineMs);
        });
  deadline?.catch(() => {});
  try {
    const settled = await Promise.allSettled(
      items.map((item) => (deadline ? Promise.race([work(item), deadline]) : work(item))),
    );
    return settled.map((r) =>
      r.status === 'fulfilled' ? null : r.reason instanceof Error ? r.reason : new Error(String(r.reason)),
    );
  } finally {
    clearTimeout(timer);
  }
}

/** Builds the mailer for the configuration: SMTP when `smtpUrl` is set, else the outbox table. */
export function createMailer(opts: { smtpUrl: string | undefined; from: string; db: Db }): Mailer {
  if (opts.smtpUrl) {
    // Pooled: connections are reused across messages (a new SMTP connection per mail costs ~100 ms;
    // a pooled one ~4 ms). Time-outs well below the delivery job's expiry (core/jobs.ts), so a hung
    // server fails the attempt.
    const transport = nodemailer.createTransport({
      url: opts.smtpUrl,
      pool: true,
      maxConnections: SMTP_CONNECTIONS,
      maxMessages: SMTP_MESSAGES_PER_CONNECTION,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    const domain = opts.from.split('@')[1]?.replace(/[>\s]/g, '') || 'localhost';
    const send = async (m: MailMessage) => {
      await transport.sendMail({
        from: opts.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        ...(m.attachments?.length
          ? {
              attachments: m.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: a.content,
              })),
            }
          : {}),
        ...(m.key ? { messageId: `<${m.key}@${domain}>` } : {}),
      });
    };
    return {
      kind: 'smtp',
      send,
      // In parallel over the pool's connections (the pool queues what finds none free).
      sendMany: (messages) => settleEach(messages, send, SMTP_BATCH_DEADLINE_MS),
      close: () => transport.close(),
    };
  }
  const row = (m: MailMessage): typeof outbox.$inferInsert => ({
    workspaceId: m.workspaceId,
    channel: 'EMAIL',
    recipient: m.to,
    subject: m.subject,
    bodyText: m.text,
    bodyHtml: m.html ?? null,
    attachments: m.attachments?.length ? m.attachments : null,
  });
  return {
    kind: 'outbox',
    async send(m) {
      await writeOutbox(opts.db, row(m));
    },
    async sendMany(messages) {
      // One statement per workspace. A statement that fails is tried again in halves, down to the
      // single message, so only the failing ones fail (one bad row in 100 costs ~14 statements).
      const errors: Array<Error | null> = messages.map(() => null);
      const write = async (indexes: number[]): Promise<void> => {
        try {
          await writeOutboxMany(
            opts.db,
            indexes.map((i) => row(messages[i]!)),
          );
        } catch (err) {
          if (indexes.length === 1) errors[indexes[0]!] = err instanceof Error ? err : new Error(String(err));
          else {
            const half = Math.ceil(indexes.length / 2);
            await write(indexes.slice(0, half));
            await write(indexes.slice(half));
          }
        }
      };
      const byWorkspace = new Map<string | null, number[]>();
      messages.forEach((m, i) => {
        const group = byWorkspace.get(m.workspaceId);
        if (group) group.push(i);
        else byWorkspace.set(m.workspaceId, [i]);
      });
      for (const indexes of byWorkspace.values()) await write(indexes);
      return errors;
    },
    close: () => {},
  };
}

/**
 * Stores outgoing messages of one workspace (or all platform ones) in the outbox in one statement,
 * under that workspace's row-level security. Each row is stamped with the clock at its insert, so
 * the mailbox lists a batch in the order it was sent, as it lists messages written one at a time.
 */
export async function writeOutboxMany(db: Db, rows: (typeof outbox.$inferInsert)[]): Promise<void> {
  if (!rows.length) return;
  const workspaceId = rows[0]!.workspaceId ?? null;
  if (rows.some((r) => (r.workspaceId ?? null) !== workspaceId)) throw new Error('one workspace per outbox batch');
  const insert = (tx: Tx) => tx.insert(outbox).values(rows.map((r) => ({ ...r, createdAt: sql`clock_timestamp()` })));
  if (workspaceId) await withTenant(db, { workspaceId }, insert);
  else await withPlatform(db, { action: 'outbox.write', audit: false }, insert);
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
