/**
 * `npm run boundaries`: prints every broken boundary of the server and the web (the rules of
 * boundaries.ts, which architecture.test.ts runs in `npm test`), and fails when there is one.
 */
import path from 'node:path';
import { describeViolation, readTree, serverViolations, webViolations } from './boundaries.ts';

const server = path.resolve(import.meta.dirname, '..');
const web = path.resolve(server, '../../web/src');
const found = [
  ...serverViolations(readTree(server)).map((v) => `apps/server/src/${describeViolation(v)}`),
  ...webViolations(readTree(web)).map((v) => `apps/web/src/${describeViolation(v)}`),
];
for (const line of found) console.log(line);
console.log(found.length ? `\n${found.length} broken boundaries.` : 'Every boundary holds.');
process.exit(found.length ? 1 : 0);
