import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './core/config.ts';
import { openDatabase } from './core/db/database.ts';

/** `npm run openapi`: writes the OpenAPI document generated from the contract to docs/openapi.json. */
const config = loadConfig({ NODE_ENV: 'test' });
const database = await openDatabase({});
const app = await buildApp({ config, database, logger: false });
await app.ready();
const out = path.join(import.meta.dirname, '../../../docs/openapi.json');
writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
await database.close();
console.log(`Wrote ${path.relative(process.cwd(), out)}`);
