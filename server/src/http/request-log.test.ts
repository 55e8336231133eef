import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { LogController } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createLogStream, pieceBytes, registerRequestLog } from './request-log';

/** The log's cost on every request (ADR 062): one short line, written asynchronously. */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-request-log-'));
const opened: number[] = [];
afterEach(() => {
  for (const fd of opened.splice(0)) fs.closeSync(fd);
});

function logFile() {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.log`);
  const fd = fs.openSync(file, 'a');
  opened.push(fd);
  return { fd, read: () => fs.readFileSync(file, 'utf8') };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('the log stream', () => {
  it('writes lines a moment later, together, in order', async () => {
    const { fd, read } = logFile();
    const stream = createLogStream(fd);
    for (let i = 0; i < 3000; i++) stream.write(`{"level":30,"n":${i}}\n`);
    expect(read()).toBe('');
    // Fifteen writes one after another, the last after its gathering time: however busy the machine.
    const deadline = Date.now() + 5000;
    while (!read().includes('"n":2999}') && Date.now() < deadline) await settle();
    const lines = read().trim().split('\n');
    expect(lines).toHaveLength(3000);
    expect(lines.map((l) => (JSON.parse(l) as { n: number }).n)).toEqual([...Array(3000).keys()]);
  });

  it('keeps a few lines for more to share their write', async () => {
    const { fd, read } = logFile();
    // A gathering time no run reaches: what is written before it can only be a full piece.
    const stream = createLogStream(fd, 60_000);
    stream.write('{"level":30,"n":1}\n');
    await new Promise((resolve) => setImmediate(resolve));
    stream.write('{"level":30,"n":2}\n');
    await settle();
    expect(read()).toBe('');
    stream.flushSync();
    expect(read()).toBe('{"level":30,"n":1}\n{"level":30,"n":2}\n');
  });

  it('writes a few lines by themselves once their moment is over', async () => {
    const { fd, read } = logFile();
    const stream = createLogStream(fd);
    stream.write('{"level":30,"n":1}\n');
    const deadline = Date.now() + 5000;
    while (read() === '' && Date.now() < deadline) await settle();
    expect(read()).toBe('{"level":30,"n":1}\n');
  });

  it('writes an error line at once, with every line before it', () => {
    const { fd, read } = logFile();
    const stream = createLogStream(fd);
    stream.write('{"level":30,"msg":"before"}\n');
    stream.write('{"level":50,"msg":"request failed"}\n');
    expect(read()).toBe('{"level":30,"msg":"before"}\n{"level":50,"msg":"request failed"}\n');
    stream.write('{"level":60,"msg":"fatal"}\n');
    expect(read()).toContain('"fatal"');
  });

  it('writes to a pipe in pieces a pipe keeps whole, to a file in larger ones', async () => {
    const fifo = path.join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    // Read and write, so that opening it does not wait for a reader.
    const pipe = fs.openSync(fifo, fs.constants.O_RDWR | fs.constants.O_NONBLOCK);
    opened.push(pipe);
    expect(pieceBytes(pipe)).toBe(4096);
    expect(pieceBytes(logFile().fd)).toBe(65536);

    // A file's piece holds 64 KiB of lines: 300 lines of 200 bytes (fifteen pipe pieces) wait for
    // their moment, where a pipe's would have left at once.
    const { fd, read } = logFile();
    const stream = createLogStream(fd, 60_000);
    for (let n = 0; n < 300; n++)
      stream.write(`{"level":30,"n":${String(n).padStart(180, '0')}}\n`);
    await settle();
    expect(read()).toBe('');
    stream.flushSync();
    expect(read().trim().split('\n')).toHaveLength(300);
  });

  it('writes what waits when asked to, as the process does on exit', () => {
    const { fd, read } = logFile();
    const stream = createLogStream(fd);
    stream.write('{"level":30,"msg":"last words"}\n');
    stream.flushSync();
    expect(read()).toBe('{"level":30,"msg":"last words"}\n');
  });
});

describe('the request line', () => {
  async function appLogging(sample: number, level = 'info') {
    const { fd, read } = logFile();
    const stream = createLogStream(fd);
    const app = Fastify({
      logger: { level, stream },
      logController: new LogController({ disableRequestLogging: true }),
    });
    registerRequestLog(app, sample);
    app.get('/api/feed', async () => ({ items: [] }));
    app.post('/api/posts', async (_request, reply) => reply.code(201).send({ id: 'p1' }));
    await app.ready();
    const lines = async () => {
      stream.flushSync();
      await settle();
      return read()
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    };
    return { app, lines };
  }

  it('is one line a request: method, path without the query, status and time', async () => {
    const { app, lines } = await appLogging(1);
    await app.inject({ method: 'GET', url: '/api/feed?q=secret+code' });
    const logged = await lines();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      msg: 'request',
      method: 'GET',
      url: '/api/feed',
      status: 200,
    });
    expect(typeof logged[0]!.ms).toBe('number');
    expect(JSON.stringify(logged)).not.toContain('secret');
    await app.close();
  });

  it('with LOG_SAMPLE=0 leaves out successful GETs only', async () => {
    const { app, lines } = await appLogging(0);
    await app.inject({ method: 'GET', url: '/api/feed' });
    await app.inject({ method: 'GET', url: '/api/missing' });
    await app.inject({ method: 'POST', url: '/api/posts' });
    expect((await lines()).map((l) => `${String(l.method)} ${String(l.status)}`)).toEqual([
      'GET 404',
      'POST 201',
    ]);
    await app.close();
  });

  it('is not written at warn', async () => {
    const { app, lines } = await appLogging(1, 'warn');
    await app.inject({ method: 'GET', url: '/api/feed' });
    expect(await lines()).toEqual([]);
    await app.close();
  });
});
