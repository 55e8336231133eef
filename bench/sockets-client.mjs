// Opens one authenticated WebSocket per cookie to /api/live and holds them
// open until told to stop: the idle sockets of bench/messages.ts, in a process
// of their own so that the server's memory is measured without them.
import fs from 'node:fs';
import WebSocket from 'ws';

const [url, cookieFile, host] = process.argv.slice(2);
const cookies = JSON.parse(fs.readFileSync(cookieFile, 'utf8'));
const sockets = [];
let open = 0;
let failed = 0;
const BATCH = 200;
for (let i = 0; i < cookies.length; i += BATCH) {
  await Promise.all(
    cookies.slice(i, i + BATCH).map(
      (cookie) =>
        new Promise((resolve) => {
          const ws = new WebSocket(url, { headers: { cookie, host } });
          sockets.push(ws);
          ws.once('open', () => {
            open++;
            resolve();
          });
          ws.once('error', () => {
            failed++;
            resolve();
          });
          ws.once('close', () => resolve());
        }),
    ),
  );
}
process.send?.({ open, failed });
process.on('message', () => {
  for (const ws of sockets) ws.terminate();
  process.exit(0);
});
