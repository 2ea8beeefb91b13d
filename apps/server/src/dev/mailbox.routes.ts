import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ctxOf } from '../core/context.ts';
import { requestHost } from '../core/tenancy.ts';
import * as repo from './mailbox.repo.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1';
}

/**
 * Whether a request may read the outbox: it comes from this machine — by the socket's own peer
 * address, never `req.ip`, which X-Forwarded-For sets when TRUST_PROXY is on — and is addressed to
 * the platform host (Host, and Origin when sent), so that neither a workspace page nor a
 * DNS-rebinding site in a local browser can reach it.
 */
function mayReadOutbox(req: FastifyRequest, platformHost: string): boolean {
  const host = String(req.headers.host ?? '').toLowerCase();
  return isLoopback(req.socket.remoteAddress) && host === platformHost && requestHost(req) === platformHost;
}

/**
 * Development only (never registered in production): `/dev/mailbox` lists the local outbox, newest
 * first, so that a person can read an OTP or an invitation without a mail server. It holds every
 * workspace's sign-in codes, so anyone else gets the usual 404, as if it did not exist.
 */
export const devRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async (req, reply) => {
    let allowed = false;
    try {
      allowed = mayReadOutbox(req, app.deps.config.platformHost);
    } catch {
      // A malformed Origin: not the platform host.
    }
    if (allowed) return;
    reply.callNotFound();
    return reply;
  });

  /** The same outbox as JSON for one recipient (scripts and browser tests read codes from it). */
  app.get<{ Querystring: { recipient?: string } }>('/outbox', { schema: { hide: true } }, async (req, reply) => {
    const recipient = String(req.query.recipient ?? '').trim();
    if (!recipient) return reply.code(400).send({ status: 400, code: 'BAD_REQUEST', message: 'Give ?recipient=' });
    const messages = await ctxOf(req).platform({ action: 'dev.outbox', audit: false }, (tx) =>
      repo.messagesTo(tx, recipient),
    );
    return { messages };
  });

  app.get('/mailbox', { schema: { hide: true } }, async (req, reply) => {
    const rows = await ctxOf(req).platform({ action: 'dev.mailbox', audit: false }, (tx) => repo.latestMessages(tx));
    const items = rows
      .map(
        (r) => `<article>
  <h2>${escapeHtml(r.subject ?? 'Text message')}</h2>
  <p class="meta"><span class="tag">${r.channel === 'EMAIL' ? 'Email' : 'SMS'}</span> to <strong>${escapeHtml(r.recipient)}</strong>
  · ${escapeHtml(r.workspace ?? 'Platform')} · <time datetime="${r.createdAt.toISOString()}">${r.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC</time></p>
  <pre>${escapeHtml(r.bodyText)}</pre>
</article>`,
      )
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1b1f24}
main{max-width:760px;margin:0 auto;padding:24px 16px}
h1{font-size:1.5rem;margin:0 0 4px}
.lead{color:#4a5360;margin:0 0 20px}
article{background:#fff;border:1px solid #dde1e6;border-radius:8px;padding:16px;margin-bottom:12px}
article h2{font-size:1.05rem;margin:0 0 6px}
.meta{color:#4a5360;font-size:.875rem;margin:0 0 10px}
.tag{background:#e7eefc;color:#1a4fb4;border-radius:4px;padding:1px 6px;font-weight:600}
pre{white-space:pre-wrap;font-family:inherit;margin:0}
</style></head>
<body><main>
<h1>Development mailbox</h1>
<p class="lead">Mail and text messages the platform would have sent, newest first. Shown because no SMTP server or SMS gateway is configured; never available in production.</p>
${items || '<p>No messages yet. Sign-in codes and invitations will appear here.</p>'}
</main></body></html>`);
  });
};
