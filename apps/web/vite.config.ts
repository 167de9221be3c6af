import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (apps/server) listens on :3000 in development; the built app is served by it on the same origin.
const apiServer = 'http://localhost:3000';

/** Functions of packages/contracts that build a zod schema and do nothing else, by the names they are called. */
const SCHEMA_HELPERS = ['paged', 'text', 'boundedText', 'decimalNumber', 'wholeNumber', 'recordId', 'numberFrom'];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/trpc': apiServer,
      // The payment sandbox's hosted page: the checkout opens its path on the page's own origin.
      '/payment-sandbox': apiServer,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The public files (favicon...) are the browser build's; the server's renderer needs none.
    copyPublicDir: !isSsrBuild,
    // dist/.vite/manifest.json: which chunks a page's module needs, for the server's preload hints.
    manifest: !isSsrBuild,
    rolldownOptions: {
      // Making a zod schema changes nothing else: the schemas of the shared contracts that a page does not use
      // are left out of its chunks, and zod itself with them from pages that validate nothing (the storefront).
      // Besides z itself, the contracts' helpers that only build schemas (packages/contracts/src/fields.ts...).
      // The names hold in every module, dependencies too: an unused call to a minified library's own `z` would be
      // dropped (Preact's style setter is one). On 2026-11-28 no module of the browser build outside the contracts
      // and zod called any of these names; check again when adding a dependency that ships minified code.
      treeshake: { manualPureFunctions: ['z', ...SCHEMA_HELPERS] },
      // The app (index.html) and the first script of server-rendered pages, which loads the app after the page's
      // picture (src/ssr/boot.ts; the server's renderer finds it in the manifest). Not for the server's build.
      ...(isSsrBuild
        ? {}
        : {
            input: {
              index: fileURLToPath(new URL('./index.html', import.meta.url)),
              boot: fileURLToPath(new URL('./src/ssr/boot.ts', import.meta.url)),
            },
          }),
      output: {
        // zod in a chunk of its own, loaded only by the chunks that use it (forms), not by a shared one.
        codeSplitting: { groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]/ }] },
      },
    },
  },
  // The server's renderer (`vite build --ssr src/entry-server.tsx --outDir dist-ssr`): npm packages are loaded
  // from node_modules at run time; the workspace's own packages are TypeScript sources, so they are bundled.
  ssr: {
    noExternal: [/^@caps\//],
  },
}));
