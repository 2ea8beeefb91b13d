import { buildApp } from './app.ts';
import { loadConfig } from './core/config.ts';
import { openDatabase } from './core/db/database.ts';
import { seedCaseDemo } from './seed/cases-demo.ts';
import { seedDemoData } from './seed/demo.ts';

/** `npm run seed`: applies migrations and creates the demo data (idempotent). */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await seedDemoData(database.db, config.platformHost);
// The complaint-case demo goes through the server's own routes (the app, not listening).
const app = await buildApp({ config, database });
await seedCaseDemo(app, config.platformHost);
await app.close();
await database.close();
console.log(`Demo data is in place (platform host ${config.platformHost}).`);
