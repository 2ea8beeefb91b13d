import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, freshData, startChildServer } from '../testing/child-server.ts';
import { aBusinessUnit, aMember, aWorkspace } from '../testing/factories.ts';
import { startSmtpReceiver } from '../testing/smtp-receiver.ts';
import { openDatabase } from './db/database.ts';

// The crash test: the real server in its own process (as `npm start` runs it) sends through a real
// SMTP receiver; 300 invitations are acknowledged, the server is killed with -9 at once and started
// again on the same data, killed again in the middle of the delivery and started once more. Every
// mail must arrive, none more than twice (only those in flight at a kill may be sent again). Then a
// SIGTERM right after another import: the server exits cleanly and nothing is lost or sent twice. On PostgreSQL when DATABASE_URL is set, else PGlite in a folder.

const COUNT = 300;
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
});

const startServer = (port: number, env: Record<string, string>) => startChildServer(port, env, cleanups);

/**
 * Readies the server's empty database before its first start: migrated, with one workspace under
 * the server's platform host (a `Mumbai` unit, which the imported rows name) and its admin.
 */
async function prepare(env: Record<string, string>, platformHost: string) {
  const database = await openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 2 } : { dataDir: env.DATA_DIR },
  );
  try {
    await database.migrate();
    const ws = await aWorkspace(database.db, { platformHost });
    await aBusinessUnit(ws, { name: 'Mumbai' });
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    return { host: ws.host, admin: { email: admin.email, password: admin.password } };
  } finally {
    await database.close();
  }
}

describe('a crash during delivery', () => {
  it('kill -9 right after 300 invitations are acknowledged, and again mid-delivery: after restarts all 300 mails arrive, none more than twice', async () => {
    // A slightly slow receiver (10 ms per message), so that the second kill lands mid-delivery.
    const smtp = await startSmtpReceiver({ delayMs: 10 });
    cleanups.push(() => smtp.close());
    const port = await freePort();
    const data = await freshData('crash', cleanups);
    const { host, admin } = await prepare(data, `localhost:${port}`);
    // No demo data: the server starts on the workspace prepared above.
    const env = { ...data, SMTP_URL: smtp.url, DEMO_DATA: 'false' };
    const origin = `http://${host}`;
    let server = await startServer(port, env);

    const signIn = await fetch(`http://127.0.0.1:${port}/api/user/signin`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ userEmail: admin.email, userPassword: admin.password }),
    });
    expect(signIn.status).toBe(200);
    const { accessToken } = (await signIn.json()) as { accessToken: string };

    /** Imports COUNT new people from a file; answers their addresses and the server's answer. */
    const importPeople = async (batch: string) => {
      const emails = Array.from({ length: COUNT }, (_, i) => `crash-${batch}-${i}@example.test`);
      const file = [
        'Email,First name,Last name,Business unit',
        ...emails.map((e, i) => `${e},First${i},Last${i},Mumbai`),
      ];
      const form = new FormData();
      for (const [field, column] of Object.entries({ email: 1, firstName: 2, lastName: 3, branch: 4 })) {
        form.append(field, String(column));
      }
      form.append('file', new Blob([file.join('\r\n')], { type: 'text/csv' }), 'people.csv');
      const res = await fetch(`http://127.0.0.1:${port}/api/invite/bulk`, {
        method: 'POST',
        headers: { origin, authorization: `Bearer ${accessToken}` },
        body: form,
      });
      return { emails, status: res.status, body: (await res.json()) as { invited?: number } };
    };
    const copiesTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

    const batch = randomBytes(3).toString('hex');
    const { emails, status, body } = await importPeople(batch);
    // Acknowledged: killed at once, before or while the workers send.
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));
    expect(status).toBe(200);
    expect(body.invited).toBe(COUNT);
    const beforeKill = new Set(smtp.received.flatMap((m) => m.to)).size;

    const arrived = () => new Set(smtp.received.flatMap((m) => m.to).filter((to) => to.includes(batch))).size;
    // Started again, and killed with -9 again in the middle of the delivery.
    server = await startServer(port, env);
    await smtp.waitFor(() => arrived() >= 100, 'the first 100 mails after the restart', 60_000);
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));
    const atSecondKill = arrived();

    server = await startServer(port, env);
    await smtp.waitFor(() => arrived() === COUNT, `all ${COUNT} mails after the second restart`, 90_000);

    // Each person got one message (one Message-ID), delivered at most twice.
    for (const email of emails) {
      const copies = copiesTo(email);
      expect(copies.length, email).toBeGreaterThanOrEqual(1);
      expect(copies.length, email).toBeLessThanOrEqual(2);
      expect(new Set(copies.map((m) => m.messageId)).size, email).toBe(1);
    }
    const twice = emails.filter((e) => copiesTo(e).length === 2).length;
    console.log(
      `crash test: ${beforeKill} of ${COUNT} delivered before the first kill, ${atSecondKill} at the second, ${twice} delivered twice`,
    );

    // A graceful stop (SIGTERM) right after another 300 are acknowledged: the process finishes what
    // it is sending and exits 0; the rest stay queued and go out after the next start, each once.
    const second = randomBytes(3).toString('hex');
    const more = await importPeople(second);
    const exited = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
    server.kill('SIGTERM');
    expect(more.status).toBe(200);
    expect(await exited).toBe(0);
    const atSigterm = more.emails.filter((e) => copiesTo(e).length > 0).length;
    server = await startServer(port, env);
    await smtp.waitFor(
      () => more.emails.every((e) => copiesTo(e).length > 0),
      `all ${COUNT} mails after the graceful stop`,
      90_000,
    );
    for (const email of more.emails) expect(copiesTo(email).length, email).toBe(1);
    console.log(`graceful stop: ${atSigterm} of ${COUNT} sent before the exit, the rest after the restart, each once`);
    const last = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
    server.kill('SIGTERM');
    expect(await last).toBe(0);
  }, 240_000);
});
