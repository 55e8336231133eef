import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export interface WebReport {
  files: Array<{ file: string; gzipped: number }>;
  total: number;
}

/** The initial JavaScript budget of docs/benchmarks.md (Web), gzipped, in bytes. */
export const INITIAL_JAVASCRIPT_BUDGET = 150_000;

/** The initial JavaScript of the build already in `dir` (its `web/index.html`). */
export function measureInitialJavaScript(dir: string): WebReport {
  const web = path.join(dir, 'web');
  const html = fs.readFileSync(path.join(web, 'index.html'), 'utf8');
  const refs = new Set(
    [
      ...html.matchAll(
        /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g,
      ),
    ].map((m) => m[1]!),
  );
  const files = [...refs].map((ref) => ({
    file: ref,
    gzipped: zlib.gzipSync(fs.readFileSync(path.join(web, ref)), { level: 9 }).length,
  }));
  return { files, total: files.reduce((sum, f) => sum + f.gzipped, 0) };
}
