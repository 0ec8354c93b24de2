import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { chunkGroups } from './vite-chunk-groups.ts';
import { precompress } from './vite-precompress.ts';
import { scrollAreaWithoutFloatingUi } from './vite-scroll-area.ts';

export default defineConfig(({ mode }) => {
  // The API of `npm run dev -w @console/api`; API_PROXY_TARGET points the dev server elsewhere.
  const api = loadEnv(mode, '.', '').API_PROXY_TARGET || 'http://localhost:8080';
  const chunks = chunkGroups();
  return {
    plugins: [react(), precompress(), chunks.plugin, scrollAreaWithoutFloatingUi()],
    server: {
      port: 5173,
      proxy: {
        // changeOrigin stays off: the API picks the agency's config by the Host header.
        '/api': { target: api },
        // The API reference (OpenAPI UI); the pattern keeps /documentation in the SPA.
        '^/docs(/|$)': { target: api },
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Every page is a lazy chunk of its own (React.lazy in the router); budget in docs/measuring.md.
      chunkSizeWarningLimit: 600,
      // Every browser the console supports preloads modules itself; the polyfill would only add
      // weight to /login (its budget: e2e/tests/login-weight.test.ts).
      modulePreload: { polyfill: false },
      // Boot, shell and data-table files instead of dozens of small shared chunks (vite-chunk-groups.ts).
      rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } },
    },
  };
});
