// How the server is bundled into dist/server: shared by `npm run build:server`
// and the test that checks a production install runs it (ADR 057).
import { root } from './lib.mjs';

/** Every program dist/server holds, by its output name. */
export const SERVER_ENTRY_POINTS = {
  main: 'server/src/main.ts',
  migrate: 'server/src/migrate-cli.ts',
  campus: 'server/src/campus-cli.ts',
  backup: 'server/src/ops/backup-cli.ts',
  restore: 'server/src/ops/restore-cli.ts',
};

/** esbuild's options: npm packages stay external, imported from node_modules at run time. */
export function serverBundleOptions(outdir) {
  return {
    absWorkingDir: root,
    entryPoints: SERVER_ENTRY_POINTS,
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __quadRequire } from 'node:module'; const require = __quadRequire(import.meta.url);",
    },
  };
}
