import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { namedStatements } from './prepared';
import type { Database } from './schema';
import { adaptSqlite } from './sqlite-adapter';

export type Dialect = 'sqlite' | 'postgres';

/** The database handle the app passes around: Kysely plus which dialect it speaks. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
  /** The connection pool's use now (PostgreSQL); SQLite has one in-process connection and no pool. */
  poolUse?: () => PoolUse;
}

/** Connections of a pool: open, idle among them, and queries waiting for one. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

// PostgreSQL returns int8 (bigint: our millisecond times, count(*)) as strings
// by default; every such value Quad stores fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export function openDatabase(database: Config['database']): Db {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: 10,
      // A server that takes connections but does not answer (a failover in
      // progress) fails the request after this long instead of holding it.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // A connection the server drops (a restart, a failover) is discarded by the
    // pool and replaced on the next query; unhandled, its error would end the
    // process. The pool hears the errors of idle connections; a connection in
    // use reports its error to its query too, and to this listener, which every
    // connection keeps for its whole life.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const kysely = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: namedStatements(pool) }),
    });
    return {
      kysely,
      dialect: 'postgres',
      close: () => kysely.destroy(),
      poolUse: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    };
  }
  if (database.file !== ':memory:') fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SqliteDatabase(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const kysely = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: adaptSqlite(sqlite) }),
  });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

/**
 * Kysely's SQLite driver begins transactions with a plain `begin`, which takes
 * the write lock only at the transaction's first write. With several
 * processes on one file (WEB_CONCURRENCY), a transaction that read before
 * another process wrote can then never write: SQLite answers
 * SQLITE_BUSY_SNAPSHOT at once, busy_timeout does not apply, and the request
 * fails. `begin immediate` takes the write lock first, waiting up to
 * busy_timeout for it, so a transaction reads what it then writes over.
 * In one process nothing changes: the driver runs one statement at a time
 * on its one connection.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** How long a new PostgreSQL connection (or a wait for a free one) may take. */
const CONNECT_TIMEOUT_MS = 5000;

/** True when the database answers a trivial query within `timeoutMs` (readiness probe). */
export async function ping(db: Db, timeoutMs = 2000): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answered = sql`select 1`.execute(db.kysely).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Error codes of a socket whose peer went away or never answered. */
const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * True when `error` says the database could not be reached, not that a
 * statement was wrong: the connection was refused, reset or timed out, or
 * PostgreSQL is shutting down or starting (SQLSTATE classes 08 and 57P).
 * Such a request may succeed if tried again in a moment.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (CONNECTION_ERRORS.has(code)) return true;
    if (/^(08...|57P0[1-3])$/.test(code)) return true;
  }
  // pg and pg-pool say these in words only.
  return /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/.test(
    error.message,
  );
}
