import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.QUAD_DEV_API ?? 'http://localhost:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: {
    alias: {
      '@common': path.resolve(import.meta.dirname, '../common'),
      '@web': path.resolve(import.meta.dirname, 'src'),
    },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, '..', process.env.QUAD_DIST ?? 'dist', 'web'),
    emptyOutDir: true,
    sourcemap: true,
    // The server reads it to preload a page's own code with the page (http/web-app.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // What the first paint needs comes as one file rather than two dozen small ones:
        // each would cost a round trip on a phone's connection (DESIGN §13, Lighthouse mobile).
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: 5173,
    allowedHosts: ['.localhost', 'localhost'],
    // The API keeps the browser's Host header so it knows the campus.
    proxy: Object.fromEntries(
      ['/api', '/dev', '/uploads', '/favicon.svg', '/healthz', '/readyz'].map((p) => [
        p,
        { target: api, changeOrigin: false, ws: p === '/api' },
      ]),
    ),
  },
});
