import { buildApp, MODULES } from './app.ts';
import { ConfigError, loadConfig } from './core/config.ts';
import { openDatabase } from './core/db/database.ts';
import { seedCaseDemo } from './seed/cases-demo.ts';
import { loadDemoCatalogueAtStart } from './seed/compliance-catalogue.ts';
import { DEMO_PASSWORD, demoAccounts, isEmpty, seedDemoData, unusedDemoInvite } from './seed/demo.ts';
import { loadShippedCalendarsAtStart } from './seed/holiday-calendars.ts';
import { devMailboxOn, startWarnings } from './start-warnings.ts';

/** Starts the platform: configuration, database and migrations, demo data on first start, then HTTP. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await database.migrate();
  // The release's holiday calendars (docs/deadlines.md): what is missing only; the operator's edits stay.
  await loadShippedCalendarsAtStart(database.db);
  // The demo compliance catalogue, into a database whose catalogue is empty (a fresh deployment).
  await loadDemoCatalogueAtStart(database.db);
  let seeded = false;
  if (config.demoData && (await isEmpty(database.db))) {
    await seedDemoData(database.db, config.platformHost);
    seeded = true;
  }
  const app = await buildApp({ config, database });
  // The complaint-case demo (issue 26) goes through the server's own routes: after the app exists.
  if (seeded) await seedCaseDemo(app, config.platformHost);
  // Schedules that also run once at start (e.g. filling the registers of a fresh database's workspaces).
  for (const s of MODULES.flatMap((m) => m.schedules ?? [])) {
    if (s.atStart && !s.perWorkspaceZone) await app.deps.jobs.fire(s.name);
  }
  // Graceful shutdown: stop accepting connections, let in-flight requests and running jobs finish
  // (app.close() waits for both; jobs not yet started stay queued for the next start or another
  // process), then exit. Bounded by SHUTDOWN_TIMEOUT_MS; a second signal exits at once.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) process.exit(1);
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const timer = setTimeout(() => {
      app.log.warn(`shutdown took longer than ${config.shutdownTimeoutMs} ms; exiting`);
      process.exit(1);
    }, config.shutdownTimeoutMs + 2_000);
    timer.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.listenHost });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [
    '',
    `  Workplace compliance platform is running (${config.services.join(', ')} services).`,
    `  Database: ${database.engine === 'pglite' ? `PGlite, data in ${config.dataDir}` : 'PostgreSQL'}${seeded ? ' (demo data created)' : ''}`,
    `  Mail: ${config.smtpUrl ? 'SMTP' : 'local outbox'}   SMS: ${config.smsGatewayUrl ? 'HTTP gateway' : 'local outbox'}`,
    '',
    `  Platform:      http://${config.platformHost}/`,
    `  API reference: http://${config.platformHost}/api/docs`,
    ...(devMailboxOn(config)
      ? [`  Dev mailbox:   http://${config.platformHost}/dev/mailbox (only from this machine, on this host)`]
      : []),
    ...(port !== config.port ? [`  (listening on port ${port})`] : []),
    ...(config.authSecretFile
      ? [
          `  Auth secret:   generated, kept in ${config.authSecretFile}`,
          ...(config.databaseUrl
            ? ['                 (servers sharing this database need one AUTH_SECRET: set it)']
            : []),
        ]
      : []),
  ];
  const warnings = startWarnings(config);
  if (warnings.length > 0) lines.push('', ...warnings);
  if (config.demoData) {
    const invite = await unusedDemoInvite(database.db);
    lines.push('', `  Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of demoAccounts(config.platformHost))
      lines.push(`    ${a.login.padEnd(24)} ${a.role.padEnd(45)} http://${a.host.split(', ')[0]}/`);
    if (invite) lines.push('', `  Demo invitation for newhire@acme.test: code ${invite}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
