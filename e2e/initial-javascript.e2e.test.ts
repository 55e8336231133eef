import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INITIAL_JAVASCRIPT_BUDGET, measureInitialJavaScript } from '../bench/initial-javascript';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The build the other e2e files drive (e2e/server.ts) keeps to the initial
 * JavaScript budget that `npm run bench -- --only web` reports: a module of
 * every page's shell that imports zod or date-fns, say, breaks it at once
 * instead of lowering Lighthouse's score unnoticed.
 */
describe('initial JavaScript', () => {
  it(`stays under ${INITIAL_JAVASCRIPT_BUDGET / 1000} KB gzipped`, () => {
    const dist = path.join(root, process.env.QUAD_DIST ?? 'dist');
    const { files, total } = measureInitialJavaScript(dist);
    expect(files.length).toBeGreaterThan(0);
    expect(total, JSON.stringify(files)).toBeLessThan(INITIAL_JAVASCRIPT_BUDGET);
  });
});
