import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * How often the write-ahead log is copied back into the database file. At
 * SQLite's default (a checkpoint when a commit leaves 1,000 pages in the log)
 * a busy site wrote that many pages about once a second, and the commit that
 * crossed the line copied them and synced the file on the event loop: 6–8 ms
 * of every request waiting, each time (ADR 070).
 */
export const CHECKPOINT_EVERY_MS = 1000;

/**
 * The worker's code: its own connection to the file, a passive checkpoint on
 * a timer. A passive checkpoint copies what no reader still needs and never
 * waits for, or blocks, a reader or a writer of the app's connection; one that
 * finds the file busy tries again at the next tick.
 */
const CHECKPOINTER = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 0');
const tick = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or gone: the next tick tries again; the app's own connection is unaffected.
  }
};
setInterval(tick, workerData.everyMs);
`;

/** The checkpoints of a SQLite file in WAL mode, made on a thread of their own. */
export interface Checkpointer {
  /** Ends the thread and its connection (a last checkpoint is the app's to make, on close). */
  stop(): Promise<void>;
}

/**
 * Starts checkpointing `file` every `everyMs` on a worker thread, so the app's
 * connection (whose automatic checkpoints are then turned off) never copies
 * the log while a request waits.
 */
export function startCheckpointer(file: string, everyMs = CHECKPOINT_EVERY_MS): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(CHECKPOINTER, { eval: true, workerData: { driver, file, everyMs } });
  // The thread never keeps the process alive; a failure in it only ends the checkpoints.
  worker.unref();
  worker.on('error', () => undefined);
  return {
    async stop() {
      await worker.terminate();
    },
  };
}
