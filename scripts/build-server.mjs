// Bundles the server into dist/server with esbuild; npm packages stay external.
import { build } from 'esbuild';
import { root } from './lib.mjs';

await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'server/src/main.ts',
    migrate: 'server/src/migrate-cli.ts',
    campus: 'server/src/campus-cli.ts',
    backup: 'server/src/ops/backup-cli.ts',
    restore: 'server/src/ops/restore-cli.ts',
  },
  // QUAD_DIST lets parallel work build into its own folder (default dist/).
  outdir: `${process.env.QUAD_DIST ?? 'dist'}/server`,
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
});
