import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message a receiver accepted. */
export type Received = { to: string[]; messageId: string | null; raw: string };

export type SmtpReceiver = {
  port: number;
  url: string;
  received: Received[];
  /** Recipients the receiver answered `451` (try again later), one entry per refusal. */
  refused: string[];
  /** Connection errors, such as the reset a sender killed mid-message leaves behind. */
  errors: Error[];
  /** The most messages it was receiving at one moment (from DATA until its answer), over all connections. */
  readonly maxInFlight: number;
  /** Waits until `done()` holds (checked every 20 ms), or fails after `ms`. */
  waitFor(done: () => boolean, what: string, ms?: number): Promise<void>;
  close(): Promise<void>;
};

/**
 * A real SMTP receiver on 127.0.0.1 (no TLS, no auth). `refuseFirst` makes it answer `451` to the
 * first N attempts for each recipient, as a server in trouble does. `delayMs` delays each answer to
 * DATA (a slow server), after the message is recorded. `refuseWhile` answers `451` while it returns
 * true; `refuseTo` answers `451` to a recipient while it returns true for the address.
 */
export async function startSmtpReceiver(
  opts: {
    refuseFirst?: number;
    delayMs?: number | (() => number);
    refuseWhile?: () => boolean;
    refuseTo?: (address: string) => boolean;
  } = {},
): Promise<SmtpReceiver> {
  const received: Received[] = [];
  const refused: string[] = [];
  const errors: Error[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      const tries = refused.filter((r) => r === address.address).length;
      if (tries < (opts.refuseFirst ?? 0) || opts.refuseWhile?.() || opts.refuseTo?.(address.address)) {
        refused.push(address.address);
        callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      } else callback();
    },
    onData(stream, session, callback) {
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      const answer = (err?: Error | null) => {
        inFlight--;
        callback(err);
      };
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? null;
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), messageId, raw });
        const delay = typeof opts.delayMs === 'function' ? opts.delayMs() : opts.delayMs;
        if (delay) setTimeout(answer, delay);
        else answer();
      });
    },
  });
  // A sender killed in the middle of a message (the crash test does it on purpose) resets its
  // connection; smtp-server reports that as an 'error' event, which unheard would crash the runner.
  server.on('error', (err) => errors.push(err));
  const port = await new Promise<number>((resolve) => {
    const net = server.listen(0, '127.0.0.1', () => resolve((net.address() as AddressInfo).port));
  });
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    refused,
    errors,
    get maxInFlight() {
      return maxInFlight;
    },
    async waitFor(done, what, ms = 30_000) {
      const until = Date.now() + ms;
      while (!done()) {
        if (Date.now() > until) throw new Error(`${what}: not within ${ms} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
