import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@common': path.resolve(import.meta.dirname, '../common') } },
  test: {
    name: 'e2e',
    root: path.resolve(import.meta.dirname, '..'),
    include: ['e2e/**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    pool: 'forks',
    // Pages wait on real scrypt hashing and uploads on 2 shared cores: poll longer than 1 s.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    // Each file starts its own server and browser; two at a time fit 2 cores.
    maxWorkers: 2,
  },
});
