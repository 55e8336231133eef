import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import packageJson from '../../../package.json' with { type: 'json' };
import type { Config } from '../config';
import { openDatabase } from '../db/kysely';

/**
 * `npm run backup` and `npm run restore` (ADR 053, docs/operating.md, Backups).
 *
 * A snapshot folder holds `manifest.json`, the database (`quad.db`, SQLite's
 * online backup, or `quad.pgdump`, pg_dump's custom format), `media/` (the
 * disk store's files) and `secret-key` when the server keeps one in DATA_DIR.
 * The database is copied first and the files after it: a file is written
 * before its row commits, so every row of the snapshot finds its file unless
 * it was deleted in the seconds between (listed as `missingMedia`).
 */

export const MANIFEST = 'manifest.json';
const SQLITE_FILE = 'quad.db';
const PG_FILE = 'quad.pgdump';
const MEDIA_DIR = 'media';
const SECRET_KEY = 'secret-key';

export interface Manifest {
  format: 1;
  createdAt: string;
  quadVersion: string;
  database: 'sqlite' | 'postgres';
  /** The last migration the snapshot's database ran, and how many it ran. */
  migration: { last: string | null; count: number };
  /** Rows of the snapshot, counted in the snapshot itself. */
  counts: Record<CountedTable, number>;
  /** `disk`: files in media/; `s3`: in the bucket, kept by the bucket's versioning (docs/operating.md). */
  media: 'disk' | 's3';
  mediaFiles: number;
  /** Files the snapshot's rows name that were deleted before they were copied. */
  missingMedia: string[];
}

const COUNTED = ['users', 'posts', 'post_media', 'message_media', 'messages'] as const;
type CountedTable = (typeof COUNTED)[number];

export class OpsError extends Error {
  override name = 'OpsError';
}

/** Writes a snapshot of the configured database and media into `dir` (absent or empty). */
export async function backup(config: Config, dir: string): Promise<Manifest> {
  const out = path.resolve(dir);
  await requireEmpty(out, 'The backup folder');
  await fs.mkdir(out, { recursive: true });
  const facts =
    config.database.kind === 'sqlite'
      ? await backupSqlite(config.database.file, path.join(out, SQLITE_FILE))
      : await backupPostgres(config.database.url, path.join(out, PG_FILE));
  let mediaFiles = 0;
  let missingMedia: string[] = [];
  if (!config.s3) {
    mediaFiles = await copyTree(path.join(config.dataDir, MEDIA_DIR), path.join(out, MEDIA_DIR));
    missingMedia = await missingFiles(facts.mediaKeys, path.join(out, MEDIA_DIR));
  }
  await copyIfPresent(path.join(config.dataDir, SECRET_KEY), path.join(out, SECRET_KEY));
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    quadVersion: packageJson.version,
    database: config.database.kind,
    migration: facts.migration,
    counts: facts.counts,
    media: config.s3 ? 's3' : 'disk',
    mediaFiles,
    missingMedia,
  };
  await fs.writeFile(path.join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Brings the snapshot in `dir` back into an empty DATA_DIR (and an empty PostgreSQL database). */
export async function restore(config: Config, dir: string): Promise<Manifest> {
  const from = path.resolve(dir);
  const manifest = await readManifest(from);
  if (manifest.database !== config.database.kind)
    throw new OpsError(
      `This snapshot holds a ${manifest.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database, but DATABASE_URL points at ${config.database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}.`,
    );
  await requireEmpty(config.dataDir, `DATA_DIR (${config.dataDir})`);
  if (config.database.kind === 'sqlite') {
    await requireAbsent(config.database.file);
    await fs.mkdir(path.dirname(config.database.file), { recursive: true });
    await fs.copyFile(path.join(from, SQLITE_FILE), config.database.file);
  } else {
    await restorePostgres(config.database.url, path.join(from, PG_FILE));
  }
  await fs.mkdir(config.dataDir, { recursive: true });
  if (manifest.media === 'disk')
    await copyTree(path.join(from, MEDIA_DIR), path.join(config.dataDir, MEDIA_DIR));
  await copyIfPresent(path.join(from, SECRET_KEY), path.join(config.dataDir, SECRET_KEY));
  return manifest;
}

async function readManifest(dir: string): Promise<Manifest> {
  try {
    return JSON.parse(await fs.readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
  } catch {
    throw new OpsError(`${dir} is not a Quad backup: it has no readable ${MANIFEST}.`);
  }
}

/** Refuses a folder that holds anything: a restore never mixes two servers' data. */
async function requireEmpty(dir: string, what: string): Promise<void> {
  const entries = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries.length > 0)
    throw new OpsError(
      `${what} is not empty (${entries.slice(0, 5).join(', ')}${entries.length > 5 ? ', …' : ''}): choose a new or empty folder.`,
    );
}

async function requireAbsent(file: string): Promise<void> {
  const exists = await fs.stat(file).then(
    () => true,
    () => false,
  );
  if (exists)
    throw new OpsError(`The database file ${file} already exists: restore into a new one.`);
}

interface SnapshotFacts {
  migration: Manifest['migration'];
  counts: Manifest['counts'];
  /** Every file the snapshot's rows name (media variants and profile photos). */
  mediaKeys: string[];
}

/**
 * SQLite's online backup from a connection of its own: the running server's
 * writes go on (WAL). After the first 100 pages the rest is copied in one
 * step, inside one read, so a write meanwhile restarts the copy at most once.
 */
async function backupSqlite(file: string, out: string): Promise<SnapshotFacts> {
  await fs.access(file).catch(() => {
    throw new OpsError(`There is no database at ${file}: check DATA_DIR and DATABASE_URL.`);
  });
  const source = new SqliteDatabase(file, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(out, { progress: () => 1_000_000_000 });
  } finally {
    source.close();
  }
  const snapshot = new SqliteDatabase(out, { readonly: true, fileMustExist: true });
  try {
    return await snapshotFacts(async (query) => snapshot.prepare(query).all());
  } finally {
    snapshot.close();
  }
}

/** What the manifest says of a snapshot, read through `all` (one query's rows). */
async function snapshotFacts(all: (query: string) => Promise<unknown[]>): Promise<SnapshotFacts> {
  const counts = {} as Manifest['counts'];
  for (const table of COUNTED) {
    const [row] = (await all(`select count(*) as n from ${table}`)) as { n: number | string }[];
    counts[table] = Number(row!.n);
  }
  const names = (await all('select name from kysely_migration order by name')) as {
    name: string;
  }[];
  const rows = (await all(
    `select key, variants from post_media union all select key, variants from message_media
     union all select avatar_key as key, null as variants from users where avatar_key is not null`,
  )) as MediaKeyRow[];
  return {
    migration: { last: names.at(-1)?.name ?? null, count: names.length },
    counts,
    mediaKeys: keysOf(rows),
  };
}

/**
 * pg_dump's custom format. A read-only repeatable-read transaction exports its
 * snapshot and pg_dump dumps that same snapshot (`--snapshot`), so the
 * manifest's counts and file list are exactly the dump's.
 */
async function backupPostgres(url: string, out: string): Promise<SnapshotFacts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read, read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const facts = await snapshotFacts(async (query) => (await client.query(query)).rows);
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${rows[0]!.id}`,
      `--file=${out}`,
      url,
    ]);
    await client.query('commit');
    return facts;
  } finally {
    await client.end();
  }
}

/** pg_restore into a database that holds no table yet (migrations then run at start). */
async function restorePostgres(url: string, file: string): Promise<void> {
  const db = openDatabase({ kind: 'postgres', url });
  try {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.tables where table_schema = 'public'`.execute(
      db.kysely,
    );
    if (rows[0]!.n > 0)
      throw new OpsError(
        'The PostgreSQL database of DATABASE_URL already has tables: restore into a new, empty database.',
      );
  } finally {
    await db.close();
  }
  await run('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    `--dbname=${url}`,
    file,
  ]);
}

interface MediaKeyRow {
  key: string;
  variants: string | null;
}

/** The keys of each row and of its variants (`{ thumb: { key }, … }`). */
function keysOf(rows: MediaKeyRow[]): string[] {
  const keys = new Set<string>();
  for (const row of rows) {
    keys.add(row.key);
    if (!row.variants) continue;
    const variants = JSON.parse(row.variants) as Record<string, { key?: unknown } | null>;
    for (const variant of Object.values(variants))
      if (typeof variant?.key === 'string') keys.add(variant.key);
  }
  return [...keys].sort();
}

async function missingFiles(keys: string[], mediaDir: string): Promise<string[]> {
  const missing: string[] = [];
  for (const key of keys) {
    const found = await fs.access(path.join(mediaDir, key)).then(
      () => true,
      () => false,
    );
    if (!found) missing.push(key);
  }
  return missing;
}

/**
 * Copies every file under `from` into `to`; a file deleted meanwhile is
 * skipped, and a write's half-done `.part` file is left out. Returns how many were copied.
 */
async function copyTree(from: string, to: string): Promise<number> {
  const names = await fs
    .readdir(from, { recursive: true })
    .catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
  let copied = 0;
  for (const name of names.sort()) {
    if (name.endsWith('.part')) continue;
    const source = path.join(from, name);
    const stat = await fs.stat(source).catch(() => null);
    if (!stat?.isFile()) continue;
    await fs.mkdir(path.dirname(path.join(to, name)), { recursive: true });
    if (await copyIfPresent(source, path.join(to, name))) copied++;
  }
  return copied;
}

async function copyIfPresent(from: string, to: string): Promise<boolean> {
  try {
    await fs.copyFile(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Runs a PostgreSQL client tool, failing with its own words. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new OpsError(
              `${command} is not installed: install the PostgreSQL client tools (the server's major version).`,
            )
          : error,
      ),
    );
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new OpsError(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}
