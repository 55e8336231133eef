import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.QUAD_DEV_API ?? 'http://localhost:3000';

const dist = path.resolve(import.meta.dirname, '..', process.env.QUAD_DIST ?? 'dist');

/**
 * The app, and with `--ssr src/entry-server.tsx` the server's copy of its feed
 * (ADR 045): the same plugins and CSS modules, so the classes the server
 * writes are the app's. It goes beside the manifest, where the server reads it
 * and which it does not serve.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: import.meta.dirname,
  plugins: [react()],
  // The server's copy carries its packages (React, React Router, TanStack Query…): it
  // loads wherever the build is written, with no node_modules above it (the bench's).
  ssr: { noExternal: true },
  resolve: {
    alias: {
      '@common': path.resolve(import.meta.dirname, '../common'),
      '@web': path.resolve(import.meta.dirname, 'src'),
    },
  },
  build: {
    outDir: isSsrBuild ? path.join(dist, 'web', '.vite', 'ssr') : path.join(dist, 'web'),
    emptyOutDir: true,
    sourcemap: !isSsrBuild,
    // The server reads it to preload a page's own code with the page (pages.html.ts).
    manifest: !isSsrBuild,
    rolldownOptions: {
      output: {
        // What the first paint needs comes as one file rather than two dozen small ones:
        // each would cost a round trip on a phone's connection (ADR 006, Lighthouse mobile).
        // The server's copy is one file too, read once at start.
        codeSplitting: isSsrBuild ? false : { groups: [{ name: 'app', tags: ['$initial'] }] },
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
}));
