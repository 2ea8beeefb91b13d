/**
 * `npm run dev`: the server in watch mode on PORT+1 and Vite's dev server on PORT, which proxies the
 * API to it without changing the Host header, so `acme.localhost:<PORT>` works as with `npm start`.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 3000);
const apiPort = port + 1;
const children = [
  spawn(process.execPath, ['--watch', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: String(apiPort), PLATFORM_HOST: process.env.PLATFORM_HOST ?? `localhost:${port}` },
  }),
  spawn(path.join(root, 'node_modules/.bin/vite'), ['--port', String(port), '--strictPort'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, API_PROXY_TARGET: `http://localhost:${apiPort}` },
  }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && stop());
