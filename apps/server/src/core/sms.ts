import type { Db } from './db/database.ts';
import { writeOutbox } from './mail.ts';

/**
 * A text message to one phone number (E.164). `key` is the message's idempotency key (the job id,
 * the same on every retry), sent to the gateway as `Idempotency-Key` so that a provider honouring it
 * sends a message at most once even when a crash makes the worker try again.
 */
export type SmsMessage = { workspaceId: string | null; to: string; text: string; key?: string };

/** Sends SMS: through an HTTP gateway when configured, otherwise into the local outbox. */
export type SmsSender = { readonly kind: 'gateway' | 'outbox'; send(message: SmsMessage): Promise<void> };

/**
 * The gateway adapter: `POST {SMS_GATEWAY_URL}` with JSON `{to, message}` and, when set,
 * `Authorization: Bearer {SMS_GATEWAY_TOKEN}`, and `Idempotency-Key` when the message has a key (the
 * job id); any 2xx is success. Most SMS providers offer such an
 * endpoint directly or through a small relay.
 */
export function createSmsSender(opts: {
  gatewayUrl: string | undefined;
  token: string | undefined;
  db: Db;
}): SmsSender {
  const { gatewayUrl, token } = opts;
  if (gatewayUrl) {
    return {
      kind: 'gateway',
      async send(m) {
        const res = await fetch(gatewayUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(m.key ? { 'idempotency-key': m.key } : {}),
          },
          body: JSON.stringify({ to: m.to, message: m.text }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
      },
    };
  }
  return {
    kind: 'outbox',
    send: (m) =>
      writeOutbox(opts.db, { workspaceId: m.workspaceId, channel: 'SMS', recipient: m.to, bodyText: m.text }),
  };
}
