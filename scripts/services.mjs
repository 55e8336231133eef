// Finds the outside services the test tiers can use on this machine.
import fs from 'node:fs';
import net from 'node:net';

function reachable(host, port, timeout = 1500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeout, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function postgres() {
  const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const { hostname, port } = new URL(url);
  if (!(await reachable(hostname, Number(port || 5432)))) return null;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

async function redis() {
  const url = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
  const { hostname, port } = new URL(url);
  return (await reachable(hostname, Number(port || 6379))) ? url : null;
}

function chromium() {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  return fs.existsSync(candidate) ? candidate : null;
}

export async function serviceStatus() {
  const [pg, rd] = await Promise.all([postgres(), redis()]);
  return { postgres: pg, redis: rd, chromium: chromium() };
}
