import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (apps/server) listens on :3000 in development; the built app is served by it on the same origin.
const apiServer = 'http://localhost:3000';

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
  },
  // The server's renderer (`vite build --ssr src/entry-server.tsx --outDir dist-ssr`): npm packages are loaded
  // from node_modules at run time; the workspace's own packages are TypeScript sources, so they are bundled.
  ssr: {
    noExternal: [/^@caps\//],
  },
}));
