import net from 'node:net';

/** How much of what the browser sends goes on at a time. */
const SLICE = 16 * 1024;

/**
 * A proxy in front of the server on 127.0.0.1:`port` that passes what the browser
 * sends at about `bytesPerSecond`, and the server's answers at full speed: a slow
 * upload over a real connection (Chromium's own emulation of one sometimes stalls
 * for good). Open the site on the proxy's port; cookies, which ignore ports, follow.
 */
export async function slowUploads(
  port: number,
  bytesPerSecond: number,
): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((browser) => {
    const server = net.connect(port, '127.0.0.1');
    for (const socket of [browser, server]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    browser.on('close', () => server.destroy());
    server.on('close', () => browser.destroy());
    server.pipe(browser);
    browser.on('data', (chunk: Buffer) => {
      browser.pause();
      void (async () => {
        for (let at = 0; at < chunk.length && !server.destroyed; at += SLICE) {
          const part = chunk.subarray(at, at + SLICE);
          server.write(part);
          await new Promise((resolve) =>
            setTimeout(resolve, (part.length / bytesPerSecond) * 1000),
          );
        }
        browser.resume();
      })();
    });
    browser.on('end', () => server.end());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    port: (proxy.address() as net.AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        proxy.close(() => resolve());
      }),
  };
}
