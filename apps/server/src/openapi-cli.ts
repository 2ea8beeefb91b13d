import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './core/config.ts';
import { openDatabase } from './core/db/database.ts';

/** `npm run openapi`: writes the OpenAPI document generated from the contract to docs/openapi.json. */
// A throw-away secret: the document needs none, and no file is written into a data folder.
const config = loadConfig({ NODE_ENV: 'test', AUTH_SECRET: randomBytes(48).toString('base64') });
const database = await openDatabase({});
// The server starts its job workers, which grant the application's roles: those come with the migrations.
await database.migrate();
const app = await buildApp({ config, database, logger: false });
await app.ready();
const out = path.join(import.meta.dirname, '../../../docs/openapi.json');
writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
await database.close();
console.log(`Wrote ${path.relative(process.cwd(), out)}`);
