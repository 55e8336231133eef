import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = process.env.QUAD_DEV_API ?? 'http://localhost:3000';

/** Each CSS module's class names as the build hashed them, by file (relative to web/). */
const cssModuleClasses: Record<string, Record<string, string>> = {};

/**
 * Writes `.vite/css-modules.json` beside the manifest: the server reads it to
 * write the first posts of /home with the very classes the app's cards use, so
 * they paint before the app's code has run (ADR 022).
 */
function cssModuleClassMap(): Plugin {
  return {
    name: 'quad-css-module-classes',
    apply: 'build',
    generateBundle() {
      const sorted = Object.fromEntries(
        Object.entries(cssModuleClasses).sort(([a], [b]) => a.localeCompare(b)),
      );
      this.emitFile({
        type: 'asset',
        fileName: '.vite/css-modules.json',
        source: JSON.stringify(sorted, null, 1),
      });
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), cssModuleClassMap()],
  css: {
    modules: {
      getJSON(file, classes) {
        const relative = path.relative(import.meta.dirname, file.split('?')[0]!);
        cssModuleClasses[relative.split(path.sep).join('/')] = classes;
      },
    },
  },
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
