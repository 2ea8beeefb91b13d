/**
 * The web app's build as `npm start` runs it: Vite reports only warnings and errors (not the ~300
 * lines of chunk sizes, which a newcomer took for a failure), then one line says what was built.
 * `npm run build` keeps Vite's full report for whoever wants the chunk sizes.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '../apps/web');
const started = performance.now();
const result = await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []));
const outDir = path.join(root, 'dist');
let bytes = 0;
for (const o of outputs) bytes += statSync(path.join(outDir, o.fileName), { throwIfNoEntry: false })?.size ?? 0;
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `Web app built: ${outputs.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MB, in ${seconds} s (apps/web/dist; \`npm run build\` lists them).`,
);
