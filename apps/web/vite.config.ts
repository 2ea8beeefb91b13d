import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

/** Paths the dev server hands to the API server (the three services, dev mailbox, probes). */
const PROXIED_PATHS = ['/api', '/lms', '/cms', '/dev', '/health', '/ready'];

/** `assets/i18n-<namespace>-<language>-<hash>.js` for a translation file, the default name otherwise. */
function textsChunkName(chunk: { facadeModuleId?: string | null }) {
  const match = chunk.facadeModuleId?.match(/\/(?:features\/([\w-]+)\/i18n|lib\/i18n\/([\w-]+))\/(\w+)\.ts$/);
  return match ? `assets/i18n-${match[1] ?? match[2]}-${match[3]}-[hash].js` : 'assets/[name]-[hash].js';
}

/**
 * One build for every host. In development the API is proxied with the browser's Host header
 * untouched (changeOrigin: false), so the server sees e.g. `acme.localhost:3000` and resolves
 * the workspace exactly as in production.
 */
export default defineConfig(({ mode }) => {
  const root = decodeURIComponent(new URL('.', import.meta.url).pathname);
  const env = loadEnv(mode, root, '');
  const target = env.API_PROXY_TARGET ?? 'http://localhost:3001';
  return {
    root,
    plugins: [react()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rolldownOptions: {
        output: {
          // Texts chunks named by namespace and language (i18n-users-kn-….js), so the chunk list shows what loads when.
          chunkFileNames: textsChunkName,
          // Zod, the setting that keeps it from probing eval (lib/zod-jitless.ts) and the contract's
          // schemas in one chunk, run in import order: split apart, the schemas were built before the
          // setting ran, and the probe broke the Content-Security-Policy.
          codeSplitting: {
            groups: [
              { name: 'zod', test: /[\\/](node_modules[\\/]zod|packages[\\/]contract)[\\/]|[\\/]zod-jitless\.ts$/ },
            ],
          },
        },
      },
    },
    server: {
      port: 3000,
      allowedHosts: ['.localhost'],
      proxy: Object.fromEntries(PROXIED_PATHS.map((path) => [path, { target, changeOrigin: false }])),
    },
    preview: { port: 3000, allowedHosts: ['.localhost'] },
  };
});
