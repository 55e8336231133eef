import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { SERVER_ENTRY_POINTS, serverBundleOptions } from '../../scripts/server-bundle.mjs';

/**
 * A production install (`npm ci --omit=dev`, docs/operating.md) has only the
 * `dependencies` of package.json: every package the built server imports at
 * run time must be one of them (ADR 057). esbuild bundles the server as
 * `npm run build:server` does, without writing it, and lists what it left
 * external; a package loaded by its name (createRequire, pino's transport)
 * is found in the sources.
 */

const root = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The package of a bare import: `kysely/helpers/postgres` is kysely, `@aws-sdk/x/y` is @aws-sdk/x. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The packages the bundle of these entry points imports at run time (Node's own left out). */
async function bundledImports(entryPoints: Record<string, string>): Promise<Set<string>> {
  const result = await build({
    ...serverBundleOptions(path.join(os.tmpdir(), 'quad-unwritten')),
    entryPoints,
    write: false,
    metafile: true,
    sourcemap: false,
    logLevel: 'silent',
  });
  const packages = new Set<string>();
  for (const output of Object.values(result.metafile.outputs))
    for (const i of output.imports)
      if (i.external && !isBuiltin(i.path) && !i.path.startsWith('.'))
        packages.add(packageOf(i.path));
  return packages;
}

/** Packages a source loads by name rather than by an import esbuild sees. */
const BY_NAME = [
  /createRequire\([^)]*\)\(\s*['"]([^'"]+)['"]/g,
  /\btransport:\s*\{\s*target:\s*['"]([^'"./][^'"]*)['"]/g,
];
function namedLoads(source: string): string[] {
  return BY_NAME.flatMap((pattern) => [...source.matchAll(pattern)].map((m) => packageOf(m[1]!)));
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** What a production install lacks: each package with the reason, empty when it runs. */
function missingInProduction(packages: Iterable<string>): string[] {
  return [...new Set(packages)]
    .filter((name) => !(name in manifest.dependencies))
    .sort()
    .map((name) =>
      name in manifest.devDependencies
        ? `${name} is a devDependency: npm ci --omit=dev leaves it out`
        : `${name} is in neither dependencies nor devDependencies`,
    );
}

describe('a production install', () => {
  it('holds every package the built server imports', async () => {
    const imported = await bundledImports(SERVER_ENTRY_POINTS);
    // The bundle was read: the server's own framework and database packages are there.
    expect([...imported]).toEqual(expect.arrayContaining(['fastify', 'kysely', 'zod']));
    const named = sourceFiles(path.join(root, 'server/src')).flatMap((file) =>
      namedLoads(fs.readFileSync(file, 'utf8')),
    );
    expect(named).toEqual(expect.arrayContaining(['geoip-country', 'pino-pretty']));
    expect(missingInProduction([...imported, ...named])).toEqual([]);
  });

  it('names a development package that server code imports', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-deps-'));
    try {
      const entry = path.join(dir, 'entry.ts');
      fs.writeFileSync(
        entry,
        [
          "import fs from 'node:fs';",
          "import { format } from 'date-fns';",
          "import Fastify from 'fastify';",
          "import { helper } from 'no-such-package/deep';",
          'console.log(fs, format, Fastify, helper);',
        ].join('\n'),
      );
      const imported = await bundledImports({ entry });
      expect(missingInProduction(imported)).toEqual([
        'date-fns is a devDependency: npm ci --omit=dev leaves it out',
        'no-such-package is in neither dependencies nor devDependencies',
      ]);
      expect(
        missingInProduction(
          namedLoads(
            "createRequire(import.meta.url)('vitest'); ({ transport: { target: 'tsx/esm' } });",
          ),
        ),
      ).toEqual([
        'tsx is a devDependency: npm ci --omit=dev leaves it out',
        'vitest is a devDependency: npm ci --omit=dev leaves it out',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
