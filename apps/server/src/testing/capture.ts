import type { Mailer, MailMessage } from '../core/mail.ts';
import type { SmsMessage, SmsSender } from '../core/sms.ts';

/**
 * Waits until `find` returns something (messages are sent in the background by the job workers), or
 * fails after `ms`. The wait ends as soon as the message is there, so the generous limit costs
 * nothing when the machine is quick; it is there for a loaded one (a 1,000-row import's last mail
 * took over 5 s on a CI machine running other work).
 */
async function waitFor<T>(find: () => T | undefined, what: string, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`no ${what} arrived within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A mailer that keeps what it is asked to send, for tests that read codes and links from mail. */
export function captureMailer() {
  const sent: MailMessage[] = [];
  const mailer: Mailer & { sent: MailMessage[] } = {
    kind: 'outbox',
    sent,
    async send(m) {
      sent.push(m);
    },
    close() {},
  };
  return {
    mailer,
    sent,
    /** Messages to one address so far. */
    to: (address: string) => sent.filter((m) => m.to.toLowerCase() === address.toLowerCase()),
    /** The next message to `address` after the `after`-th one (waiting up to `ms`: longer behind a big batch). */
    next: (address: string, after: number, ms?: number) =>
      waitFor(() => sent.filter((m) => m.to.toLowerCase() === address.toLowerCase())[after], `mail to ${address}`, ms),
  };
}

/** An SMS sender that keeps what it is asked to send. */
export function captureSms() {
  const sent: SmsMessage[] = [];
  const sms: SmsSender = {
    kind: 'outbox',
    async send(m) {
      sent.push(m);
    },
  };
  return {
    sms,
    sent,
    to: (phone: string) => sent.filter((m) => m.to === phone),
    next: (phone: string, after: number) => waitFor(() => sent.filter((m) => m.to === phone)[after], `SMS to ${phone}`),
  };
}

/** The 6-digit code in a message's text. */
export function codeIn(text: string): string {
  const m = /\b(\d{6})\b/.exec(text);
  if (!m) throw new Error(`no 6-digit code in: ${text}`);
  return m[1]!;
}
