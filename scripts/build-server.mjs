// Bundles the server into dist/server with esbuild; npm packages stay external.
import { build } from 'esbuild';
import { serverBundleOptions } from './server-bundle.mjs';

// QUAD_DIST lets parallel work build into its own folder (default dist/).
await build(serverBundleOptions(`${process.env.QUAD_DIST ?? 'dist'}/server`));
