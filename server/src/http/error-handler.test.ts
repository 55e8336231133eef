import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES } from '@common/messages';
import { createTestApp } from '../../test/app';

const ctx = await createTestApp();
afterAll(() => ctx.close());

/** Sends `request` as raw bytes to the listening app; resolves with what came back before it closed. */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? resolve(answer) : reject(error),
    );
    socket.write(request);
  });
}

function parse(answer: string): { status: number; type: string; body: unknown } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return {
    status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]),
    type: /content-type: ([^\r\n]+)/i.exec(head)?.[1] ?? '',
    body: JSON.parse(body),
  };
}

describe('refusals before any route runs keep the one error body', () => {
  it('answers a path that is not valid percent-encoding 400', async () => {
    for (const url of ['/home/%ff', '/api/posts/%ff', '/%E0%A4%A']) {
      const res = await ctx.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        error: { code: 'bad_url', message: HTTP_MESSAGES.badUrl },
      });
    }
  });

  it('answers a path parameter longer than the router takes 414', async () => {
    const res = await ctx.app.inject({ url: `/api/posts/${'a'.repeat(500)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({
      error: { code: 'uri_too_long', message: HTTP_MESSAGES.uriTooLong },
    });
  });

  it("answers what Node's parser refuses (headers or an address too large, bad bytes) in JSON", async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as net.AddressInfo;
    const tooLarge = {
      error: { code: 'headers_too_large', message: HTTP_MESSAGES.headersTooLarge },
    };
    const headers = parse(
      await raw(
        port,
        `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      ),
    );
    expect(headers).toEqual({
      status: 431,
      type: 'application/json; charset=utf-8',
      body: tooLarge,
    });
    const address = parse(
      await raw(port, `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`),
    );
    expect(address.status).toBe(431);
    expect(address.body).toEqual(tooLarge);
    const garbage = parse(await raw(port, 'NOT HTTP AT ALL\r\n\r\n'));
    expect(garbage).toEqual({
      status: 400,
      type: 'application/json; charset=utf-8',
      body: { error: { code: 'bad_request', message: HTTP_MESSAGES.badRequest } },
    });
  });
});
