import type { Db } from './db/database.ts';
import { writeOutbox } from './mail.ts';

/** A text message to one phone number (E.164). */
export type SmsMessage = { workspaceId: string | null; to: string; text: string };

/** Sends SMS: through an HTTP gateway when configured, otherwise into the local outbox. */
export type SmsSender = { readonly kind: 'gateway' | 'outbox'; send(message: SmsMessage): Promise<void> };

/**
 * The gateway adapter: `POST {SMS_GATEWAY_URL}` with JSON `{to, message}` and, when set,
 * `Authorization: Bearer {SMS_GATEWAY_TOKEN}`; any 2xx is success. Most SMS providers offer such an
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
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
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
