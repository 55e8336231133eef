import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';

/**
 * The log's cost on every request (ADR 062). Fastify's own request logging
 * writes two lines a request, each with the whole request described, and pino
 * writes each line with a system call of its own: at `info` to a file that
 * made the cached feed about half as fast again as at `warn`. Instead: one
 * short line a request, written with the others of the same moment in one
 * asynchronous write; a line at `error` or above is written at once, with
 * everything before it, so that a crash just after it does not lose it.
 */

/** The most a pipe takes in one write without another process's write landing inside it (Linux PIPE_BUF). */
const ATOMIC_BYTES = 4096;

export interface LogStream {
  write(line: string): void;
  /** Writes everything waiting, now (before exit, after an error line). */
  flushSync(): void;
}

/**
 * Lines to `fd`, gathered while a write is on its way and written together in
 * pieces of whole lines no larger than a pipe writes at once, so that the
 * lines of several processes sharing one stdout (WEB_CONCURRENCY) never mix.
 */
export function createLogStream(fd = 1): LogStream {
  let waiting: string[] = [];
  let writing = false;

  /** The next piece: whole lines, at most ATOMIC_BYTES unless one line is longer. */
  const nextPiece = (): Buffer => {
    let bytes = 0;
    let count = 0;
    while (count < waiting.length) {
      const size = Buffer.byteLength(waiting[count]!);
      if (count > 0 && bytes + size > ATOMIC_BYTES) break;
      bytes += size;
      count++;
    }
    const piece = Buffer.from(waiting.slice(0, count).join(''));
    waiting = waiting.slice(count);
    return piece;
  };

  const writeNext = () => {
    if (waiting.length === 0) {
      writing = false;
      return;
    }
    const piece = nextPiece();
    fs.write(fd, piece, 0, piece.length, null, (error, written) => {
      if (error && error.code !== 'EAGAIN') {
        // The log cannot be written (a closed pipe): what waits is dropped, not held forever.
        waiting = [];
        writing = false;
        return;
      }
      const rest = error ? piece : piece.subarray(written);
      if (rest.length > 0) waiting.unshift(rest.toString());
      if (error) setTimeout(writeNext, 10);
      else writeNext();
    });
  };

  const flushSync = () => {
    while (waiting.length > 0) {
      const piece = nextPiece();
      let offset = 0;
      while (offset < piece.length) {
        try {
          offset += fs.writeSync(fd, piece, offset);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') {
            waiting = [];
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
      writing = true;
      // Lines logged in the same turn of the event loop leave in one write.
      setImmediate(writeNext);
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
