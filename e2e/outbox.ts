import { expect } from 'vitest';
import { port } from './browser.ts';

/** One message the platform would have sent (development outbox, newest first). */
export type TOutboxMessage = {
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  subject: string | null;
  bodyText: string;
  createdAt: string;
};

/**
 * Every message sent to `recipient` (an email address or a +phone number), newest first. The outbox
 * answers only this machine on the platform host, so it is read at `localhost:<port>`.
 */
export async function outbox(recipient: string): Promise<TOutboxMessage[]> {
  const res = await fetch(`http://localhost:${port()}/dev/outbox?recipient=${encodeURIComponent(recipient)}`);
  expect(res.status, await res.clone().text()).toBe(200);
  const body = (await res.json()) as { messages: TOutboxMessage[] };
  return body.messages;
}

/** How many messages `recipient` has so far; pass it to `nextMessage` to wait for the one after. */
export async function outboxCount(recipient: string): Promise<number> {
  return (await outbox(recipient)).length;
}

/** Waits for a message to `recipient` beyond the first `seen` ones and returns the newest. */
export async function nextMessage(recipient: string, seen: number): Promise<TOutboxMessage> {
  let messages: TOutboxMessage[] = [];
  await expect
    .poll(
      async () => {
        messages = await outbox(recipient);
        return messages.length;
      },
      { timeout: 10_000, interval: 200 },
    )
    .toBeGreaterThan(seen);
  return messages[0]!;
}

/** The 6-digit code in a message. */
export function codeIn(message: TOutboxMessage): string {
  const code = /\b(\d{6})\b/.exec(message.bodyText)?.[1];
  expect(code, message.bodyText).toBeDefined();
  return code!;
}

/** The first link in a message whose path starts with `path`. */
export function linkIn(message: TOutboxMessage, path: string): string {
  const link = message.bodyText.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname.startsWith(path));
  expect(link, message.bodyText).toBeDefined();
  return link!;
}
