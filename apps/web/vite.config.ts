import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { resolveBaseUrls } from './src/lib/api/request-helpers.ts';

/** Paths the dev server hands to the API server (the three services, dev mailbox, probes). */
const PROXIED_PATHS = ['/api', '/lms', '/cms', '/dev', '/health', '/ready'];

/** `assets/i18n-<namespace>-<language>-<hash>.js` for a translation file, the default name otherwise. */
function textsChunkName(chunk: { facadeModuleId?: string | null }) {
  const match = chunk.facadeModuleId?.match(/\/(?:features\/([\w-]+)\/i18n|lib\/i18n\/([\w-]+))\/(\w+)\.ts$/);
  return match ? `assets/i18n-${match[1] ?? match[2]}-${match[3]}-[hash].js` : 'assets/[name]-[hash].js';
}

/** Files the server may send compressed: text formats (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest|map)$/;

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file of
 * the build, which the server sends to browsers that accept them (@fastify/static `preCompressed`,
 * apps/server/src/core/web-assets.ts): the best compression once at build time, none per request.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    closeBundle: {
      order: 'post',
      handler() {
        const outDir = this.environment.config.build.outDir;
        const root = path.resolve(this.environment.config.root, outDir);
        for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
          if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
          const file = path.join(entry.parentPath, entry.name);
          const body = readFileSync(file);
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
          );
          writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        }
      },
    },
  };
}

/**
 * Starts `GET <main API>/app-config` from index.html (`<link rel="preload" as="fetch">`), while the
 * entry chunk downloads: every page's first render waits for it (app/app-root.tsx, HostGate), and
 * without this it only started once the entry had run, behind the route's chunks. The app's own
 * fetch of the same URL (same mode and credentials) is answered by the preloaded response; the URL
 * is the one the API client builds (lib/api/request-helpers.ts, `VITE_MAIN_API_URL` included).
 */
function preloadAppConfig(mainApiUrl: string): Plugin {
  return {
    name: 'preload-app-config',
    transformIndexHtml: () => [
      {
        tag: 'link',
        attrs: { rel: 'preload', href: `${mainApiUrl}/app-config`, as: 'fetch', crossorigin: 'anonymous' },
        injectTo: 'head',
      },
    ],
  };
}

/**
 * First pages with their own copy of index.html (`<name>.html` beside it), which also names the
 * chunks of that page's route (`<link rel="modulepreload">`, English texts included): the browser
 * fetches them with the entry instead of after it has run. The server sends `<name>.html` for
 * `GET /<name>` (apps/server/src/core/web-assets.ts); every other route keeps index.html, so no other
 * first load pays for these chunks. Only the sign-in page, the first page of every visitor who is
 * not signed in.
 */
const FIRST_PAGES = [{ name: 'signin', module: '/src/features/auth/sign-in.page.tsx', texts: ['auth'] }];

function firstPageCopies(): Plugin {
  return {
    name: 'first-page-copies',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return;
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      // What index.html names already: the entry and everything it imports statically.
      const inIndex = new Set<string>();
      const walk = (fileName: string, into: Set<string>) => {
        if (into.has(fileName) || inIndex.has(fileName)) return;
        into.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') for (const imported of chunk.imports) walk(imported, into);
      };
      walk(entry.fileName, inIndex);
      for (const first of FIRST_PAGES) {
        const page = chunks.find((c) => c.facadeModuleId?.endsWith(first.module));
        if (!page) throw new Error(`first-page-copies: no chunk for ${first.module}`);
        const files = new Set<string>();
        walk(page.fileName, files);
        for (const namespace of first.texts) {
          const texts = chunks.find((c) => c.facadeModuleId?.endsWith(`/features/${namespace}/i18n/en.ts`));
          if (texts) walk(texts.fileName, files);
        }
        const links = [...files].map((f) => `    <link rel="modulepreload" crossorigin href="/${f}">\n`).join('');
        const html = String(index.source).replace(/\s*<\/head>/, `\n${links}  </head>`);
        this.emitFile({ type: 'asset', fileName: `${first.name}.html`, source: html });
      }
    },
  };
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
    plugins: [react(), preloadAppConfig(resolveBaseUrls(env).main), firstPageCopies(), precompress()],
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
