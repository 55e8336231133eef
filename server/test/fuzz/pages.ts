import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { WebRoute } from '@common/web-routes';
import { encodeValue, type FuzzRequest, type Who } from './routes';
import { HOSTILE_STRINGS } from './values';

/**
 * A build of the web app reduced to its index.html, as Vite writes it: enough
 * for the server to answer its pages. Removed by the caller.
 */
export function miniatureWebBuild(): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-fuzz-web-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div></body></html>',
  );
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Segments a browser would never send, left as written: bad percent-encoding, a NUL, a way up. */
const RAW_SEGMENTS = [
  '%00',
  '%ff',
  '%FF%FE',
  '%',
  '%E0%A4%A',
  '%C0%AF',
  '..',
  '../..',
  '%2e%2e%2f',
];

/** What stands in for a page path's segment: raw, or a hostile string percent-encoded. */
const pageSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...RAW_SEGMENTS),
  fc
    .constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 2000))
    .map((s) => encodeValue(s, false)),
  fc
    .constantFrom('a'.repeat(5000), 'é'.repeat(100), '👩‍👩‍👧‍👦'.repeat(20))
    .map((s) => encodeValue(s, false)),
  fc.string({ unit: 'binary', maxLength: 20 }).map((s) => encodeValue(s, false)),
);

/**
 * Requests for one page of the web app, as a browser asks for it: its
 * parameters hostile, or a hostile segment after it or in its last place.
 */
export function pageRequests(route: WebRoute): fc.Arbitrary<FuzzRequest> {
  const parts = route.split('/').filter(Boolean);
  const hasParam = parts.some((p) => p.startsWith(':'));
  return fc
    .record({
      who: fc.constantFrom<Who>('guest', 'owner', 'other'),
      method: fc.constantFrom('GET', 'HEAD'),
      segment: pageSegment,
      place: fc.constantFrom(...(hasParam ? ['param', 'after'] : ['after', 'last'])),
    })
    .map((r) => {
      const replaced =
        r.place === 'param'
          ? parts.map((p) => (p.startsWith(':') ? r.segment : p))
          : r.place === 'last'
            ? [...parts.slice(0, -1), r.segment]
            : [...parts.map((p) => (p.startsWith(':') ? 'x' : p)), r.segment];
      return {
        who: r.who,
        method: r.method,
        url: `/${replaced.join('/')}`,
        headers: { accept: 'text/html,application/xhtml+xml' },
        page: true,
      };
    });
}
