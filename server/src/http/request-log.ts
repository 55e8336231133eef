import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';

/**
 * The log's cost on every request (ADR 062). Fastify's own request logging
 * writes two lines a request, each with the whole request described, and pino
 * writes each line with a system call of its own: at `info` to a file that
 * made the cached feed about half as fast again as at `warn`. Instead: one
 * short line a request, gathered with the others of the next few
 * milliseconds into one asynchronous write of up to a pipe's atomic size; a
 * line at `error` or above is written at once, with everything before it, so
 * that a crash just after it does not lose it.
 */

/** The most a pipe takes in one write without another process's write landing inside it (Linux PIPE_BUF). */
const ATOMIC_BYTES = 4096;

/**
 * A piece to a regular file: Linux writes each `write` to a file whole, at
 * the file's end, before another process's write begins, whatever its size;
 * and one write of 64 KiB costs about twice one of 4 KiB (docs/benchmarks.md,
 * "The request log's pieces to a file").
 */
const FILE_PIECE_BYTES = 65536;

/** The largest piece that reaches `fd` whole: a file takes more than a pipe or a socket. */
export function pieceBytes(fd: number): number {
  try {
    return fs.fstatSync(fd).isFile() ? FILE_PIECE_BYTES : ATOMIC_BYTES;
  } catch {
    return ATOMIC_BYTES;
  }
}

/**
 * The longest a line waits for others to share its write: under load a
 * write then carries a full piece instead of the few lines of one turn of
 * the event loop, and each write is a hand-over to libuv's thread pool.
 */
const GATHER_MS = 20;

export interface LogStream {
  write(line: string): void;
  /** Writes everything waiting, now (before exit, after an error line). */
  flushSync(): void;
}

/** Lines waiting, taken in pieces of whole lines of at most `maxBytes` (unless one line is longer). */
function lineQueue(maxBytes: number) {
  let lines: string[] = [];
  /** The characters waiting: about their bytes, for when a piece is full. */
  let length = 0;
  return {
    get length() {
      return length;
    },
    get empty() {
      return lines.length === 0;
    },
    push(line: string) {
      lines.push(line);
      length += line.length;
    },
    /** Text a write left over, first in line again. */
    putBack(text: string) {
      lines.unshift(text);
      length += text.length;
    },
    clear() {
      lines = [];
      length = 0;
    },
    nextPiece(): Buffer {
      let bytes = 0;
      let count = 0;
      while (count < lines.length) {
        const size = Buffer.byteLength(lines[count]!);
        if (count > 0 && bytes + size > maxBytes) break;
        bytes += size;
        count++;
      }
      const text = lines.slice(0, count).join('');
      lines = lines.slice(count);
      length -= text.length;
      return Buffer.from(text);
    },
  };
}

/**
 * Lines to `fd`, gathered for up to `gatherMs` or while a write is on its way,
 * and written together in pieces of whole lines no larger than a pipe writes
 * at once (a file takes larger ones: FILE_PIECE_BYTES), so that the lines of
 * several processes sharing one stdout (WEB_CONCURRENCY) never mix.
 */
export function createLogStream(fd = 1, gatherMs = GATHER_MS): LogStream {
  const pieceSize = pieceBytes(fd);
  const waiting = lineQueue(pieceSize);
  let writing = false;
  let timer: NodeJS.Timeout | undefined;

  const writeNext = () => {
    // Less than a piece waits for more lines: the timer writes it.
    if (waiting.length < pieceSize) {
      writing = false;
      if (!waiting.empty) gather();
      return;
    }
    send(waiting.nextPiece());
  };

  /** Writes what waits after `gatherMs`, unless a write or a timer is on its way. */
  const gather = () => {
    if (writing || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (writing || waiting.empty) return;
      writing = true;
      send(waiting.nextPiece());
    }, gatherMs);
  };

  /** One piece, asynchronously; then the next, if a whole one waits. */
  const send = (piece: Buffer) => {
    fs.write(fd, piece, 0, piece.length, null, (error, written) => {
      if (error && error.code !== 'EAGAIN') {
        // The log cannot be written (a closed pipe): what waits is dropped, not held forever.
        waiting.clear();
        writing = false;
        return;
      }
      const rest = error ? piece : piece.subarray(written);
      if (rest.length > 0) waiting.putBack(rest.toString());
      if (error) setTimeout(() => send(waiting.nextPiece()), 10);
      else writeNext();
    });
  };

  const flushSync = () => {
    clearTimeout(timer);
    timer = undefined;
    while (!waiting.empty) {
      const piece = waiting.nextPiece();
      let offset = 0;
      while (offset < piece.length) {
        try {
          offset += fs.writeSync(fd, piece, offset);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') {
            waiting.clear();
            return;
          }
        }
      }
    }
  };

  return {
    write(line) {
      waiting.push(line);
      // pino writes the level first: `{"level":50` is error, 60 fatal.
      if (line.charCodeAt(9) >= 53 && line.startsWith('{"level":')) return flushSync();
      if (writing) return;
      if (waiting.length < pieceSize) return gather();
      // A full piece leaves once this turn of the event loop is done.
      clearTimeout(timer);
      timer = undefined;
      writing = true;
      setImmediate(() => send(waiting.nextPiece()));
    },
    flushSync,
  };
}

let stdout: LogStream | undefined;

/** pino's levels by name; `info` is 30. */
const LEVELS: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};

/** The process's one stream to stdout, written out before the process exits. */
export function stdoutLogStream(): LogStream {
  if (!stdout) {
    const stream = createLogStream(1);
    process.on('exit', () => stream.flushSync());
    stdout = stream;
  }
  return stdout;
}

/**
 * One line a request, when it is answered: method, path (never the query,
 * which may carry a code or a search), status, milliseconds and the signed-in
 * student's id. With `sample` below 1, successful GETs are logged at that
 * rate; every other request always is.
 */
export function registerRequestLog(app: FastifyInstance, sample: number): void {
  if ((LEVELS[app.log.level] ?? Infinity) > 30) return;
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    if (sample < 1 && status < 400 && request.method === 'GET' && Math.random() >= sample)
      return done();
    const query = request.url.indexOf('?');
    request.log.info(
      {
        method: request.method,
        url: query < 0 ? request.url : request.url.slice(0, query),
        status,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        user: request.user?.id,
      },
      'request',
    );
    done();
  });
}
